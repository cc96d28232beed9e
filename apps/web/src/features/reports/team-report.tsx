import DownloadRounded from '@mui/icons-material/DownloadRounded';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatDuration, MESSAGES, TEAM_REPORT_MESSAGES, type TeamReportMember } from '@taskhive/contract';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useListProjectsQuery, DEFAULT_PROJECT_QUERY } from '../../api/projects-api';
import { useListDepartmentsQuery } from '../../api/departments-api';
import { errorMessage } from '../../api/errors';
import { EmptyState } from '../../components/empty-state';
import { ErrorPanel } from '../../components/error-panel';
import { MainCard } from '../../components/main-card';
import { SortableTableHead, type SortableColumn } from '../../components/sortable-table-head';
import { useAuthedDownload } from '../../hooks/use-authed-download';
import { useToast } from '../../hooks/use-toast';
import { EstimateFigure } from './estimate-figure';
import { filterWidth, PeriodFields, SummaryCards, useReportParams } from './report-period';
import { useTeamReportQuery } from './reports-api';
import { TableScroll } from '../../components/table-scroll';

/** Options of the department and project filters: the first page is plenty for a picker. */
const OPTIONS = 200;
const ROWS = 25;
/** A figure's cells: narrow, so a company's every status fits beside the names at 1440 px. */
const figureCell = { px: 1 } as const;
/**
 * A figure's heading: right-aligned over its numbers. Its sort arrow takes room only once the
 * column is sorted (an unsorted heading's hidden arrow kept ~22 px per column, and the eleven
 * figures of a company's statuses pushed the estimate off the card at 1440 px).
 */
const figure = {
  ...figureCell,
  textAlign: 'right',
  '& .MuiTableSortLabel-root:not(.Mui-active) .MuiTableSortLabel-icon': { display: 'none' },
} as const;
/**
 * A status's heading: wraps onto two lines in a narrow column ('Not Started', 'Under Review'), so
 * a company's every status, the totals and the estimate fit beside the names at 1440 px.
 */
const statusHeading = { ...figure, maxWidth: 84, lineHeight: 1.25, overflowWrap: 'normal' } as const;
/** The member column stays in view while the figures scroll sideways (a phone). */
const pinned = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  minWidth: 140,
} as const;

/** A sort key: a named column, or a status column (`status:<id|none>`). */
type SortKey = 'name' | 'department' | 'tasks' | 'done' | 'hours' | 'estimated' | `status:${string}`;
const statusKey = (statusId: string | null) => `status:${statusId ?? 'none'}` as const;

function sortValue(m: TeamReportMember, key: SortKey): string | number {
  switch (key) {
    case 'name':
      return m.userName.toLowerCase();
    case 'department':
      return (m.departmentName ?? '').toLowerCase();
    case 'tasks':
      return m.taskCount;
    case 'done':
      return m.doneCount;
    case 'hours':
      return m.minutes;
    case 'estimated':
      return m.estimatedMinutes;
    default:
      return m.byStatus.find((s) => statusKey(s.statusId) === key)?.taskCount ?? 0;
  }
}

/**
 * /app/reports?view=team: every member (of the company, or of a department or project) with
 * their tasks by status, done tasks and hours in the period; the team's sums on top; a row opens
 * the member's report. Sorting and pages are the browser's: the report is one answer.
 */
