import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MAX_EXPECTED_WEEKLY_MINUTES, TIMESHEET_MESSAGES, type Capacity } from '@taskhive/contract';
import { useState } from 'react';
import { errorMessage } from '../../api/errors';
import { ErrorPanel } from '../../components/error-panel';
import { MainCard } from '../../components/main-card';
import { useToast } from '../../hooks/use-toast';
import { useCapacityQuery, useUpdateCapacityMutation } from './timesheet-weeks-api';
import { hoursLabel } from './week-days';

function CapacityForm({ capacity, canEdit }: { capacity: Capacity; canEdit: boolean }) {
  const toast = useToast();
  const [hours, setHours] = useState(String(capacity.expectedWeeklyMinutes / 60));
  const [save, saving] = useUpdateCapacityMutation();
  const minutes = Math.round(Number(hours.replace(',', '.')) * 60);
  const invalid =
    hours.trim() === '' || !Number.isFinite(minutes) || minutes < 0 || minutes > MAX_EXPECTED_WEEKLY_MINUTES;
  const current = `${hoursLabel(capacity.expectedWeeklyMinutes)} a week${capacity.isDefault ? ' (the default)' : ''}`;
  if (!canEdit) return <Typography variant="body2">Expected: {current}.</Typography>;
  const onSave = async () => {
    if (invalid) return;
    try {
      await save({ userId: capacity.userId, body: { expectedWeeklyMinutes: minutes } }).unwrap();
      toast.success(TIMESHEET_MESSAGES.capacityUpdated);
    } catch (err) {
      toast.error(errorMessage(err, 'The expected hours could not be saved'));
    }
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
      <TextField
        label="Expected hours per week"
        value={hours}
        onChange={(e) => setHours(e.target.value)}
        error={invalid}
        helperText={invalid ? `Between 0 and ${MAX_EXPECTED_WEEKLY_MINUTES / 60}` : `Now ${current}`}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        sx={{ width: { xs: '100%', sm: 260 } }}
      />
      <Button
        variant="contained"
        disabled={invalid || minutes === capacity.expectedWeeklyMinutes || saving.isLoading}
        onClick={() => void onSave()}
        sx={{ mt: { sm: 1 } }}
      >
        Save
      </Button>
    </Stack>
  );
}

/** A person's expected hours per week (their timesheet's target; employee:update edits). */
export function ExpectedHoursCard({ userId, canEdit }: { userId: string; canEdit: boolean }) {
  const { data, error, isLoading, refetch } = useCapacityQuery(userId);
  let body;
  if (isLoading) body = <LinearProgress aria-label="Loading the expected hours" />;
  else if (error || !data)
    body = (
      <ErrorPanel
        message={errorMessage(error, 'The expected hours could not be loaded')}
        onRetry={() => void refetch()}
      />
    );
  else body = <CapacityForm key={data.expectedWeeklyMinutes} capacity={data} canEdit={canEdit} />;
  return <MainCard title="Timesheet">{body}</MainCard>;
}
