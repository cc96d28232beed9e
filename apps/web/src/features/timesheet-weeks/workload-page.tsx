import ArrowDownwardRounded from '@mui/icons-material/ArrowDownwardRounded';
import ArrowUpwardRounded from '@mui/icons-material/ArrowUpwardRounded';
import CheckRounded from '@mui/icons-material/CheckRounded';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { USER_SEARCH_DEBOUNCE_MS, WORKLOAD_PAGE_SIZE, type Workload } from '@taskhive/contract';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../api/errors';
import { AddressSearchField } from '../../components/address-search-field';
import { EmptyState } from '../../components/empty-state';
import { ErrorPanel } from '../../components/error-panel';
import { PageHeader } from '../../components/page-header';
import { TableScroll } from '../../components/table-scroll';
import { useSession } from '../../hooks/use-session';
import { DepartmentSelect, ProjectSelect } from './filters';
import { useTimesheetWorkloadQuery } from './timesheet-weeks-api';
import { dayParam, hoursLabel } from './week-days';
import { WeekNav } from './week-nav';

type Row = Workload['rows'][number];

const LOAD = {
  under: { label: 'Under', color: 'default', Icon: ArrowDownwardRounded },
  ok: { label: 'OK', color: 'success', Icon: CheckRounded },
  over: { label: 'Over', color: 'error', Icon: ArrowUpwardRounded },
} as const;

/** A labelled bar: `minutes` against the scale `max`, its figure written beside it. */
function Bar({
  label,
  minutes,
  max,
  color,
}: {
  label: string;
  minutes: number;
  max: number;
  color: 'primary' | 'secondary' | 'inherit';
}) {
  const value = max > 0 ? Math.min(100, (minutes / max) * 100) : 0;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Typography variant="caption" sx={{ width: 56, flexShrink: 0 }}>
        {label}
      </Typography>
      <Box sx={{ flex: 1, minWidth: 48 }}>
        <LinearProgress
          variant="determinate"
          value={value}
          color={color}
          aria-label={`${label}: ${hoursLabel(minutes)}`}
          sx={{ height: 8, borderRadius: 1 }}
        />
      </Box>
      <Typography variant="caption" sx={{ width: 52, textAlign: 'right', flexShrink: 0 }}>
        {hoursLabel(minutes)}
      </Typography>
    </Stack>
  );
}

function LoadChip({ row }: { row: Row }) {
  const { label, color, Icon } = LOAD[row.load];
  return (
    <Chip
      size="small"
      variant={row.load === 'over' ? 'filled' : 'outlined'}
      color={color}
      icon={<Icon />}
      label={label}
    />
  );
}

/**
 * /app/timesheets/workload: per person for one week (`?week=`), for a department (`?department=`)
 * or a project (`?project=`), a page of people at a time (`?page=`, by last name) found by name
 * (`?q=`): capacity, planned (estimates of their open tasks due that week) and logged, as bars on
 * one scale for the rows shown, with over and under written out, not only coloured. Any change
 * but the page goes back to the first page.
 */
