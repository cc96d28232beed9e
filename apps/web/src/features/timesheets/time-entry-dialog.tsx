import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { createTimeLogBodySchema, DURATION_HINT, MESSAGES, type TimeLog } from '@taskhive/contract';
import { useState } from 'react';
import { errorMessage, fieldErrors } from '../../api/errors';
import { FormDialog } from '../../components/form-dialog';
import { useToast } from '../../hooks/use-toast';
import { useZodForm } from '../../hooks/use-zod-form';
import { addDays, localDay } from './days';
import { useCreateTimeLogMutation, useMyTaskOptionsQuery, useUpdateTimeLogMutation } from './timesheets-api';

const formSchema = createTimeLogBodySchema.pick({
  taskId: true,
  loggedAt: true,
  duration: true,
  description: true,
});

/**
 * Log time, or edit an entry: task (fixed when `taskId` is given), day (today by default; never
 * in the future), duration (1:30, 1.5, 1h 30m or 90m: the contract's parseDuration), description and billable.
 */
export function TimeEntryDialog({
  entry,
  taskId,
  onClose,
}: {
  entry?: TimeLog;
  taskId?: string;
  onClose: () => void;
}) {
  const toast = useToast();
  const fixedTask = entry?.taskId ?? taskId;
  const { data: tasks = [], isLoading: tasksLoading } = useMyTaskOptionsQuery(
    fixedTask ? skipToken : undefined,
  );
  const form = useZodForm(formSchema, {
    taskId: fixedTask ?? '',
    loggedAt: entry?.loggedAt ?? localDay(),
    duration: entry?.duration ?? '',
    description: entry?.description ?? '',
  });
  const [billable, setBillable] = useState(entry?.billable ?? true);
  const [create, creating] = useCreateTimeLogMutation();
  const [update, updating] = useUpdateTimeLogMutation();

  const submit = async () => {
    const valid = form.validate();
    if (!valid) return;
    const body = { ...form.values, billable };
    try {
      if (entry) {
        await update({ id: entry.timeLogId, body }).unwrap();
        toast.success(MESSAGES.timesheets.updated);
      } else {
        await create(body).unwrap();
        toast.success(MESSAGES.timesheets.created);
      }
      onClose();
    } catch (err) {
      form.setServerErrors(fieldErrors(err));
      toast.error(
        errorMessage(err, entry ? MESSAGES.timesheets.updateFailed : MESSAGES.timesheets.createFailed),
      );
    }
  };

  return (
    <FormDialog
      open
      title={entry ? 'Edit time entry' : 'Log time'}
      submitLabel={entry ? 'Save' : 'Log time'}
      busy={creating.isLoading || updating.isLoading}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Stack spacing={1} sx={{ pt: 1 }}>
        {fixedTask ? (
          entry && (
            <TextField label="Task" value={`${entry.projectName} · ${entry.taskTitle ?? ''}`} disabled />
          )
        ) : (
          <TextField
            select
            label="Task"
            required
            {...form.field('taskId')}
            disabled={tasksLoading}
            helperText={
              form.errors.taskId ??
              (tasks.length === 0 && !tasksLoading ? 'No tasks are assigned to you' : ' ')
            }
          >
            {tasks.map((t) => (
              <MenuItem key={t.taskId} value={t.taskId}>
                {t.projectName} · {t.title}
              </MenuItem>
            ))}
          </TextField>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label="Day"
            type="date"
            required
            {...form.field('loggedAt')}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: addDays(localDay(), 0) } }}
            fullWidth
          />
          <TextField
            label="Duration"
            required
            placeholder="1:30"
            {...form.field('duration')}
            // How to type it, until an error takes its place.
            helperText={form.errors.duration ?? DURATION_HINT}
            fullWidth
          />
        </Stack>
        <TextField label="Description" multiline minRows={2} {...form.field('description')} />
        <FormControlLabel
          control={<Switch checked={billable} onChange={(e) => setBillable(e.target.checked)} />}
          label="Billable"
        />
      </Stack>
    </FormDialog>
  );
}