export default function TeamReport() {
  const { params, from, to, set } = useReportParams();
  const toast = useToast();
  const download = useAuthedDownload();
  const departmentId = params.get('department') ?? '';
  const projectId = params.get('project') ?? '';
  const sortBy = (params.get('sort') ?? 'name') as SortKey;
  const sortOrder = params.get('order') === 'desc' ? 'desc' : 'asc';
  const [page, setPage] = useState(0);
  const query = {
    startDateTo: from,
    endDateTo: to,
    ...(departmentId ? { departmentId } : {}),
    ...(projectId ? { projectId } : {}),
  };
  const report = useTeamReportQuery(query);
  const departments = useListDepartmentsQuery({
    page: 1,
    pageSize: OPTIONS,
    sortBy: 'name',
    sortOrder: 'asc',
  });
  const projects = useListProjectsQuery({
    ...DEFAULT_PROJECT_QUERY,
    pageSize: OPTIONS,
    sortBy: 'name',
    sortOrder: 'asc',
  });

  const rows = useMemo(() => {
    const list = [...(report.data?.members ?? [])];
    const dir = sortOrder === 'asc' ? 1 : -1;
    return list.sort((a, b) => {
      const x = sortValue(a, sortBy);
      const y = sortValue(b, sortBy);
      if (x < y) return -dir;
      if (x > y) return dir;
      return a.userName.localeCompare(b.userName);
    });
  }, [report.data, sortBy, sortOrder]);

  const change = (changes: Parameters<typeof set>[0]) => {
    setPage(0);
    set(changes);
  };
  // From the address as it is now (a quick second click toggles the first's order).
  const onSort = (key: SortKey) =>
    change((now) => ({
      sort: key,
      order: (now.get('sort') ?? 'name') === key && now.get('order') !== 'desc' ? 'desc' : 'asc',
    }));

  const exportCsv = async () => {
    const qs = new URLSearchParams({ startDateTo: from, endDateTo: to });
    if (departmentId) qs.set('departmentId', departmentId);
    if (projectId) qs.set('projectId', projectId);
    try {
      await download(`/api/taskreports/team/export.csv?${qs.toString()}`, `team-report-${from}-${to}.csv`);
    } catch {
      toast.error(TEAM_REPORT_MESSAGES.exportFailed);
    }
  };

  const memberLink = (userId: string) => {
    const qs = new URLSearchParams({ view: 'member', member: userId, from, to });
    return `?${qs.toString()}`;
  };

  const statuses = report.data?.statuses ?? [];
  const columns: SortableColumn<SortKey>[] = [
    { id: 'name', label: 'Member', sx: pinned },
    { id: 'department', label: 'Department' },
    ...statuses.map((s) => ({ id: statusKey(s.statusId), label: s.statusName, sx: statusHeading })),
    { id: 'tasks', label: 'Tasks', sx: figure },
    { id: 'done', label: 'Done', sx: figure },
    { id: 'hours', label: 'Hours', sx: figure },
    { id: 'estimated', label: 'Estimated', sx: figure },
  ];
  const data = report.data;

  return (
    <Stack spacing={2.5}>
      <MainCard>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={1.5}
          sx={{ alignItems: { md: 'center' }, flexWrap: 'wrap' }}
          useFlexGap
        >
          <PeriodFields from={from} to={to} onChange={(p) => change(p)} />
          <TextField
            select
            size="small"
            label="Department"
            value={departmentId}
            onChange={(e) => change({ department: e.target.value })}
            sx={filterWidth(220)}
          >
            <MenuItem value="">All departments</MenuItem>
            {(departments.data?.items ?? []).map((d) => (
              <MenuItem key={d.deptId} value={d.deptId}>
                {d.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label="Project"
            value={projectId}
            onChange={(e) => change({ project: e.target.value })}
            sx={filterWidth(220)}
          >
            <MenuItem value="">All projects</MenuItem>
            {(projects.data?.items ?? []).map((p) => (
              <MenuItem key={p.projectId} value={p.projectId}>
                {p.name}
              </MenuItem>
            ))}
          </TextField>
          <Stack sx={{ flexGrow: 1 }} />
          <Button startIcon={<DownloadRounded />} onClick={() => void exportCsv()}>
            Export CSV
          </Button>
        </Stack>
      </MainCard>
      {report.error ? (
        <ErrorPanel
          message={errorMessage(report.error, MESSAGES.reports.loadFailed)}
          onRetry={() => void report.refetch()}
        />
      ) : !data ? (
        <LinearProgress aria-label="Loading the team report" />
      ) : (
        <>
          <SummaryCards
            items={[
              { label: 'Members', value: data.summary.members },
              { label: 'Tasks', value: data.summary.taskCount },
              { label: 'Done', value: data.summary.doneCount },
              { label: 'Hours', value: formatDuration(data.summary.minutes) },
              { label: 'Estimated', value: formatDuration(data.summary.estimatedMinutes) },
            ]}
          />
          <MainCard
            title="Members"
            subheader="Tasks assigned to each member whose dates overlap the period, or that they logged time on in it; hours logged in the period; the estimates of those tasks."
          >
            {rows.length === 0 ? (
              <EmptyState title="No members match these filters" />
            ) : (
              <>
                <TableScroll label="Team report">
                  <Table size="small" aria-label="Team report">
                    <SortableTableHead
                      columns={columns}
                      sortBy={sortBy}
                      sortOrder={sortOrder}
                      onSort={onSort}
                    />
                    <TableBody>
                      {rows.slice(page * ROWS, page * ROWS + ROWS).map((m) => (
                        <TableRow key={m.userId} hover>
                          <TableCell sx={pinned}>
                            <Link component={RouterLink} to={memberLink(m.userId)}>
                              {m.userName}
                            </Link>
                          </TableCell>
                          <TableCell sx={{ whiteSpace: 'nowrap' }}>
                            {m.departmentName ?? (
                              <Typography component="span" variant="body2" color="text.secondary">
                                —
                              </Typography>
                            )}
                          </TableCell>
                          {m.byStatus.map((s) => (
                            <TableCell key={s.statusId ?? 'none'} align="right" sx={figureCell}>
                              {s.taskCount}
                            </TableCell>
                          ))}
                          <TableCell align="right" sx={figureCell}>
                            {m.taskCount}
                          </TableCell>
                          <TableCell align="right" sx={figureCell}>
                            {m.doneCount}
                          </TableCell>
                          <TableCell align="right" sx={{ ...figureCell, whiteSpace: 'nowrap' }}>
                            {formatDuration(m.minutes)}
                          </TableCell>
                          <TableCell align="right" sx={{ ...figureCell, whiteSpace: 'nowrap' }}>
                            <EstimateFigure minutes={m.estimatedMinutes} />
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </TableScroll>
                {rows.length > ROWS && (
                  <TablePagination
                    component="div"
                    count={rows.length}
                    page={page}
                    onPageChange={(_e, p: number) => setPage(p)}
                    rowsPerPage={ROWS}
                    rowsPerPageOptions={[ROWS]}
                  />
                )}
              </>
            )}
          </MainCard>
        </>
      )}
    </Stack>
  );
}
