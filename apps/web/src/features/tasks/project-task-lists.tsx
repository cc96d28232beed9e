import AddRounded from '@mui/icons-material/AddRounded';
import ArrowDownwardRounded from '@mui/icons-material/ArrowDownwardRounded';
import ArrowUpwardRounded from '@mui/icons-material/ArrowUpwardRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  createTaskListBodySchema,
  type CustomField,
  DEFAULT_PAGE,
  END_BEFORE_START,
  MAX_PAGE_SIZE,
  MESSAGES,
  type Person,
  type ProjectDetail,
  type TaskList,
} from '@taskhive/contract';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { errorMessage, fieldErrors } from '../../api/errors';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { ErrorPanel } from '../../components/error-panel';
import { FormDialog } from '../../components/form-dialog';
import { MainCard } from '../../components/main-card';
import { LIST_PAGE_SIZES } from '../../hooks/use-list-query';
import { useSession } from '../../hooks/use-session';
import { useToast } from '../../hooks/use-toast';
import { useZodForm } from '../../hooks/use-zod-form';
import { formatDate } from '../../lib/format';
import {
  CustomFieldCells,
  CustomFieldListBar,
  useCustomFieldListState,
  useEnabledCustomFields,
} from './custom-field-columns';
import { SelectPage, SelectTask, TaskBulkBar, useTaskSelection } from './task-bulk-bar';
import { ColumnChooser, columnOptions, fieldColumn, useVisibleColumns } from './task-columns';
import { TaskFormDialog } from './task-form-dialog';
import { LabelFilter } from '../../components/label-filter';
import { InlineAssignees, InlineDue, InlinePriority, InlineStatus, InlineTitle } from './task-inline-edit';
import { useOpenTask } from './task-link';
import {
  useCreateTaskListMutation,
  useDeleteTaskListMutation,
  useListListTasksQuery,
  useListTaskListsQuery,
  useUpdateTaskListMutation,
} from './tasks-api';

/** A date input answers '' when empty: the list's form sends that as no date (null). */
const formDate = z
  .union([z.literal(''), z.iso.date('Use a date like 2026-01-31')])
  .transform((v) => v || null);
const { name: listName, description: listDescription } = createTaskListBodySchema.shape;
const listForm = z
  .object({ name: listName, description: listDescription, startDate: formDate, endDate: formDate })
  .refine((b) => !b.startDate || !b.endDate || b.endDate >= b.startDate, {
    message: END_BEFORE_START,
    path: ['endDate'],
  });

/** "Mar 1, 2026 – Mar 14, 2026", "From Mar 1, 2026", "Until Mar 14, 2026", or null without dates. */
export function listDates(list: Pick<TaskList, 'startDate' | 'endDate'>): string | null {
  const { startDate: s, endDate: e } = list;
  if (s && e) return `${formatDate(s)} – ${formatDate(e)}`;
  if (s) return `From ${formatDate(s)}`;
  if (e) return `Until ${formatDate(e)}`;
  return null;
}

