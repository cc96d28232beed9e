import DownloadRounded from '@mui/icons-material/DownloadRounded';
import EventNoteRounded from '@mui/icons-material/EventNoteRounded';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  formatDuration,
  type HoursCsvBy,
  MESSAGES,
  REPORT_DEFAULT_DAYS,
  type ReportPerson,
  TEAM_REPORT_MESSAGES,
} from '@taskhive/contract';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/errors';
import { EmptyState } from '../../components/empty-state';
import { ErrorPanel } from '../../components/error-panel';
import { MainCard } from '../../components/main-card';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { useAuthedDownload } from '../../hooks/use-authed-download';
import { useSession } from '../../hooks/use-session';
import { useToast } from '../../hooks/use-toast';
import { ProjectHoursTable } from './project-hours-table';
import { ReportPersonPicker } from './report-person-picker';
import { useHoursReportQuery, useUserTasksByStatusQuery } from './reports-api';

const charts = () => import('./report-charts');
const TasksByStatusChart = lazy(() => charts().then((m) => ({ default: m.TasksByStatusChart })));
const HoursByProjectChart = lazy(() => charts().then((m) => ({ default: m.HoursByProjectChart })));
const HoursByDayChart = lazy(() => charts().then((m) => ({ default: m.HoursByDayChart })));

const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
function daysAgo(n: number) {
  const d = new Date();
  d.setDate(d.getDate() - n);
  return dayOf(d);
}

const chartFallback = <LinearProgress aria-label="Loading chart" />;

/**
 * The views as links (the address says which one is shown). Links, not MUI Tabs: sharing Tabs with
 * the project page would split it into a chunk whose name the sign-in entry would carry.
 */
const VIEWS = [
  { id: 'user', label: 'By user', to: { search: '' } },
  { id: 'team', label: 'Team', to: { search: '?view=team' } },
] as const;

// The team and member reports load with their view.
const TeamReport = lazy(() => import('./team-report'));
const MemberReport = lazy(() => import('./member-report'));

/**
 * /app/reports: the user report (by default), the team report (`?view=team`, with
 * report:read:all) and one member's report (`?view=member&member=<id>`, linked from both).
 */
export default function ReportsPage() {
  const { can } = useSession();
  const [params] = useSearchParams();
  const canTeam = can({ anyOf: ['report:read:all'] });
  const view = params.get('view');
  const shown =
    view === 'member' && params.get('member') ? 'member' : view === 'team' && canTeam ? 'team' : 'user';
  const tab = shown === 'member' ? (canTeam ? 'team' : 'user') : shown;
  return (
    <Stack spacing={2.5}>
      <PageHeader title="Reports" />
      {canTeam && (
        <Stack
          component="nav"
          aria-label="Report views"
          direction="row"
          spacing={1}
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {VIEWS.map((v) => (
            <Button
              key={v.id}
              component={RouterLink}
              to={v.to}
              aria-current={tab === v.id ? 'page' : undefined}
              sx={{
                borderRadius: 0,
                borderBottom: 2,
                borderColor: tab === v.id ? 'primary.main' : 'transparent',
                color: tab === v.id ? 'primary.main' : 'text.secondary',
              }}
            >
              {v.label}
            </Button>
          ))}
        </Stack>
      )}
      {shown === 'user' ? (
        <UserReport />
      ) : (
        <Suspense fallback={<PageLoader />}>
          {shown === 'team' ? <TeamReport /> : <MemberReport backToTeam={canTeam} />}
        </Suspense>
      )}
    </Stack>
  );
}

/**
 * The filter row's parts keep their size: a date is as wide as a date, and a button's label stays
 * on one line (the searched person picker is wider than the old select, and squeezed them).
 */
const noBreak = { whiteSpace: 'nowrap', flexShrink: 0 } as const;
const dateField = { width: { md: 170 }, flexShrink: 0 } as const;