export default function WorkloadPage() {
  const [params, setParams] = useSearchParams();
  const { can } = useSession();
  const seesDepartments = can({ anyOf: ['department:read:all'] });
  const week = dayParam(params.get('week'));
  const by = params.get('by') === 'project' ? 'project' : 'department';
  const departmentId = params.get('department') ?? '';
  const projectId = params.get('project') ?? '';
  const search = params.get('q') ?? '';
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const { data, error, isLoading, isFetching, refetch } = useTimesheetWorkloadQuery({
    ...(week ? { weekStart: week } : {}),
    ...(by === 'department' && departmentId ? { departmentId } : {}),
    ...(by === 'project' && projectId ? { projectId } : {}),
    ...(search ? { search } : {}),
    page,
    pageSize: WORKLOAD_PAGE_SIZE,
  });
  const update = (patch: Record<string, string | undefined>, replace = false) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!('page' in patch)) next.delete('page');
    setParams(next, { replace, preventScrollReset: true });
  };
  // A page past the last (people left, a shared link): the last page instead of an empty one,
  // once the answer for this address is in (not a previous address's while fetching).
  const lastPage = data && !isFetching ? data.totalPages : 0;
  useEffect(() => {
    if (lastPage > 0 && page > lastPage)
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          next.set('page', String(lastPage));
          return next;
        },
        { replace: true },
      );
  }, [lastPage, page, setParams]);

  const rows = data?.rows ?? [];
  const max = Math.max(1, ...rows.flatMap((r) => [r.capacityMinutes, r.plannedMinutes, r.loggedMinutes]));
  let body;
  if (isLoading) body = <LinearProgress aria-label="Loading the workload" />;
  else if (error)
    body = (
      <ErrorPanel
        message={errorMessage(error, 'The workload could not be loaded')}
        onRetry={() => void refetch()}
      />
    );
  else if (rows.length === 0 && search)
    body = (
      <EmptyState
        title={`No one matches “${search}”`}
        description="Check the spelling, or clear the search to see everyone for this choice."
      />
    );
  else if (rows.length === 0) body = <EmptyState title="Nobody to show for this choice" />;
  else
    body = (
      <Paper variant="outlined">
        {isFetching && <LinearProgress aria-label="Updating the workload" />}
        <TableScroll label="Workload">
          <Table size="small" aria-label="Workload">
            <TableHead>
              <TableRow>
                <TableCell>Person</TableCell>
                <TableCell sx={{ minWidth: 220 }}>Capacity, planned and logged</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.userId} data-testid="workload-row">
                  <TableCell>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {r.userName}
                    </Typography>
                    {r.departmentName && (
                      <Typography variant="caption" color="text.secondary" component="div">
                        {r.departmentName}
                      </Typography>
                    )}
                    <Stack direction="row" sx={{ mt: 0.5 }}>
                      <LoadChip row={r} />
                    </Stack>
                  </TableCell>
                  <TableCell>
                    <Stack spacing={0.5}>
                      <Bar label="Capacity" minutes={r.capacityMinutes} max={max} color="inherit" />
                      <Bar label="Planned" minutes={r.plannedMinutes} max={max} color="secondary" />
                      <Bar label="Logged" minutes={r.loggedMinutes} max={max} color="primary" />
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableScroll>
        <TablePagination
          component="div"
          count={data?.totalCount ?? 0}
          page={Math.min(page, Math.max(1, data?.totalPages ?? 1)) - 1}
          rowsPerPage={WORKLOAD_PAGE_SIZE}
          rowsPerPageOptions={[]}
          onPageChange={(_e, p) => update({ page: p > 0 ? String(p + 1) : undefined })}
        />
      </Paper>
    );

  return (
    <Stack spacing={3}>
      <PageHeader
        title="Workload"
        subtitle="Planned work (estimates of open tasks due that week) and logged time against each person's capacity."
      />
      <Paper variant="outlined" sx={{ p: 1.5 }}>
        {/* A gap, not margins: a wrapped filter keeps its distance (the search's floating label
            touched the select above it). */}
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          useFlexGap
          sx={{ alignItems: { md: 'center' }, flexWrap: 'wrap' }}
        >
          {data && (
            <WeekNav
              weekStart={data.weekStart}
              weekEnd={data.weekEnd}
              onChange={(d) => update({ week: d })}
            />
          )}
          <ToggleButtonGroup
            size="small"
            exclusive
            value={by}
            onChange={(_e, v: 'department' | 'project' | null) =>
              v && update({ by: v === 'project' ? 'project' : undefined })
            }
            aria-label="Group by"
          >
            <ToggleButton value="department">Department</ToggleButton>
            <ToggleButton value="project">Project</ToggleButton>
          </ToggleButtonGroup>
          {(by === 'project' || seesDepartments) && (
            <Box sx={{ display: 'grid', width: { xs: '100%', md: 260 } }}>
              {by === 'department' ? (
                <DepartmentSelect
                  enabled={seesDepartments}
                  value={departmentId}
                  onChange={(id) => update({ department: id })}
                  allLabel="All I can see"
                />
              ) : (
                <ProjectSelect
                  value={projectId}
                  onChange={(id) => update({ project: id })}
                  allLabel="Choose a project"
                />
              )}
            </Box>
          )}
          {/* The address follows once typing stops, as the board's search. */}
          <AddressSearchField
            value={search}
            onSearch={(q) => update({ q }, true)}
            label="Search people"
            placeholder="First or last name"
            debounceMs={USER_SEARCH_DEBOUNCE_MS}
            trim
            sx={{ width: { xs: '100%', md: 240 } }}
          />
        </Stack>
      </Paper>
      {body}
    </Stack>
  );
}