function TaskListDialog({
  projectId,
  list,
  onClose,
}: {
  projectId: string;
  list?: TaskList;
  onClose: () => void;
}) {
  const toast = useToast();
  const form = useZodForm(listForm, {
    name: list?.name ?? '',
    description: list?.description ?? '',
    startDate: list?.startDate ?? '',
    endDate: list?.endDate ?? '',
  });
  const [create, creating] = useCreateTaskListMutation();
  const [update, updating] = useUpdateTaskListMutation();
  const submit = async () => {
    const body = form.validate();
    if (!body) return;
    try {
      if (list) {
        await update({ projectId, listId: list.taskListId, body }).unwrap();
        toast.success(MESSAGES.taskLists.updated);
      } else {
        await create({ projectId, body }).unwrap();
        toast.success(MESSAGES.taskLists.created);
      }
      onClose();
    } catch (err) {
      form.setServerErrors(fieldErrors(err));
      toast.error(
        errorMessage(err, list ? MESSAGES.taskLists.updateFailed : MESSAGES.taskLists.createFailed),
      );
    }
  };
  return (
    <FormDialog
      open
      title={list ? 'Edit task list' : 'New task list'}
      submitLabel={list ? 'Save changes' : 'Create list'}
      busy={creating.isLoading || updating.isLoading}
      onSubmit={() => void submit()}
      onClose={onClose}
      maxWidth="xs"
    >
      <TextField label="List name" required autoFocus {...form.field('name')} />
      <TextField label="Description" multiline minRows={2} {...form.field('description')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
        <TextField
          label="Start date"
          type="date"
          slotProps={{ inputLabel: { shrink: true } }}
          {...form.field('startDate')}
        />
        <TextField
          label="End date"
          type="date"
          slotProps={{ inputLabel: { shrink: true } }}
          {...form.field('endDate')}
        />
      </Stack>
    </FormDialog>
  );
}

/** A whole number from the address within [1, max], else the fallback. */
function numberParam(value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER) {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
}

/** Issue 26: the label filter of every list (label ids, comma-separated), the board's parameter too. */
const LABELS_PARAM = 'labels';

/** The lists' label filter, in the address: a new choice starts every list at its first page. */
function ListsLabelFilter() {
  const [params, setParams] = useSearchParams();
  const value = params.get(LABELS_PARAM)?.split(',').filter(Boolean) ?? [];
  return (
    <LabelFilter
      value={value}
      width={240}
      onChange={(ids) =>
        setParams((current) => {
          const next = new URLSearchParams(current);
          for (const key of [...next.keys()]) if (key.startsWith('page.')) next.delete(key);
          if (ids.length) next.set(LABELS_PARAM, ids.join(','));
          else next.delete(LABELS_PARAM);
          return next;
        })
      }
    />
  );
}

/** The address's parameter for a list's page (`page.<taskListId>`): each list pages on its own. */
const pageParam = (taskListId: string) => `page.${taskListId}`;

/**
 * The lists' page size (`?pageSize=`, one for every list of the project) and each list's page, in
 * the address like every list's: a reload or a shared link shows the same pages.
 */
function useListPaging(taskListId: string) {
  const [params, setParams] = useSearchParams();
  const page = numberParam(params.get(pageParam(taskListId)), DEFAULT_PAGE);
  const pageSize = numberParam(params.get('pageSize'), LIST_PAGE_SIZES.tasks.size, MAX_PAGE_SIZE);
  const setPage = (p: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (p === DEFAULT_PAGE) next.delete(pageParam(taskListId));
      else next.set(pageParam(taskListId), String(p));
      return next;
    });
  const setPageSize = (size: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const key of [...next.keys()]) if (key.startsWith('page.')) next.delete(key);
      if (size === LIST_PAGE_SIZES.tasks.size) next.delete('pageSize');
      else next.set('pageSize', String(size));
      return next;
    });
  return { page, pageSize, setPage, setPageSize };
}

/** One list's tasks, a page at a time: each row edited in place, rows selected for bulk actions. */
function ListTasks({ list, fields, people }: { list: TaskList; fields: CustomField[]; people: Person[] }) {
  const open = useOpenTask();
  const { can } = useSession();
  const canEdit = can({ anyOf: ['task:update'] });
  const canDelete = can({ anyOf: ['task:delete'] });
  const { page, pageSize, setPage, setPageSize } = useListPaging(list.taskListId);
  const columns = useMemo(() => columnOptions(fields), [fields]);
  const { visible } = useVisibleColumns(columns);
  const shownFields = useMemo(
    () => fields.filter((f) => visible.has(fieldColumn(f.fieldId))),
    [fields, visible],
  );
  const labelIds = useSearchParams()[0].get(LABELS_PARAM) ?? '';
  const { cf, cfSort } = useCustomFieldListState(fields);
  const selection = useTaskSelection(`${page}:${pageSize}:${labelIds}:${cf ?? ''}:${cfSort ?? ''}`);
  const { currentData, data, error, isLoading, isFetching, refetch } = useListListTasksQuery({
    taskListId: list.taskListId,
    page,
    pageSize,
    ...(labelIds ? { labelIds } : {}),
    ...(cf ? { cf } : {}),
    ...(cfSort ? { cfSort } : {}),
  });
  const shown = currentData ?? data;
  if (isLoading) return <LinearProgress aria-label={`Loading tasks of ${list.name}`} />;
  if (error && !shown) {
    return (
      <ErrorPanel message={errorMessage(error, MESSAGES.tasks.fetchFailed)} onRetry={() => void refetch()} />
    );
  }
  if (!shown || shown.items.length === 0) return <EmptyState title="No tasks in this list yet" />;
  const selecting = canEdit || canDelete;
  return (
    <>
      {isFetching && <LinearProgress aria-label={`Updating tasks of ${list.name}`} />}
      {selecting && (
        <>
          <TaskBulkBar selection={selection} canUpdate={canEdit} canDelete={canDelete} />
          <SelectPage rows={shown.items} selection={selection} />
        </>
      )}
      <List dense disablePadding aria-label={`Tasks of ${list.name}`}>
        {shown.items.map((t) => (
          <ListItem
            key={t.taskId}
            divider
            disableGutters
            data-testid="list-task-row"
            sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
          >
            {selecting && <SelectTask task={t} selection={selection} />}
            <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
              <InlineTitle task={t} canEdit={canEdit} onOpen={open} />
            </Box>
            {visible.has('status') && <InlineStatus task={t} canEdit={canEdit} />}
            {visible.has('priority') && <InlinePriority task={t} canEdit={canEdit} />}
            {visible.has('due') && <InlineDue task={t} canEdit={canEdit} />}
            {visible.has('assignees') && <InlineAssignees task={t} canEdit={canEdit} />}
            <CustomFieldCells task={t} fields={shownFields} people={people} />
          </ListItem>
        ))}
      </List>
      <TablePagination
        component="div"
        count={shown.totalCount}
        page={page - 1}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[...LIST_PAGE_SIZES.tasks.options]}
        onPageChange={(_e, p) => setPage(p + 1)}
        onRowsPerPageChange={(e) => setPageSize(Number(e.target.value))}
        labelRowsPerPage="Per page"
      />
    </>
  );
}

