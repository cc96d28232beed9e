import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  formatDuration,
  MESSAGES,
  TEAM_REPORT_MESSAGES,
  type MemberReport as Report,
} from '@taskhive/contract';
import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../api/errors';
import { EmptyState } from '../../components/empty-state';
import { ErrorPanel } from '../../components/error-panel';
import { MainCard } from '../../components/main-card';
import { useAuthedDownload } from '../../hooks/use-authed-download';
import { useToast } from '../../hooks/use-toast';
import { PeriodFields, SummaryCards, useReportParams } from './report-period';
import { useMemberReportQuery } from './reports-api';

const HoursByDayChart = lazy(() => import('./report-charts').then((m) => ({ default: m.HoursByDayChart })));

/** A due date as people read it, in UTC (the date the API gives, whatever the browser's zone). */
const dueFormat = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** The tasks in runs of one due date (the API sends them by due date, none last). */
function byDueDate(tasks: Report['tasks']) {
  const groups: { dueDate: string | null; tasks: Report['tasks'] }[] = [];
  for (const t of tasks) {
    const last = groups.at(-1);
    if (last && last.dueDate === t.dueDate) last.tasks.push(t);
    else groups.push({ dueDate: t.dueDate, tasks: [t] });
  }
  return groups;
}

/**
 * /app/reports?view=member&member=<id>: one member's tasks in the period grouped by due date,
 * with the hours they logged on each, and their hours per day; CSV export. `backToTeam`: the
 * caller reads the team report, so the page links back to it.
 */
export default function MemberReport({ backToTeam }: { backToTeam: boolean }) {
  const { params, from, to, set } = useReportParams();
  const toast = useToast();
  const download = useAuthedDownload();
  const userId = params.get('member') ?? '';
  const report = useMemberReportQuery({ userId, startDateTo: from, endDateTo: to });
  const data = report.data;

  const exportCsv = async () => {
    const qs = new URLSearchParams({ startDateTo: from, endDateTo: to });
    try {
      await download(
        `/api/taskreports/member/${encodeURIComponent(userId)}/export.csv?${qs.toString()}`,
        `member-report-${from}-${to}.csv`,
      );
    } catch {
      toast.error(TEAM_REPORT_MESSAGES.exportFailed);
    }
  };
  const back = `?${new URLSearchParams(backToTeam ? { view: 'team', from, to } : {}).toString()}`;

  return (
    <Stack spacing={2.5}>
      <MainCard>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={1.5}
          sx={{ alignItems: { md: 'center' }, flexWrap: 'wrap' }}
          useFlexGap
        >
          <Button
            component={RouterLink}
            to={back}
            startIcon={<ArrowBackRounded />}
            sx={{ alignSelf: 'flex-start' }}
          >
            {backToTeam ? 'Team report' : 'Reports'}
          </Button>
          <Typography variant="h5" component="h2" sx={{ flexGrow: 1 }}>
            {data?.userName ?? ' '}
          </Typography>
          <PeriodFields from={from} to={to} onChange={(p) => set(p)} />
          <Button startIcon={<DownloadRounded />} onClick={() => void exportCsv()} disabled={!data}>
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
        <LinearProgress aria-label="Loading the member report" />
      ) : (
        <>
          <SummaryCards
            items={[
              { label: 'Tasks', value: data.taskCount },
              { label: 'Done', value: data.doneCount },
              { label: 'Hours', value: formatDuration(data.minutes) },
              { label: 'Estimated', value: formatDuration(data.estimatedMinutes) },
            ]}
          />
          <Grid container spacing={2.5}>
            <Grid size={{ xs: 12, lg: 7 }}>
              <MainCard title="Tasks by due date" subheader={TEAM_REPORT_MESSAGES.tasksByDue}>
                {data.tasks.length === 0 ? (
                  <EmptyState title="No tasks in this period" />
                ) : (
                  <Stack spacing={2} divider={<Divider flexItem />}>
                    {byDueDate(data.tasks).map((g) => (
                      <Box key={g.dueDate ?? 'none'} component="section" aria-label={dueLabel(g.dueDate)}>
                        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                          {dueLabel(g.dueDate)}
                        </Typography>
                        <Stack spacing={1} component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                          {g.tasks.map((t) => (
                            <Stack
                              key={t.taskId}
                              component="li"
                              direction="row"
                              spacing={1}
                              useFlexGap
                              sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                            >
                              <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
                                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                                  {t.title}
                                </Typography>
                                <Typography variant="caption" color="text.secondary">
                                  {t.projectName}
                                </Typography>
                              </Box>
                              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', ml: 'auto' }}>
                                <Chip size="small" variant="outlined" label={t.statusName} />
                                <Typography
                                  variant="body2"
                                  sx={{ minWidth: 56, textAlign: 'right', whiteSpace: 'nowrap' }}
                                  aria-label={loggedLabel(t)}
                                >
                                  {formatDuration(t.minutesLogged)}
                                  {t.estimatedMinutes !== null && (
                                    <Typography component="span" variant="body2" color="text.secondary">
                                      {` of ${formatDuration(t.estimatedMinutes)}`}
                                    </Typography>
                                  )}
                                </Typography>
                              </Stack>
                            </Stack>
                          ))}
                        </Stack>
                      </Box>
                    ))}
                  </Stack>
                )}
              </MainCard>
            </Grid>
            <Grid size={{ xs: 12, lg: 5 }}>
              <MainCard
                title="Hours per day"
                action={
                  <Typography variant="body2" color="text.secondary">
                    Total {formatDuration(data.byDay.reduce((n, d) => n + d.minutes, 0))}
                  </Typography>
                }
              >
                <Suspense fallback={<LinearProgress aria-label="Loading chart" />}>
                  <HoursByDayChart data={data.byDay} />
                </Suspense>
              </MainCard>
            </Grid>
          </Grid>
        </>
      )}
    </Stack>
  );
}

/** A task's hours for assistive technology: logged, and its estimate when it has one. */
const loggedLabel = (t: Report['tasks'][number]) =>
  `Hours logged: ${formatDuration(t.minutesLogged)}` +
  (t.estimatedMinutes === null ? ', no estimate' : `, estimated ${formatDuration(t.estimatedMinutes)}`);

const dueLabel = (day: string | null) => (day ? `Due ${dueFormat.format(new Date(day))}` : 'No due date');
