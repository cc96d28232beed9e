import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { createTodoBodySchema, TODO_MESSAGES, type TaskStatus, type Todo } from '@taskhive/contract';
import { useState } from 'react';
import { z } from 'zod';
import { errorMessage, fieldErrors } from '../../api/errors';
import { useListTaskPrioritiesQuery } from '../../api/task-statuses-api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormDialog } from '../../components/form-dialog';
import { ListTable, type ListColumn } from '../../components/list-table';
import { MainCard } from '../../components/main-card';
import { hideBelowMd } from '../../components/sortable-table-head';
import { useToast } from '../../hooks/use-toast';
import { useZodForm } from '../../hooks/use-zod-form';
import { DueDate, PriorityChip } from './task-bits';
import type { TaskQuery } from './tasks-api';
import {
  DEFAULT_TODO_QUERY,
  type TodoQuery,
  type TodoSortField,
  useCreateTodoMutation,
  useDeleteTodoMutation,
  useListTodosQuery,
  useUpdateTodoMutation,
} from './todos-api';

const TODO_PAGE_SIZES = [5, 10, 25, 50] as const;

/** Form fields are strings: an empty date or priority is none. */
const fromForm = (v: unknown) => {
  if (typeof v !== 'object' || v === null) return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) out[k] = x === '' && k !== 'title' ? null : x;
  return out;
};
const formSchema = z.preprocess(fromForm, createTodoBodySchema);

/**
 * My Tasks' status filter, as a to-do has it (done or not): none or a mix of done and open
 * statuses: every to-do; only done statuses: the done ones; only open statuses: the open ones.
 */
export function doneFilter(
  statusNames: readonly string[],
  statuses: readonly TaskStatus[],
): TodoQuery['done'] {
  if (statusNames.length === 0) return '';
  const done = new Set(statuses.filter((s) => s.builtIn === 'completed').map((s) => s.name.toLowerCase()));
  const picked = statusNames.map((n) => n.toLowerCase());
  const someDone = picked.some((n) => done.has(n));
  const someOpen = picked.some((n) => !done.has(n));
  return someDone && someOpen ? '' : someDone ? 'true' : 'false';
}

