import Autocomplete from '@mui/material/Autocomplete';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { createTaskBodySchema, MESSAGES, type Person, type TaskDetail } from '@taskhive/contract';
import { useState } from 'react';
import { z } from 'zod';
import { errorMessage, fieldErrors } from '../../api/errors';
import { useListTaskPrioritiesQuery, useListTaskStatusesQuery } from '../../api/task-statuses-api';
import { FormDialog } from '../../components/form-dialog';
import { useToast } from '../../hooks/use-toast';
import { useZodForm } from '../../hooks/use-zod-form';
import { useCreateTaskMutation } from './tasks-api';

const DATES = new Set(['startDate', 'dueDate']);
/** Form fields are strings: an empty date or priority is none, an empty status the default, hours a number. */
const fromForm = (v: unknown) => {
  if (typeof v !== 'object' || v === null) return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    if (x === '' && DATES.has(k)) out[k] = null;
    else if (x === '' && k === 'priorityId') out[k] = null;
    else if (x === '' && (k === 'statusId' || k === 'estimatedHours')) out[k] = undefined;
    else if (k === 'estimatedHours') out[k] = Number(x);
    else out[k] = x;
  }
  return out;
};
const formSchema = z.preprocess(fromForm, createTaskBodySchema);

/** A new task in a list: it appears at the front of the list and the board. */
export function TaskFormDialog({
  taskListId,
  members,
  onClose,
  onCreated,
}: {
  taskListId: string;
  /** The project's members: who can be assigned. */
  members: readonly Person[];
  onClose: () => void;
  /** Told the new task (the palette's "Create task…" opens it). */
  onCreated?: (task: TaskDetail) => void;
}) {
  const toast = useToast();
  const { data: statuses = [] } = useListTaskStatusesQuery();
  const { data: priorities = [] } = useListTaskPrioritiesQuery();
  const form = useZodForm(formSchema, {
    title: '',
    description: '',
    statusId: '',
    priorityId: '',
    startDate: '',
    dueDate: '',
    estimatedHours: '',
  });
  const [assignees, setAssignees] = useState<Person[]>([]);
  const [create, creating] = useCreateTaskMutation();

  const submit = async () => {
    const body = form.validate();
    if (!body) return;
    try {
      const created = await create({
        taskListId,
        body: { ...body, assigneeIds: assignees.map((a) => a.userId) },
      }).unwrap();
      toast.success(MESSAGES.tasks.created);
      onCreated?.(created);
      onClose();
    } catch (err) {
      form.setServerErrors(fieldErrors(err));
      toast.error(errorMessage(err, MESSAGES.tasks.createUnexpected));
    }
  };

  const date = { slotProps: { inputLabel: { shrink: true } }, type: 'date' } as const;
  return (
    <FormDialog
      open
      title="New task"
      submitLabel="Create task"
      busy={creating.isLoading}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Grid container columnSpacing={2} rowSpacing={1}>
        <Grid size={12}>
          <TextField label="Title" required autoFocus {...form.field('title')} />
        </Grid>
        <Grid size={12}>
          <TextField label="Description" multiline minRows={2} {...form.field('description')} />
        </Grid>
        <Grid size={{ xs: 6, sm: 4 }}>
          <TextField select label="Status" {...form.field('statusId')}>
            {statuses.map((s) => (
              <MenuItem key={s.statusId} value={s.statusId}>
                {s.name}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 6, sm: 4 }}>
          <TextField select label="Priority" {...form.field('priorityId')}>
            <MenuItem value="">None</MenuItem>
            {priorities.map((p) => (
              <MenuItem key={p.priorityId} value={p.priorityId}>
                {p.name}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField
            label="Estimated hours"
            type="number"
            slotProps={{ htmlInput: { min: 0, step: 0.5 } }}
            {...form.field('estimatedHours')}
          />
        </Grid>
        <Grid size={6}>
          <TextField label="Start date" {...date} {...form.field('startDate')} />
        </Grid>
        <Grid size={6}>
          <TextField label="Due date" {...date} {...form.field('dueDate')} />
        </Grid>
        <Grid size={12}>
          <Autocomplete
            multiple
            options={members}
            value={assignees}
            onChange={(_e, v) => setAssignees(v)}
            getOptionLabel={(p) => `${p.firstName} ${p.lastName}`}
            isOptionEqualToValue={(a, b) => a.userId === b.userId}
            renderInput={(params) => (
              <TextField {...params} label="Assignees" helperText="Members of the project" />
            )}
          />
        </Grid>
      </Grid>
    </FormDialog>
  );
}
