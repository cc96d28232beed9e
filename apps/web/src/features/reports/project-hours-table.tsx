import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatDuration, type HoursReport } from '@taskhive/contract';
import { TableScroll } from '../../components/table-scroll';
import { EstimateFigure } from './estimate-figure';

/** A figure: never broken; its heading may wrap (two words), so a phone keeps room for the name. */
const figure = { whiteSpace: 'nowrap', px: 1 } as const;
const heading = { px: 1, width: 96 } as const;

/**
 * The hours report's projects as rows (issue 25): the hours logged in the period beside the
 * project's whole estimate (the project overview's figure), so a reader sees both in one place.
 * The report lists the projects with the most hours (issue 28); when there are more, a last row
 * sums them ("12 more projects") and, given `onDownloadAll`, offers every project as CSV.
 */
export function ProjectHoursTable({
  report,
  onDownloadAll,
}: {
  report: Pick<HoursReport, 'byProject' | 'projectCount' | 'otherProjectsMinutes'>;
  /** Downloads every project of the report as CSV (the "more" row's action). */
  onDownloadAll?: () => void;
}) {
  const rows = report.byProject;
  const more = report.projectCount - rows.length;
  return (
    <TableScroll label="Hours and estimates by project">
      <Table size="small" aria-label="Hours and estimates by project">
        <TableHead>
          <TableRow>
            <TableCell>Project</TableCell>
            <TableCell align="right" sx={heading}>
              Logged in period
            </TableCell>
            <TableCell align="right" sx={heading}>
              Project estimate
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((p) => (
            <TableRow key={p.projectId}>
              <TableCell sx={{ minWidth: 120, overflowWrap: 'break-word' }}>{p.projectName}</TableCell>
              <TableCell align="right" sx={figure}>
                {formatDuration(p.minutes)}
              </TableCell>
              <TableCell align="right" sx={figure}>
                <EstimateFigure minutes={p.estimatedMinutes} />
              </TableCell>
            </TableRow>
          ))}
          {more > 0 && (
            <TableRow>
              <TableCell sx={{ color: 'text.secondary' }}>
                {onDownloadAll ? (
                  <Link
                    component="button"
                    type="button"
                    variant="body2"
                    onClick={onDownloadAll}
                    sx={{ textAlign: 'left' }}
                  >
                    {more} more {more === 1 ? 'project' : 'projects'} — download all as CSV
                  </Link>
                ) : (
                  `${more} more ${more === 1 ? 'project' : 'projects'}`
                )}
              </TableCell>
              <TableCell align="right" sx={{ ...figure, color: 'text.secondary' }}>
                {formatDuration(report.otherProjectsMinutes)}
              </TableCell>
              <TableCell />
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableScroll>
  );
}
