import RepeatRounded from '@mui/icons-material/RepeatRounded';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  RECURRENCE_COPY_FIELDS,
  RECURRENCE_MAX_COUNT,
  RECURRENCE_MAX_INTERVAL,
  RECURRENCE_MESSAGES,
  recurrenceDayLabel,
  recurrenceSummary,
  type RecurrenceCopyField,
  type RecurrenceEnds,
  type RecurrenceFrequency,
  type RecurrenceTrigger,
  type SetRecurrenceInput,
  type TaskDetail,
  type TaskRecurrence,
  WEEKDAY_SHORT,
} from '@taskhive/contract';
import { useState } from 'react';
import { errorMessage } from '../../api/errors';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormDialog } from '../../components/form-dialog';
import { useSession } from '../../hooks/use-session';
import { useToast } from '../../hooks/use-toast';
import {
  useApplyToFutureMutation,
  useRemoveRecurrenceMutation,
  useSetRecurrenceMutation,
  useTaskRecurrenceQuery,
} from './recurrence-api';

type Preset = 'daily' | 'weekdays' | 'weekly' | 'monthly' | 'custom';
type Apply = 'series' | 'this';

const PRESETS: { value: Preset; label: string }[] = [
  { value: 'daily', label: 'Daily' },
  { value: 'weekdays', label: 'Every weekday (Mon–Fri)' },
  { value: 'weekly', label: 'Weekly on…' },
  { value: 'monthly', label: 'Monthly on day…' },
  { value: 'custom', label: 'Custom: every N days, weeks or months' },
];
const UNITS: { value: RecurrenceFrequency; label: string }[] = [
  { value: 'daily', label: 'days' },
  { value: 'weekly', label: 'weeks' },
  { value: 'monthly', label: 'months' },
];
const ENDS: { value: RecurrenceEnds; label: string }[] = [
  { value: 'never', label: 'Never' },
  { value: 'until', label: 'On a date' },
  { value: 'count', label: 'After a number of times' },
];
const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const WORK_WEEK = [1, 2, 3, 4, 5];
const FIELD_LABELS: Record<RecurrenceCopyField, string> = {
  title: 'Title',
  description: 'Description',
  priority: 'Priority',
  assignees: 'Assignees',
  estimate: 'Estimate',
  list: 'List',
};
const TRIGGER_TEXT: Record<RecurrenceTrigger, string> = {
  on_complete: 'The next occurrence is created when this one is completed',
  on_date: 'The next occurrence is created on its date',
};

type Form = {
  preset: Preset;
  interval: number;
  unit: RecurrenceFrequency;
  weekdays: number[];
  monthDay: number;
  ends: RecurrenceEnds;
  untilDate: string;
  count: number;
  trigger: RecurrenceTrigger;
  apply: Apply;
};

type Series = NonNullable<TaskRecurrence['series']>;

/** The day the form starts from: the task's due date, else today (the browser's). */
function startDay(task: TaskDetail): string {
  return task.dueDate ?? new Date().toLocaleDateString('sv-SE');
}

function isoWeekday(day: string): number {
  return ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
}

function formOf(task: TaskDetail, s: Series | null): Form {
  const day = startDay(task);
  const base: Form = {
    preset: 'weekly',
    interval: 1,
    unit: 'weekly',
    weekdays: [isoWeekday(day)],
    monthDay: Number(day.slice(8, 10)),
    ends: 'never',
    untilDate: '',
    count: 10,
    trigger: 'on_complete',
    apply: 'series',
  };
  if (!s) return base;
  const weekdays = s.weekdays ?? base.weekdays;
  let preset: Preset = 'custom';
  if (s.interval === 1 && s.frequency === 'daily') preset = 'daily';
  else if (s.interval === 1 && s.frequency === 'weekly')
    preset = weekdays.join() === WORK_WEEK.join() ? 'weekdays' : 'weekly';
  else if (s.interval === 1 && s.frequency === 'monthly') preset = 'monthly';
  return {
    ...base,
    preset,
    interval: s.interval,
    unit: s.frequency,
    weekdays,
    monthDay: s.monthDay ?? base.monthDay,
    ends: s.ends,
    untilDate: s.untilDate ?? '',
    count: s.count ?? base.count,
    trigger: s.trigger,
  };
}

