import AddRounded from '@mui/icons-material/AddRounded';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { formatDuration, TIMESHEET_MESSAGES, type Task, type TimesheetRow } from '@taskhive/contract';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../api/errors';
import { ErrorPanel } from '../../components/error-panel';
import { MainCard } from '../../components/main-card';
import { PageHeader } from '../../components/page-header';
import { useSession } from '../../hooks/use-session';
import { useToast } from '../../hooks/use-toast';
import {
  useSetTimesheetCellMutation,
  useSubmitTimesheetWeekMutation,
  useTimesheetGridQuery,
  useTimesheetTaskOptionsQuery,
  useTimesheetTimerQuery,
  type GridArgs,
} from './timesheet-weeks-api';
import { dayParam, hoursLabel, today } from './week-days';
import { lockReason, WeekGrid, type CellWrite } from './week-grid';
import { WeekNav } from './week-nav';
import { WeekHistory, WeekStatusChip } from './week-status';

const emptyRow = (t: Task): TimesheetRow => ({
  projectId: t.projectId,
  projectName: t.projectName,
  taskId: t.taskId,
  taskKey: t.key,
  taskTitle: t.title,
  minutes: [0, 0, 0, 0, 0, 0, 0],
  entryCounts: [0, 0, 0, 0, 0, 0, 0],
});

/** Picks a task to add a row for: the caller's tasks, found by key or title. */
function AddRow({ exclude, onAdd }: { exclude: Set<string>; onAdd: (t: Task) => void }) {
  const [open, setOpen] = useState(false);
  const { data = [], isFetching } = useTimesheetTaskOptionsQuery(open ? undefined : skipToken);
  const options = data.filter((t) => !exclude.has(t.taskId));
  if (!open)
    return (
      <Button startIcon={<AddRounded />} onClick={() => setOpen(true)} sx={{ alignSelf: 'flex-start' }}>
        Add row
      </Button>
    );
  return (
    <Autocomplete
      openOnFocus
      options={options}
      loading={isFetching}
      getOptionLabel={(t) => `${t.key} ${t.title}`}
      filterOptions={(opts, { inputValue }) => {
        const q = inputValue.trim().toLowerCase();
        return opts.filter((t) => t.key.toLowerCase().includes(q) || t.title.toLowerCase().includes(q));
      }}
      onChange={(_e, t) => {
        if (t) onAdd(t);
        setOpen(false);
      }}
      onBlur={() => setOpen(false)}
      noOptionsText="No task of yours left to add"
      sx={{ maxWidth: 420 }}
      renderInput={(params) => (
        <TextField {...params} autoFocus label="Task to add" placeholder="Key or title" size="small" />
      )}
    />
  );
}

/**
 * /app/timesheets/week: the signed-in person's week (`?week=` any day of it; none: this week). Cells
 * save as they are left, shown at once and undone if the server refuses; Submit sends the week to
 * the approvers. A submitted, approved or locked week is read-only with the reason.
 */