/** One user's tasks by status and hours, in a date range, with CSV export. */
function UserReport() {
  const { user } = useSession();
  const toast = useToast();
  const download = useAuthedDownload();
  const me = { userId: user?.userId ?? '', userName: `${user?.firstName ?? ''} ${user?.lastName ?? ''}` };
  const [chosen, setChosen] = useState<ReportPerson | null>(null);
  const person = chosen ?? me;
  const userId = person.userId;
  const [from, setFrom] = useState(() => daysAgo(REPORT_DEFAULT_DAYS - 1));
  const [to, setTo] = useState(() => dayOf(new Date()));
  const range = { startDateTo: from, endDateTo: to };
  const tasks = useUserTasksByStatusQuery({ ...range, userId });
  const hours = useHoursReportQuery({ ...range, userId });

  const exportCsv = async () => {
    const params = new URLSearchParams({ userId, loggedAtFrom: from, loggedAtTo: to });
    try {
      await download(`/api/Timelogs/export.csv?${params.toString()}`, `timesheet-${from}-${to}.csv`);
    } catch {
      toast.error(MESSAGES.timesheets.exportFailed);
    }
  };

  /** The hours report's every project or person (not only its first ones) as CSV. */
  const exportHours = async (by: HoursCsvBy) => {
    const qs = new URLSearchParams({ startDateTo: from, endDateTo: to, userId, by });
    try {
      await download(
        `/api/taskreports/company-hours/export.csv?${qs.toString()}`,
        `company-hours-${by}-${from}-${to}.csv`,
      );
    } catch {
      toast.error(TEAM_REPORT_MESSAGES.exportFailed);
    }
  };
  const hoursCsvButton = (by: HoursCsvBy) => {
    const label = by === 'project' ? 'Download all projects as CSV' : 'Download all people as CSV';
    return (
      <Tooltip title={label}>
        <IconButton aria-label={label} onClick={() => void exportHours(by)}>
          <DownloadRounded />
        </IconButton>
      </Tooltip>
    );
  };

  const failure = tasks.error ?? hours.error;
  const memberLink = `?${new URLSearchParams({ view: 'member', member: userId, from, to }).toString()}`;
  return (
    <Stack spacing={2.5}>
      <MainCard>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }}>
          <ReportPersonPicker me={me} value={person} onChange={setChosen} />
          <TextField
            size="small"
            type="date"
            label="From"
            value={from}
            onChange={(e) => e.target.value && setFrom(e.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: to } }}
            sx={dateField}
          />
          <TextField
            size="small"
            type="date"
            label="To"
            value={to}
            onChange={(e) => e.target.value && setTo(e.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: from } }}
            sx={dateField}
          />
          <Stack sx={{ flexGrow: 1 }} />
          <Button component={RouterLink} to={memberLink} startIcon={<EventNoteRounded />} sx={noBreak}>
            Tasks by date
          </Button>
          <Button startIcon={<DownloadRounded />} onClick={() => void exportCsv()} sx={noBreak}>
            Export CSV
          </Button>
        </Stack>
      </MainCard>
      {failure ? (
        <ErrorPanel
          message={errorMessage(failure, MESSAGES.reports.loadFailed)}
          onRetry={() => {
            void tasks.refetch();
            void hours.refetch();
          }}
        />
      ) : (
        <Grid container spacing={2.5}>
          <Grid size={{ xs: 12, lg: 6 }}>
            <MainCard title="Tasks by status">
              {tasks.isLoading || !tasks.data ? (
                <LinearProgress aria-label="Loading tasks by status" />
              ) : (
                <Stack spacing={2}>
                  <Suspense fallback={chartFallback}>
                    <TasksByStatusChart items={tasks.data.items} />
                  </Suspense>
                  <Table size="small" aria-label="Tasks by status">
                    <TableHead>
                      <TableRow>
                        <TableCell>Status</TableCell>
                        <TableCell align="right">Tasks</TableCell>
                        <TableCell align="right">Hours logged</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {tasks.data.items.map((i) => (
                        <TableRow key={i.statusId ?? 'none'}>
                          <TableCell>{i.statusName}</TableCell>
                          <TableCell align="right">{i.taskCount}</TableCell>
                          <TableCell align="right">{formatDuration(i.minutesLogged)}</TableCell>
                        </TableRow>
                      ))}
                      <TableRow>
                        <TableCell sx={{ fontWeight: 600 }}>Total</TableCell>
                        <TableCell align="right" sx={{ fontWeight: 600 }}>
                          {tasks.data.totalCount}
                        </TableCell>
                        <TableCell align="right" sx={{ fontWeight: 600 }}>
                          {formatDuration(tasks.data.totalMinutes)}
                        </TableCell>
                      </TableRow>
                    </TableBody>
                  </Table>
                </Stack>
              )}
            </MainCard>
          </Grid>
          <Grid size={{ xs: 12, lg: 6 }}>
            <MainCard title="Hours by project" action={hoursCsvButton('project')}>
              {hours.isLoading || !hours.data ? (
                <LinearProgress aria-label="Loading hours by project" />
              ) : hours.data.byProject.length === 0 ? (
                <EmptyState title="No time logged in this range" />
              ) : (
                <Stack spacing={2}>
                  <Suspense fallback={chartFallback}>
                    <HoursByProjectChart data={hours.data.byProject} projectCount={hours.data.projectCount} />
                  </Suspense>
                  <ProjectHoursTable report={hours.data} onDownloadAll={() => void exportHours('project')} />
                </Stack>
              )}
            </MainCard>
          </Grid>
          <Grid size={12}>
            <MainCard
              title="Hours by day"
              action={
                <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                  {hours.data && (
                    <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                      Total {formatDuration(hours.data.totalMinutes)}
                    </Typography>
                  )}
                  {hoursCsvButton('person')}
                </Stack>
              }
            >
              {hours.isLoading || !hours.data ? (
                <LinearProgress aria-label="Loading hours by day" />
              ) : (
                <Suspense fallback={chartFallback}>
                  <HoursByDayChart data={hours.data.byDay} />
                </Suspense>
              )}
            </MainCard>
          </Grid>
        </Grid>
      )}
    </Stack>
  );
}