/** The rule the form describes, as PUT's body. */
function bodyOf(f: Form): SetRecurrenceInput {
  const rule =
    f.preset === 'daily'
      ? { frequency: 'daily' as const, interval: 1 }
      : f.preset === 'weekdays'
        ? { frequency: 'weekly' as const, interval: 1, weekdays: WORK_WEEK }
        : f.preset === 'weekly'
          ? { frequency: 'weekly' as const, interval: 1, weekdays: f.weekdays }
          : f.preset === 'monthly'
            ? { frequency: 'monthly' as const, interval: 1, monthDay: f.monthDay }
            : {
                frequency: f.unit,
                interval: f.interval,
                weekdays: f.unit === 'weekly' ? f.weekdays : null,
                monthDay: f.unit === 'monthly' ? f.monthDay : null,
              };
  return {
    weekdays: null,
    monthDay: null,
    ...rule,
    ends: f.ends,
    untilDate: f.ends === 'until' ? f.untilDate : null,
    count: f.ends === 'count' ? f.count : null,
    trigger: f.trigger,
    apply: f.apply,
  };
}

/** What is wrong with the form before it is sent (the API says the same), by field. */
function problemsOf(
  f: Form,
): Partial<Record<'weekdays' | 'interval' | 'monthDay' | 'untilDate' | 'count', string>> {
  const b = bodyOf(f);
  return {
    ...(b.frequency === 'weekly' && !b.weekdays?.length
      ? { weekdays: RECURRENCE_MESSAGES.weekdaysRequired }
      : {}),
    ...(!Number.isInteger(b.interval) || (b.interval ?? 1) < 1 || (b.interval ?? 1) > RECURRENCE_MAX_INTERVAL
      ? { interval: `Between 1 and ${RECURRENCE_MAX_INTERVAL}` }
      : {}),
    ...(b.frequency === 'monthly' && !(Number.isInteger(f.monthDay) && f.monthDay >= 1 && f.monthDay <= 31)
      ? { monthDay: RECURRENCE_MESSAGES.monthDayRequired }
      : {}),
    ...(f.ends === 'until' && !f.untilDate ? { untilDate: RECURRENCE_MESSAGES.untilRequired } : {}),
    ...(f.ends === 'count' && !(Number.isInteger(f.count) && f.count >= 1 && f.count <= RECURRENCE_MAX_COUNT)
      ? { count: RECURRENCE_MESSAGES.countRequired }
      : {}),
  };
}

function summaryOfForm(f: Form): string {
  const b = bodyOf(f);
  return recurrenceSummary({
    frequency: b.frequency,
    interval: b.interval ?? 1,
    weekdays: b.weekdays ?? null,
    monthDay: b.monthDay ?? null,
    ends: f.ends,
    untilDate: f.ends === 'until' && f.untilDate ? f.untilDate : null,
    count: f.ends === 'count' ? f.count : null,
  });
}

