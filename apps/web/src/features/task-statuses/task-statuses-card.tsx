import AddRounded from '@mui/icons-material/AddRounded';
import ArrowDownwardRounded from '@mui/icons-material/ArrowDownwardRounded';
import ArrowUpwardRounded from '@mui/icons-material/ArrowUpwardRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  createTaskStatusBodySchema,
  DEFAULT_TASK_STATUSES,
  MESSAGES,
  type TaskStatus,
} from '@taskhive/contract';
import { useEffect, useState } from 'react';
import { errorMessage, fieldErrors } from '../../api/errors';
import { useListTaskStatusesQuery } from '../../api/task-statuses-api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorPanel } from '../../components/error-panel';
import { MainCard } from '../../components/main-card';
import { useToast } from '../../hooks/use-toast';
import { useZodForm } from '../../hooks/use-zod-form';
import {
  useCreateTaskStatusMutation,
  useDeleteTaskStatusMutation,
  useUpdateTaskStatusMutation,
} from './task-statuses-api';

const newStatusForm = createTaskStatusBodySchema.pick({ name: true, color: true });
/** The colour a new status starts with, before the admin picks one (the first default status's). */
const START_COLOR = DEFAULT_TASK_STATUSES[0].color;

function StatusRow({
  status,
  index,
  count,
  canEdit,
  onMove,
  onDelete,
}: {
  status: TaskStatus;
  index: number;
  count: number;
  canEdit: boolean;
  onMove: (to: number) => void;
  onDelete: () => void;
}) {
  const toast = useToast();
  const [update] = useUpdateTaskStatusMutation();
  const [name, setName] = useState(status.name);
  const [color, setColor] = useState(status.color);
  useEffect(() => setName(status.name), [status.name]);
  useEffect(() => setColor(status.color), [status.color]);

  const save = async (body: { name?: string; color?: string }) => {
    try {
      await update({ id: status.statusId, body }).unwrap();
      toast.success(MESSAGES.taskStatuses.updated);
    } catch (err) {
      setName(status.name);
      setColor(status.color);
      toast.error(errorMessage(err, MESSAGES.toasts.updateFailed));
    }
  };

  return (
    <ListItem disableGutters divider sx={{ gap: 1, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
      <Box
        component="input"
        type="color"
        value={color}
        disabled={!canEdit}
        aria-label={`Colour of ${status.name}`}
        onChange={(e: React.ChangeEvent<HTMLInputElement>) => setColor(e.target.value)}
        onBlur={() => color !== status.color && void save({ color })}
        sx={{ width: 36, height: 32, p: 0, border: 0, bgcolor: 'transparent', cursor: 'pointer' }}
      />
      <TextField
        size="small"
        value={name}
        disabled={!canEdit}
        onChange={(e) => setName(e.target.value)}
        onBlur={() => name.trim() && name.trim() !== status.name && void save({ name: name.trim() })}
        slotProps={{ htmlInput: { 'aria-label': `Name of ${status.name}`, maxLength: 50 } }}
        sx={{ flex: 1, minWidth: 140 }}
      />
      <Typography variant="caption" color="text.secondary" sx={{ minWidth: 64 }}>
        {status.usageCount} in use
      </Typography>
      {canEdit && (
        <Stack direction="row">
          <IconButton
            aria-label={`Move ${status.name} up`}
            disabled={index === 0}
            onClick={() => onMove(index - 1)}
          >
            <ArrowUpwardRounded />
          </IconButton>
          <IconButton
            aria-label={`Move ${status.name} down`}
            disabled={index === count - 1}
            onClick={() => onMove(index + 1)}
          >
            <ArrowDownwardRounded />
          </IconButton>
          {status.builtIn ? (
            <Tooltip title={MESSAGES.taskStatuses.builtInCannotBeDeleted}>
              <span>
                <IconButton aria-label={`${status.name} cannot be deleted`} disabled>
                  <LockOutlined />
                </IconButton>
              </span>
            </Tooltip>
          ) : (
            <IconButton aria-label={`Delete ${status.name}`} onClick={onDelete}>
              <DeleteOutlineRounded />
            </IconButton>
          )}
        </Stack>
      )}
    </ListItem>
  );
}

/**
 * The company's task statuses (also its project statuses): name, colour and order; a company
 * admin adds, edits, reorders and deletes them (a status in use moves its tasks first).
 */
export function TaskStatusesCard({ canEdit }: { canEdit: boolean }) {
  const toast = useToast();
  const { currentData: statuses, error, isLoading, refetch } = useListTaskStatusesQuery();
  const [create, creating] = useCreateTaskStatusMutation();
  const [update] = useUpdateTaskStatusMutation();
  const [remove, removal] = useDeleteTaskStatusMutation();
  const form = useZodForm(newStatusForm, { name: '', color: START_COLOR });
  const [deleting, setDeleting] = useState<TaskStatus | null>(null);
  const [moveTo, setMoveTo] = useState('');
  const list = statuses ?? [];

  const onCreate = async () => {
    const body = form.validate();
    if (!body) return;
    try {
      await create(body).unwrap();
      toast.success(MESSAGES.taskStatuses.created);
      form.setValues({ name: '', color: START_COLOR });
    } catch (err) {
      form.setServerErrors(fieldErrors(err));
      toast.error(errorMessage(err, MESSAGES.toasts.creationFailed));
    }
  };

  /** Up: take the previous status's place; down: the place after the next one. */
  const onMove = async (status: TaskStatus, toIndex: number) => {
    const from = list.indexOf(status);
    const neighbour = list[toIndex];
    if (!neighbour) return;
    const sortOrder = toIndex < from ? neighbour.sortOrder : neighbour.sortOrder + 1;
    try {
      await update({ id: status.statusId, body: { sortOrder }, toIndex }).unwrap();
      toast.success(MESSAGES.taskStatuses.updated);
    } catch (err) {
      toast.error(errorMessage(err, MESSAGES.toasts.updateFailed));
    }
  };

  const onDelete = async () => {
    if (!deleting) return;
    try {
      await remove({ id: deleting.statusId, moveTo: moveTo || undefined }).unwrap();
      toast.success(MESSAGES.taskStatuses.deleted);
      setDeleting(null);
    } catch (err) {
      toast.error(errorMessage(err, MESSAGES.toasts.deleteFailed));
    }
  };

  let body;
  if (isLoading) body = <LinearProgress aria-label="Loading statuses" />;
  else if (error && !statuses) {
    body = (
      <ErrorPanel
        message={errorMessage(error, MESSAGES.taskStatuses.fetchFailed)}
        onRetry={() => void refetch()}
      />
    );
  } else {
    body = (
      <List dense disablePadding aria-label="Task statuses">
        {list.map((s, i) => (
          <StatusRow
            key={s.statusId}
            status={s}
            index={i}
            count={list.length}
            canEdit={canEdit}
            onMove={(to) => void onMove(s, to)}
            onDelete={() => {
              setMoveTo('');
              setDeleting(s);
            }}
          />
        ))}
      </List>
    );
  }

  return (
    <MainCard title="Task statuses" subheader="The columns of every board, in order; projects use them too.">
      {body}
      {canEdit && (
        <Stack
          direction="row"
          spacing={1}
          component="form"
          noValidate
          sx={{ mt: 2, alignItems: 'flex-start' }}
          onSubmit={(e) => {
            e.preventDefault();
            void onCreate();
          }}
        >
          <Box
            component="input"
            type="color"
            name="color"
            value={form.values.color}
            aria-label="Colour of the new status"
            onChange={form.field('color').onChange}
            sx={{ width: 36, height: 40, p: 0, border: 0, bgcolor: 'transparent', cursor: 'pointer' }}
          />
          <TextField
            size="small"
            placeholder="New status"
            {...form.field('name')}
            slotProps={{ htmlInput: { 'aria-label': 'New status name' } }}
          />
          <Button type="submit" variant="outlined" startIcon={<AddRounded />} disabled={creating.isLoading}>
            Add
          </Button>
        </Stack>
      )}
      <ConfirmDialog
        open={Boolean(deleting)}
        title="Delete status?"
        busy={removal.isLoading}
        onConfirm={() => void onDelete()}
        onClose={() => setDeleting(null)}
      >
        <Stack spacing={2}>
          <span>
            {deleting?.name} will be deleted.
            {deleting && deleting.usageCount > 0
              ? ` Its ${deleting.usageCount} tasks and projects move to the status you choose.`
              : ''}
          </span>
          {deleting && deleting.usageCount > 0 && (
            <TextField
              select
              size="small"
              label="Move them to"
              value={moveTo}
              onChange={(e) => setMoveTo(e.target.value)}
            >
              {list
                .filter((s) => s.statusId !== deleting.statusId)
                .map((s) => (
                  <MenuItem key={s.statusId} value={s.statusId}>
                    {s.name}
                  </MenuItem>
                ))}
            </TextField>
          )}
        </Stack>
      </ConfirmDialog>
    </MainCard>
  );
}