export default function MyWeekPage() {
  const [params, setParams] = useSearchParams();
  const { can } = useSession();
  const toast = useToast();
  const week = dayParam(params.get('week'));
  const args: GridArgs = week ? { weekStart: week } : {};
  const { data: grid, error, isLoading, refetch } = useTimesheetGridQuery(args);
  const { data: timer } = useTimesheetTimerQuery(can({ anyOf: ['timelog:create'] }) ? undefined : skipToken);
  const [setCell] = useSetTimesheetCellMutation();
  const [submit, submitting] = useSubmitTimesheetWeekMutation();
  const [confirming, setConfirming] = useState(false);
  const [added, setAdded] = useState<Record<string, TimesheetRow[]>>({});
  const now = today();

  const goTo = (day: string | undefined) => {
    const next = new URLSearchParams(params);
    if (day) next.set('week', day);
    else next.delete('week');
    setParams(next);
  };

  const save = ({ row, day, minutes }: CellWrite) => {
    if (!grid) return;
    setCell({
      grid: args,
      minutes,
      body: {
        day,
        projectId: row.projectId,
        taskId: row.taskId,
        duration: minutes === 0 ? '' : formatDuration(minutes),
      },
    })
      .unwrap()
      .catch((err: unknown) => toast.error(errorMessage(err, 'The time could not be saved')));
  };

  const onSubmit = async () => {
    if (!grid) return;
    try {
      await submit({ weekStart: grid.weekStart }).unwrap();
      toast.success(TIMESHEET_MESSAGES.submitted);
      setConfirming(false);
    } catch (err) {
      toast.error(errorMessage(err, 'The week could not be submitted'));
    }
  };

  let body;
  if (isLoading) body = <LinearProgress aria-label="Loading the week" />;
  else if (error || !grid)
    body = (
      <ErrorPanel
        message={errorMessage(error, 'The week could not be loaded')}
        onRetry={() => void refetch()}
      />
    );
  else {
    const extra = [...(added[grid.weekStart] ?? [])];
    if (timer && !grid.rows.some((r) => r.taskId === timer.taskId))
      extra.push({
        projectId: timer.projectId,
        projectName: timer.projectName,
        taskId: timer.taskId,
        taskKey: null,
        taskTitle: timer.taskTitle,
        minutes: [0, 0, 0, 0, 0, 0, 0],
        entryCounts: [0, 0, 0, 0, 0, 0, 0],
      });
    const lockedWhole = grid.locked ? lockReason(grid, grid.weekStart) : null;
    const partly = !grid.locked && grid.lockedBefore ? lockReason(grid, grid.weekStart) : null;
    const taken = new Set([...grid.rows, ...extra].flatMap((r) => (r.taskId ? [r.taskId] : [])));
    body = (
      <Stack spacing={2}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
        >
          <WeekNav weekStart={grid.weekStart} weekEnd={grid.weekEnd} onChange={goTo} />
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <WeekStatusChip status={grid.status} />
            <Typography variant="body2" data-testid="week-summary">
              {hoursLabel(grid.totalMinutes)} of {hoursLabel(grid.expectedMinutes)} expected
            </Typography>
            {grid.canSubmit && (
              <Button variant="contained" onClick={() => setConfirming(true)}>
                Submit week
              </Button>
            )}
          </Stack>
        </Stack>
        {grid.status === 'rejected' && (
          <Alert severity="warning" data-testid="rejection">
            Rejected{grid.decidedByName ? ` by ${grid.decidedByName}` : ''}:{' '}
            {grid.reason ?? 'no reason given'}. Fix the week and submit it again.
          </Alert>
        )}
        {lockedWhole && <Alert severity="info">{lockedWhole}</Alert>}
        {partly && <Alert severity="info">{partly}</Alert>}
        <WeekGrid
          grid={grid}
          extraRows={extra}
          onSave={grid.locked ? undefined : save}
          timer={timer}
          today={now}
          label="My week"
        />
        {!grid.locked && (
          <AddRow
            exclude={taken}
            onAdd={(t) =>
              setAdded((a) => ({ ...a, [grid.weekStart]: [...(a[grid.weekStart] ?? []), emptyRow(t)] }))
            }
          />
        )}
        <MainCard title="History">
          <WeekHistory history={grid.history} />
        </MainCard>
        <Dialog
          open={confirming}
          onClose={submitting.isLoading ? undefined : () => setConfirming(false)}
          aria-labelledby="submit-week-title"
        >
          <DialogTitle id="submit-week-title">Submit this week?</DialogTitle>
          <DialogContent>
            <DialogContentText>
              {hoursLabel(grid.totalMinutes)} of {hoursLabel(grid.expectedMinutes)} expected. Once submitted,
              the week&apos;s entries can no longer be changed unless an approver sends it back.
            </DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setConfirming(false)} disabled={submitting.isLoading}>
              Cancel
            </Button>
            <Button variant="contained" onClick={() => void onSubmit()} disabled={submitting.isLoading}>
              Submit
            </Button>
          </DialogActions>
        </Dialog>
      </Stack>
    );
  }

  return (
    <Stack spacing={3}>
      <PageHeader title="My week" subtitle="Type the time you worked on each task, then submit the week." />
      {body}
    </Stack>
  );
}