/** Days of the week as toggles: Mon … Sun, each named in full for assistive technology. */
function WeekdayPicker({
  value,
  onChange,
  error,
}: {
  value: number[];
  onChange: (v: number[]) => void;
  error?: string;
}) {
  return (
    <FormControl error={Boolean(error)}>
      <FormLabel id="repeat-days-label">On</FormLabel>
      <ToggleButtonGroup
        aria-labelledby="repeat-days-label"
        value={value}
        onChange={(_e, v: number[]) => onChange([...v].sort((a, b) => a - b))}
        size="small"
        sx={{ flexWrap: 'wrap' }}
      >
        {WEEKDAY_SHORT.map((d, i) => (
          <ToggleButton key={d} value={i + 1} aria-label={DAY_NAMES[i]} sx={{ minWidth: 44 }}>
            {d}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}

function ApplyChoice({
  value,
  onChange,
  label,
}: {
  value: Apply;
  onChange: (v: Apply) => void;
  label: string;
}) {
  return (
    <FormControl>
      <FormLabel id="repeat-apply-label">{label}</FormLabel>
      <RadioGroup
        aria-labelledby="repeat-apply-label"
        value={value}
        onChange={(e) => onChange(e.target.value as Apply)}
      >
        <FormControlLabel value="series" control={<Radio />} label="All future occurrences" />
        <FormControlLabel value="this" control={<Radio />} label="This occurrence only" />
      </RadioGroup>
    </FormControl>
  );
}

function RepeatDialog({
  task,
  series,
  onClose,
}: {
  task: TaskDetail;
  series: Series | null;
  onClose: () => void;
}) {
  const toast = useToast();
  const [form, setForm] = useState<Form>(() => formOf(task, series));
  const [tried, setTried] = useState(false);
  const [save, saving] = useSetRecurrenceMutation();
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));
  const problems = problemsOf(form);
  const shown = tried ? problems : {};
  const frequency = bodyOf(form).frequency;
  const showWeekdays = form.preset === 'weekly' || (form.preset === 'custom' && form.unit === 'weekly');
  const showMonthDay = form.preset === 'monthly' || (form.preset === 'custom' && form.unit === 'monthly');

  const submit = async () => {
    setTried(true);
    if (Object.keys(problems).length) return;
    try {
      await save({ taskId: task.taskId, body: bodyOf(form) }).unwrap();
      toast.success(RECURRENCE_MESSAGES.saved);
      onClose();
    } catch (err) {
      toast.error(errorMessage(err, RECURRENCE_MESSAGES.saveFailed));
    }
  };

  return (
    <FormDialog
      open
      title={series ? 'Edit repeat' : 'Repeat this task'}
      submitLabel="Save"
      busy={saving.isLoading}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Stack spacing={2.5}>
        <TextField
          select
          label="Repeats"
          value={form.preset}
          onChange={(e) => set({ preset: e.target.value as Preset })}
        >
          {PRESETS.map((p) => (
            <MenuItem key={p.value} value={p.value}>
              {p.label}
            </MenuItem>
          ))}
        </TextField>
        {form.preset === 'custom' && (
          <Stack direction="row" spacing={1}>
            <TextField
              label="Every"
              type="number"
              value={form.interval}
              onChange={(e) => set({ interval: Number(e.target.value) })}
              slotProps={{ htmlInput: { min: 1, max: RECURRENCE_MAX_INTERVAL } }}
              error={Boolean(shown.interval)}
              helperText={shown.interval}
              sx={{ width: 110 }}
            />
            <TextField
              select
              label="Unit"
              value={form.unit}
              onChange={(e) => set({ unit: e.target.value as RecurrenceFrequency })}
              sx={{ flex: 1 }}
            >
              {UNITS.map((u) => (
                <MenuItem key={u.value} value={u.value}>
                  {u.label}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        )}
        {showWeekdays && (
          <WeekdayPicker
            value={form.weekdays}
            onChange={(weekdays) => set({ weekdays })}
            error={shown.weekdays}
          />
        )}
        {showMonthDay && (
          <TextField
            label="Day of the month"
            type="number"
            value={form.monthDay}
            onChange={(e) => set({ monthDay: Number(e.target.value) })}
            slotProps={{ htmlInput: { min: 1, max: 31 } }}
            error={Boolean(shown.monthDay)}
            helperText={shown.monthDay ?? 'Days 29–31 fall on the last day of shorter months'}
          />
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <TextField
            select
            label="Ends"
            value={form.ends}
            onChange={(e) => set({ ends: e.target.value as RecurrenceEnds })}
            sx={{ flex: 1 }}
          >
            {ENDS.map((o) => (
              <MenuItem key={o.value} value={o.value}>
                {o.label}
              </MenuItem>
            ))}
          </TextField>
          {form.ends === 'until' && (
            <TextField
              label="Last date"
              type="date"
              value={form.untilDate}
              onChange={(e) => set({ untilDate: e.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
              error={Boolean(shown.untilDate)}
              helperText={shown.untilDate}
              sx={{ flex: 1 }}
            />
          )}
          {form.ends === 'count' && (
            <TextField
              label="Times in all"
              type="number"
              value={form.count}
              onChange={(e) => set({ count: Number(e.target.value) })}
              slotProps={{ htmlInput: { min: 1, max: RECURRENCE_MAX_COUNT } }}
              error={Boolean(shown.count)}
              helperText={shown.count}
              sx={{ flex: 1 }}
            />
          )}
        </Stack>
        <FormControl>
          <FormLabel id="repeat-trigger-label">Create the next occurrence</FormLabel>
          <RadioGroup
            aria-labelledby="repeat-trigger-label"
            value={form.trigger}
            onChange={(e) => set({ trigger: e.target.value as RecurrenceTrigger })}
          >
            <FormControlLabel value="on_complete" control={<Radio />} label="When this one is completed" />
            <FormControlLabel value="on_date" control={<Radio />} label="On its date" />
          </RadioGroup>
        </FormControl>
        {series && (
          <ApplyChoice value={form.apply} onChange={(apply) => set({ apply })} label="Change the repeat of" />
        )}
        <Typography variant="body2" data-testid="repeat-preview" aria-live="polite">
          {frequency === 'weekly' && !bodyOf(form).weekdays?.length
            ? RECURRENCE_MESSAGES.weekdaysRequired
            : summaryOfForm(form)}
        </Typography>
      </Stack>
    </FormDialog>
  );
}

function ApplyToFutureDialog({ taskId, onClose }: { taskId: string; onClose: () => void }) {
  const toast = useToast();
  const [fields, setFields] = useState<RecurrenceCopyField[]>(['title', 'description']);
  const [apply, applying] = useApplyToFutureMutation();
  const toggle = (f: RecurrenceCopyField, on: boolean) =>
    setFields((now) => RECURRENCE_COPY_FIELDS.filter((x) => (x === f ? on : now.includes(x))));
  const submit = async () => {
    try {
      const r = await apply({ taskId, fields }).unwrap();
      toast.success(`${RECURRENCE_MESSAGES.appliedToFuture} (${r.taskIds.length})`);
      onClose();
    } catch (err) {
      toast.error(errorMessage(err, RECURRENCE_MESSAGES.saveFailed));
    }
  };
  return (
    <FormDialog
      open
      title="Apply to future occurrences"
      submitLabel="Apply"
      busy={applying.isLoading}
      onSubmit={() => void submit()}
      onClose={onClose}
      maxWidth="xs"
    >
      <FormControl error={fields.length === 0}>
        <FormLabel>The series' later open occurrences take these fields from this one</FormLabel>
        <FormGroup>
          {RECURRENCE_COPY_FIELDS.map((f) => (
            <FormControlLabel
              key={f}
              control={
                <Checkbox checked={fields.includes(f)} onChange={(e) => toggle(f, e.target.checked)} />
              }
              label={FIELD_LABELS[f]}
            />
          ))}
        </FormGroup>
        {fields.length === 0 && <FormHelperText>{RECURRENCE_MESSAGES.fieldsRequired}</FormHelperText>}
      </FormControl>
    </FormDialog>
  );
}

/**
 * Issue 26: the drawer's Repeat section. The rule in words ("Every 2 weeks on Mon, Thu, until 31
 * Dec 2026"), when the next occurrence comes; for editors, set or edit it (presets, custom every N,
 * ends, trigger; on an occurrence of a series, "this occurrence" or "all future"), stop it, and copy
 * this occurrence's fields to the future ones. Subtasks repeat with their parent: nothing shown.
 */
export function TaskRepeat({ task }: { task: TaskDetail }) {
  const { can } = useSession();
  const canEdit = can({ anyOf: ['task:update'] });
  const toast = useToast();
  const { data, isLoading, isError } = useTaskRecurrenceQuery(task.taskId, {
    skip: task.parentTaskId !== null,
  });
  const [dialog, setDialog] = useState<'edit' | 'stop' | 'future' | null>(null);
  const [stopApply, setStopApply] = useState<Apply>('series');
  const [remove, removing] = useRemoveRecurrenceMutation();
  if (task.parentTaskId !== null) return null;
  const series = data?.series ?? null;

  const stop = async () => {
    try {
      await remove({ taskId: task.taskId, apply: stopApply }).unwrap();
      toast.success(stopApply === 'this' ? RECURRENCE_MESSAGES.detached : RECURRENCE_MESSAGES.removed);
      setDialog(null);
    } catch (err) {
      toast.error(errorMessage(err, RECURRENCE_MESSAGES.saveFailed));
    }
  };

  return (
    <Stack spacing={1} component="section" aria-labelledby="task-repeat-heading">
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}
      >
        <Typography variant="h6" component="h3" id="task-repeat-heading">
          Repeat
        </Typography>
        {canEdit && !isLoading && !isError && (
          <Stack direction="row" spacing={1}>
            {series && (
              <Button size="small" color="inherit" onClick={() => setDialog('stop')}>
                Stop repeating
              </Button>
            )}
            <Button size="small" startIcon={<RepeatRounded />} onClick={() => setDialog('edit')}>
              {series ? 'Edit repeat' : 'Set repeat'}
            </Button>
          </Stack>
        )}
      </Stack>
      {isLoading ? (
        <Skeleton variant="text" width="60%" aria-label="Loading repeat" />
      ) : isError ? (
        <Typography color="error" variant="body2">
          {RECURRENCE_MESSAGES.loadFailed}
        </Typography>
      ) : series ? (
        <>
          <Typography data-testid="repeat-summary">{recurrenceSummary(series)}</Typography>
          <Typography variant="body2" color="text.secondary">
            {TRIGGER_TEXT[series.trigger]}.{' '}
            {series.nextDate ? `Next: ${recurrenceDayLabel(series.nextDate)}.` : 'The series has ended.'}
          </Typography>
          {canEdit && (
            <Button size="small" sx={{ alignSelf: 'flex-start' }} onClick={() => setDialog('future')}>
              Apply changes to future occurrences
            </Button>
          )}
        </>
      ) : (
        <Typography color="text.secondary" data-testid="repeat-summary">
          Does not repeat
        </Typography>
      )}
      {dialog === 'edit' && <RepeatDialog task={task} series={series} onClose={() => setDialog(null)} />}
      {dialog === 'future' && <ApplyToFutureDialog taskId={task.taskId} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        open={dialog === 'stop'}
        title="Stop repeating?"
        confirmLabel="Stop repeating"
        busy={removing.isLoading}
        onConfirm={() => void stop()}
        onClose={() => setDialog(null)}
      >
        <Stack spacing={1}>
          <span>The tasks already created stay.</span>
          <ApplyChoice value={stopApply} onChange={setStopApply} label="Stop" />
        </Stack>
      </ConfirmDialog>
    </Stack>
  );
}
