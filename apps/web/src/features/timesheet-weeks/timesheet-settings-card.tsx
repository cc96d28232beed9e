import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { TIMESHEET_MESSAGES, type TimesheetSettings } from '@taskhive/contract';
import { useState } from 'react';
import { errorMessage, fieldErrors } from '../../api/errors';
import { ErrorPanel } from '../../components/error-panel';
import { MainCard } from '../../components/main-card';
import { useToast } from '../../hooks/use-toast';
import { useTimesheetSettingsQuery, useUpdateTimesheetSettingsMutation } from './timesheet-weeks-api';
import { formatDate, WEEKDAY_NAMES } from './week-days';

function SettingsForm({ settings, canEdit }: { settings: TimesheetSettings; canEdit: boolean }) {
  const toast = useToast();
  const [weekStartsOn, setWeekStartsOn] = useState(settings.weekStartsOn);
  const [lockedBefore, setLockedBefore] = useState(settings.lockedBefore ?? '');
  const [reminderWeekday, setReminderWeekday] = useState(settings.reminderWeekday);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [save, saving] = useUpdateTimesheetSettingsMutation();
  const changed =
    weekStartsOn !== settings.weekStartsOn ||
    (lockedBefore || null) !== settings.lockedBefore ||
    reminderWeekday !== settings.reminderWeekday;

  if (!canEdit)
    return (
      <Stack spacing={0.5}>
        <Typography variant="body2">Weeks start on {WEEKDAY_NAMES[settings.weekStartsOn]}.</Typography>
        <Typography variant="body2">
          {settings.lockedBefore
            ? `Time before ${formatDate(settings.lockedBefore)} is locked.`
            : 'No time is locked by date.'}
        </Typography>
        <Typography variant="body2">
          Reminders go out on {WEEKDAY_NAMES[settings.reminderWeekday]}.
        </Typography>
      </Stack>
    );

  const onSave = async () => {
    try {
      await save({ weekStartsOn, reminderWeekday, lockedBefore: lockedBefore || null }).unwrap();
      setErrors({});
      toast.success(TIMESHEET_MESSAGES.settingsUpdated);
    } catch (err) {
      setErrors(fieldErrors(err));
      toast.error(errorMessage(err, 'The timesheet settings could not be saved'));
    }
  };
  const weekday = (label: string, value: number, set: (n: number) => void, helper: string) => (
    <TextField
      select
      label={label}
      value={value}
      onChange={(e) => set(Number(e.target.value))}
      helperText={helper}
      sx={{ minWidth: 200 }}
    >
      {WEEKDAY_NAMES.map((name, i) => (
        <MenuItem key={name} value={i}>
          {name}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        {weekday(
          'First day of the week',
          weekStartsOn,
          setWeekStartsOn,
          errors.weekStartsOn ?? 'Where new weeks begin; not while weeks wait for approval',
        )}
        <TextField
          type="date"
          label="Lock time before"
          value={lockedBefore}
          onChange={(e) => setLockedBefore(e.target.value)}
          error={Boolean(errors.lockedBefore)}
          helperText={errors.lockedBefore ?? 'E.g. the last payroll run; empty: nothing locked by date'}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        {weekday(
          'Reminder day',
          reminderWeekday,
          setReminderWeekday,
          errors.reminderWeekday ?? 'People with an open past week are reminded, in their own time zone',
        )}
      </Stack>
      <Button
        variant="contained"
        disabled={!changed || saving.isLoading}
        onClick={() => void onSave()}
        sx={{ alignSelf: 'flex-start' }}
      >
        {saving.isLoading ? 'Saving…' : 'Save timesheet settings'}
      </Button>
    </Stack>
  );
}

/** The company's timesheet settings: first day of the week, lock date, reminder day (company:update edits). */
export function TimesheetSettingsCard({ canEdit }: { canEdit: boolean }) {
  const { data, error, isLoading, refetch } = useTimesheetSettingsQuery();
  let body;
  if (isLoading) body = <LinearProgress aria-label="Loading the timesheet settings" />;
  else if (error || !data)
    body = (
      <ErrorPanel
        message={errorMessage(error, 'The timesheet settings could not be loaded')}
        onRetry={() => void refetch()}
      />
    );
  else body = <SettingsForm key={JSON.stringify(data)} settings={data} canEdit={canEdit} />;
  return <MainCard title="Timesheets">{body}</MainCard>;
}
