import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatDuration, type HoursReport } from '@taskhive/contract';
import { TableScroll } from '../../components/table-scroll';
import { EstimateFigure } from './estimate-figure';

const figure = { whiteSpace: 'nowrap', px: 1 } as const;

/**
 * The hours report's projects as rows (issue 25): the hours logged in the period beside the
 * project's whole estimate (the project overview's figure), so a reader sees both in one place.
 */
export function ProjectHoursTable({ rows }: { rows: HoursReport['byProject'] }) {
  return (
    <TableScroll label="Hours and estimates by project">
      <Table size="small" aria-label="Hours and estimates by project">
        <TableHead>
          <TableRow>
            <TableCell>Project</TableCell>
            <TableCell align="right" sx={figure}>
              Logged in period
            </TableCell>
            <TableCell align="right" sx={figure}>
              Project estimate
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((p) => (
            <TableRow key={p.projectId}>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{p.projectName}</TableCell>
              <TableCell align="right" sx={figure}>
                {formatDuration(p.minutes)}
              </TableCell>
              <TableCell align="right" sx={figure}>
                <EstimateFigure minutes={p.estimatedMinutes} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableScroll>
  );
}