/**
 * A list's actions: Add task, then move up and down, rename and delete. On a phone the four
 * list actions go into one "Actions" menu, so the list's name keeps the header's width.
 */
function ListActions({
  list,
  first,
  last,
  canCreateTask,
  canUpdate,
  canDelete,
  onAddTask,
  onMove,
  onRename,
  onDelete,
}: {
  list: TaskList;
  first: boolean;
  last: boolean;
  canCreateTask: boolean;
  canUpdate: boolean;
  canDelete: boolean;
  onAddTask: () => void;
  onMove: (by: -1 | 1) => void;
  onRename: () => void;
  onDelete: () => void;
}) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const pick = (action: () => void) => () => {
    setAnchor(null);
    action();
  };
  const addTask = canCreateTask && (
    <Tooltip title="Add task">
      <IconButton aria-label={`Add task to ${list.name}`} onClick={onAddTask}>
        <AddRounded />
      </IconButton>
    </Tooltip>
  );
  if (phone) {
    if (!canUpdate && !canDelete) return addTask || null;
    return (
      <Stack direction="row">
        {addTask}
        <IconButton
          aria-label={`Actions for ${list.name}`}
          aria-haspopup="menu"
          aria-expanded={Boolean(anchor)}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <MoreVertRounded />
        </IconButton>
        <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
          {canUpdate && [
            <MenuItem key="up" disabled={first} onClick={pick(() => onMove(-1))}>
              <ListItemIcon>
                <ArrowUpwardRounded fontSize="small" />
              </ListItemIcon>
              Move up
            </MenuItem>,
            <MenuItem key="down" disabled={last} onClick={pick(() => onMove(1))}>
              <ListItemIcon>
                <ArrowDownwardRounded fontSize="small" />
              </ListItemIcon>
              Move down
            </MenuItem>,
            <MenuItem key="rename" onClick={pick(onRename)}>
              <ListItemIcon>
                <EditOutlined fontSize="small" />
              </ListItemIcon>
              Rename
            </MenuItem>,
          ]}
          {canDelete && (
            <MenuItem onClick={pick(onDelete)}>
              <ListItemIcon>
                <DeleteOutlineRounded fontSize="small" />
              </ListItemIcon>
              Delete
            </MenuItem>
          )}
        </Menu>
      </Stack>
    );
  }
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', justifyContent: 'flex-end' }}>
      {addTask}
      {canUpdate && (
        <>
          <IconButton aria-label={`Move ${list.name} up`} disabled={first} onClick={() => onMove(-1)}>
            <ArrowUpwardRounded />
          </IconButton>
          <IconButton aria-label={`Move ${list.name} down`} disabled={last} onClick={() => onMove(1)}>
            <ArrowDownwardRounded />
          </IconButton>
          <IconButton aria-label={`Rename ${list.name}`} onClick={onRename}>
            <EditOutlined />
          </IconButton>
        </>
      )}
      {canDelete && (
        <IconButton aria-label={`Delete ${list.name}`} onClick={onDelete}>
          <DeleteOutlineRounded />
        </IconButton>
      )}
    </Stack>
  );
}