/** A new to-do, or one of mine to change: title, due date, priority. */
function TodoFormDialog({ todo, onClose }: { todo?: Todo; onClose: () => void }) {
  const toast = useToast();
  const { data: priorities = [] } = useListTaskPrioritiesQuery();
  const form = useZodForm(formSchema, {
    title: todo?.title ?? '',
    dueDate: todo?.dueDate ?? '',
    priorityId: todo?.priorityId ?? '',
  });
  const [create, creating] = useCreateTodoMutation();
  const [update, updating] = useUpdateTodoMutation();

  const submit = async () => {
    const body = form.validate();
    if (!body) return;
    try {
      if (todo) await update({ todoId: todo.todoId, body }).unwrap();
      else await create(body).unwrap();
      toast.success(todo ? TODO_MESSAGES.updated : TODO_MESSAGES.created);
      onClose();
    } catch (err) {
      form.setServerErrors(fieldErrors(err));
      toast.error(errorMessage(err, todo ? TODO_MESSAGES.updateFailed : TODO_MESSAGES.createFailed));
    }
  };

  return (
    <FormDialog
      open
      title={todo ? 'Edit to-do' : 'New personal to-do'}
      submitLabel={todo ? 'Save' : 'Add to-do'}
      busy={creating.isLoading || updating.isLoading}
      onSubmit={() => void submit()}
      onClose={onClose}
      maxWidth="xs"
    >
      <Grid container columnSpacing={2} rowSpacing={1}>
        <Grid size={12}>
          <TextField label="Title" required autoFocus {...form.field('title')} />
        </Grid>
        <Grid size={6}>
          <TextField
            label="Due date"
            type="date"
            slotProps={{ inputLabel: { shrink: true } }}
            {...form.field('dueDate')}
          />
        </Grid>
        <Grid size={6}>
          <TextField select label="Priority" {...form.field('priorityId')}>
            <MenuItem value="">None</MenuItem>
            {priorities.map((p) => (
              <MenuItem key={p.priorityId} value={p.priorityId}>
                {p.name}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={12}>
          <Typography variant="caption" color="text.secondary">
            Only you can see your personal to-dos.
          </Typography>
        </Grid>
      </Grid>
    </FormDialog>
  );
}

function DoneBox({ todo }: { todo: Todo }) {
  const toast = useToast();
  const [update] = useUpdateTodoMutation();
  const toggle = async () => {
    try {
      await update({ todoId: todo.todoId, body: { done: !todo.done } }).unwrap();
    } catch (err) {
      toast.error(errorMessage(err, TODO_MESSAGES.updateFailed));
    }
  };
  return (
    <Checkbox
      size="small"
      checked={todo.done}
      onChange={() => void toggle()}
      slotProps={{ input: { 'aria-label': `${todo.done ? 'Reopen' : 'Complete'} ${todo.title}` } }}
    />
  );
}

/** Below the small breakpoint the due date moves under the title (its column would crowd the row). */
const hideBelowSm = { display: { xs: 'none', sm: 'table-cell' } } as const;

const COLUMNS: ListColumn<Todo, TodoSortField>[] = [
  {
    id: 'title',
    label: 'To-do',
    cell: (t) => (
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
        <DoneBox todo={t} />
        <Stack spacing={0.5} sx={{ pt: 0.75, minWidth: 0 }}>
          <Typography
            variant="body2"
            sx={{
              fontWeight: 600,
              textDecoration: t.done ? 'line-through' : undefined,
              color: t.done ? 'text.secondary' : 'text.primary',
              overflowWrap: 'break-word',
            }}
          >
            {t.title}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Chip size="small" label="Personal" color="secondary" variant="outlined" />
            <Stack component="span" sx={{ display: { sm: 'none' } }}>
              <DueDate task={t} />
            </Stack>
          </Stack>
        </Stack>
      </Stack>
    ),
  },
  { id: 'priority', label: 'Priority', cell: (t) => <PriorityChip name={t.priorityName} />, sx: hideBelowMd },
  { id: 'dueDate', label: 'Due', cell: (t) => <DueDate task={t} />, sx: hideBelowSm },
];

export interface PersonalTodosProps {
  /** My Tasks' query: its search, priority, due-date and status filters apply to the to-dos too. */
  filters: TaskQuery;
  statuses: readonly TaskStatus[];
}

/**
 * My personal to-dos, in My Tasks beside my tasks (issue 24): tasks of my own outside every
 * project, marked Personal; only I see them. Added, changed, ticked off and deleted here.
 * Their page and sort are this card's own (the task list's own are in the address).
 */
export function PersonalTodos({ filters, statuses }: PersonalTodosProps) {
  const toast = useToast();
  const [page, setPage] = useState<Pick<TodoQuery, 'page' | 'pageSize' | 'sortBy' | 'sortOrder'>>({
    page: 1,
    pageSize: DEFAULT_TODO_QUERY.pageSize,
    sortBy: DEFAULT_TODO_QUERY.sortBy,
    sortOrder: DEFAULT_TODO_QUERY.sortOrder,
  });
  const [editing, setEditing] = useState<Todo | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Todo | null>(null);
  const query: TodoQuery = {
    ...page,
    search: filters.search,
    priorityNames: filters.priorityNames,
    dueDateFrom: filters.dueDateFrom,
    dueDateTo: filters.dueDateTo,
    done: doneFilter(filters.statusNames, statuses),
  };
  const { data, currentData, error, isLoading, isFetching, refetch } = useListTodosQuery(query);
  const shown = currentData ?? data;
  const [remove, removing] = useDeleteTodoMutation();
  const filtered =
    query.search !== '' ||
    query.priorityNames.length > 0 ||
    Boolean(query.dueDateFrom || query.dueDateTo || query.done);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove(deleting.todoId).unwrap();
      toast.success(TODO_MESSAGES.deleted);
      setDeleting(null);
    } catch (err) {
      toast.error(errorMessage(err, TODO_MESSAGES.deleteFailed));
    }
  };

  return (
    <MainCard
      title="Personal to-dos"
      subheader="Only you see these"
      action={
        <Button startIcon={<AddRounded />} onClick={() => setEditing('new')} sx={{ whiteSpace: 'nowrap' }}>
          Add to-do
        </Button>
      }
      sx={{ '& .MuiCardHeader-root': { flexWrap: 'wrap', rowGap: 1 } }}
    >
      <ListTable
        label="Personal to-dos"
        noun="to-dos"
        columns={COLUMNS}
        rows={shown?.items}
        rowKey={(t) => t.todoId}
        rowProps={{ 'data-testid': 'todo-row' }}
        actions={(t) => (
          <>
            <Tooltip title="Edit">
              <IconButton size="small" aria-label={`Edit ${t.title}`} onClick={() => setEditing(t)}>
                <EditOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title="Delete">
              <IconButton size="small" aria-label={`Delete ${t.title}`} onClick={() => setDeleting(t)}>
                <DeleteOutlineRounded fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        )}
        total={shown?.totalCount ?? 0}
        page={query.page}
        pageSize={query.pageSize}
        pageSizeOptions={TODO_PAGE_SIZES}
        onPageChange={(p) => setPage((s) => ({ ...s, page: p }))}
        onPageSizeChange={(n) => setPage((s) => ({ ...s, page: 1, pageSize: n }))}
        sortBy={query.sortBy}
        sortOrder={query.sortOrder}
        onSort={(f) =>
          setPage((s) => ({
            ...s,
            page: 1,
            sortBy: f,
            sortOrder: s.sortBy === f && s.sortOrder === 'asc' ? 'desc' : 'asc',
          }))
        }
        isLoading={isLoading}
        isFetching={isFetching}
        error={currentData ? undefined : error}
        errorFallback={TODO_MESSAGES.fetchFailed}
        onRetry={() => void refetch()}
        empty={{
          title: filtered ? 'No to-dos match these filters' : 'No personal to-dos',
          description: filtered ? undefined : 'Add one for anything of your own that belongs to no project.',
        }}
      />
      {editing && (
        <TodoFormDialog todo={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this to-do?"
        busy={removing.isLoading}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      >
        {deleting ? `“${deleting.title}” will be deleted.` : ''}
      </ConfirmDialog>
    </MainCard>
  );
}