/** A project's task lists in order, each with its tasks: create, rename, reorder and delete lists. */
export function ProjectTaskLists({ project }: { project: ProjectDetail }) {
  const toast = useToast();
  const { can } = useSession();
  const { projectId } = project;
  const { currentData, error, isLoading, refetch } = useListTaskListsQuery(projectId);
  const [update] = useUpdateTaskListMutation();
  const [remove, removal] = useDeleteTaskListMutation();
  const [editing, setEditing] = useState<TaskList | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TaskList | null>(null);
  const [adding, setAdding] = useState<TaskList | null>(null);
  const canCreateList = can({ anyOf: ['tasklist:create'] });
  const canUpdateList = can({ anyOf: ['tasklist:update'] });
  const canDeleteList = can({ anyOf: ['tasklist:delete'] });
  const canCreateTask = can({ anyOf: ['task:create'] });
  const lists = currentData?.items ?? [];
  const customFields = useEnabledCustomFields(projectId);
  const columns = useMemo(() => columnOptions(customFields), [customFields]);

  /** Up: take the previous list's place; down: the place after the next list. */
  const moveList = async (list: TaskList, toIndex: number) => {
    const from = lists.indexOf(list);
    const neighbour = lists[toIndex];
    if (!neighbour) return;
    const sortOrder = toIndex < from ? neighbour.sortOrder : neighbour.sortOrder + 1;
    try {
      await update({ projectId, listId: list.taskListId, body: { sortOrder }, toIndex }).unwrap();
      toast.success(MESSAGES.taskLists.updated);
    } catch (err) {
      toast.error(errorMessage(err, MESSAGES.taskLists.updateFailed));
    }
  };

  const onDelete = async () => {
    if (!deleting) return;
    try {
      await remove({ projectId, listId: deleting.taskListId }).unwrap();
      toast.success(MESSAGES.taskLists.deleted);
      setDeleting(null);
    } catch (err) {
      toast.error(errorMessage(err, MESSAGES.taskLists.deleteFailed));
    }
  };

  let body;
  if (isLoading) body = <LinearProgress aria-label="Loading task lists" />;
  else if (error && !currentData) {
    body = (
      <ErrorPanel
        message={errorMessage(error, MESSAGES.taskLists.fetchFailed)}
        onRetry={() => void refetch()}
      />
    );
  } else if (lists.length === 0) {
    body = (
      <EmptyState
        title="No task lists yet"
        description={canCreateList ? 'Create a list to group the tasks of this project.' : undefined}
      />
    );
  } else {
    body = lists.map((list, i) => (
      <MainCard
        key={list.taskListId}
        data-testid="task-list"
        title={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
            <Box component="span" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {list.name}
            </Box>
            <Chip size="small" label={`${list.taskCount} ${list.taskCount === 1 ? 'task' : 'tasks'}`} />
          </Stack>
        }
        subheader={[`${list.overallProgress}% done`, listDates(list), list.description]
          .filter(Boolean)
          .join(' · ')}
        action={
          <ListActions
            list={list}
            first={i === 0}
            last={i === lists.length - 1}
            canCreateTask={canCreateTask}
            canUpdate={canUpdateList}
            canDelete={canDeleteList}
            onAddTask={() => setAdding(list)}
            onMove={(to) => void moveList(list, i + to)}
            onRename={() => setEditing(list)}
            onDelete={() => setDeleting(list)}
          />
        }
        sx={{ height: 'auto' }}
      >
        <LinearProgress
          variant="determinate"
          value={list.overallProgress}
          aria-label={`${list.name} progress ${list.overallProgress}%`}
          sx={{ mb: 1.5, height: 4, borderRadius: 2 }}
        />
        <ListTasks list={list} fields={customFields} people={project.projectMembers} />
      </MainCard>
    ));
  }

  return (
    <Stack spacing={2}>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap' }}
      >
        <ListsLabelFilter />
        <Stack direction="row" spacing={1} useFlexGap sx={{ ml: 'auto', flexWrap: 'wrap' }}>
          <ColumnChooser options={columns} />
          {canCreateList && (
            <Button variant="contained" startIcon={<AddRounded />} onClick={() => setEditing('new')}>
              New task list
            </Button>
          )}
        </Stack>
      </Stack>
      <CustomFieldListBar projectId={projectId} fields={customFields} people={project.projectMembers} />
      {body}
      {editing && (
        <TaskListDialog
          projectId={projectId}
          list={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {adding && (
        <TaskFormDialog
          taskListId={adding.taskListId}
          members={project.projectMembers}
          onClose={() => setAdding(null)}
        />
      )}
      <ConfirmDialog
        open={Boolean(deleting)}
        title="Delete task list?"
        busy={removal.isLoading}
        onConfirm={() => void onDelete()}
        onClose={() => setDeleting(null)}
      >
        {deleting?.name} and its {deleting?.taskCount ?? 0} tasks will be deleted.
      </ConfirmDialog>
    </Stack>
  );
}
