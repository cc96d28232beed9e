import SearchRounded from '@mui/icons-material/SearchRounded';
import Autocomplete from '@mui/material/Autocomplete';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { MAX_PAGE_SIZE, MESSAGES, type Paged, type Task, type TaskStatus } from '@taskhive/contract';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../api/errors';
import { DEFAULT_PROJECT_QUERY, useListProjectsQuery } from '../../api/projects-api';
import { useListTaskPrioritiesQuery, useListTaskStatusesQuery } from '../../api/task-statuses-api';
import { EmptyState } from '../../components/empty-state';
import { ErrorPanel } from '../../components/error-panel';
import { ListTable, type ListColumn } from '../../components/list-table';
import { MainCard } from '../../components/main-card';
import { MultiFilter } from '../../components/multi-filter';
import { PageHeader } from '../../components/page-header';
import { hideBelowMd } from '../../components/sortable-table-head';
import { LIST_PAGE_SIZES, useListQuery } from '../../hooks/use-list-query';
import { useSession } from '../../hooks/use-session';
import { SelectPage, SelectTask, TaskBulkBar, type TaskSelection, useTaskSelection } from './task-bulk-bar';
import { TaskBoard } from './task-board';
import { TaskDetailDrawer, type TaskDetailDrawerProps } from './task-detail-drawer';
import { LabelFilter } from '../../components/label-filter';
import { InlineAssignees, InlineDue, InlinePriority, InlineStatus, InlineTitle } from './task-inline-edit';
import { OpenTaskProvider, useOpenTask } from './task-link';
import {
  boardQuery,
  DEFAULT_TASK_QUERY,
  useListAllTasksQuery,
  useListMyTasksQuery,
  type TaskQuery,
  type TaskSortField,
} from './tasks-api';

const PROJECT_OPTIONS_QUERY = {
  ...DEFAULT_PROJECT_QUERY,
  pageSize: MAX_PAGE_SIZE,
  sortBy: 'name' as const,
  sortOrder: 'asc' as const,
};

/** The page's query: the API's defaults, a screen of rows a page. */
const TASKS_QUERY: TaskQuery = { ...DEFAULT_TASK_QUERY, pageSize: LIST_PAGE_SIZES.tasks.size };

type View = 'list' | 'board' | 'timesheet';

/**
 * Which tasks the screen lists: mine (My Tasks, /Tasks/users/mytasks) or every task of the
 * company (All Tasks, /Tasks/all, for holders of task:read:all). Both take the same query.
 */
export type TaskScope = 'mine' | 'all';

const LISTS = {
  mine: {
    useTasks: useListMyTasksQuery,
    title: 'My tasks',
    label: 'My tasks',
    lead: 'Everything assigned to you, across projects',
    counted: (n: number) => `${n} ${n === 1 ? 'task' : 'tasks'} assigned to you`,
    nothing: 'Nothing assigned to you',
    clear: 'Clear the search or the filters to see all your tasks.',
  },
  all: {
    useTasks: useListAllTasksQuery,
    title: 'All tasks',
    label: 'All tasks',
    lead: 'Every task of every project in the company',
    counted: (n: number) => `${n} ${n === 1 ? 'task' : 'tasks'} across the company`,
    nothing: 'No tasks yet',
    clear: 'Clear the search or the filters to see every task.',
  },
} as const;

export interface TaskListScreenProps extends TaskDetailDrawerProps {
  scope: TaskScope;
  /** The Timesheet tab's content (the time issue supplies it through app/); no tab without it. */
  timesheet?: ReactNode;
  /**
   * What the list and board views show after the tasks, given the query the address holds (My
   * Tasks: the personal to-dos, which its filters narrow too).
   */
  after?: (query: TaskQuery, statuses: readonly TaskStatus[]) => ReactNode;
  /** Issue 26: the saved-views control beside the title (the saved-views feature, through app/). */
  views?: ReactNode;
}

/** The rows' columns: a checkbox when bulk actions are allowed, then the task's cells, each edited in place. */
function columnsOf(
  scope: TaskScope,
  o: {
    canEdit: boolean;
    selection: TaskSelection | null;
    open: (taskId: string) => void;
  },
): ListColumn<Task, TaskSortField>[] {
  const { canEdit, selection, open } = o;
  const columns: ListColumn<Task, TaskSortField>[] = [
    ...(selection
      ? [
          {
            id: null,
            label: '',
            cell: (t: Task) => <SelectTask task={t} selection={selection} />,
            sx: { width: 40, px: 0.5 },
          },
        ]
      : []),
    { id: 'title', label: 'Task', cell: (t) => <InlineTitle task={t} canEdit={canEdit} onOpen={open} /> },
    { id: null, label: 'Project', cell: (t) => t.projectName, sx: hideBelowMd },
    {
      id: null,
      label: 'Assignees',
      cell: (t) => <InlineAssignees task={t} canEdit={canEdit} />,
      sx: hideBelowMd,
    },
    {
      id: 'statusName',
      label: 'Status',
      cell: (t) => <InlineStatus task={t} canEdit={canEdit} />,
    },
    {
      id: 'priority',
      label: 'Priority',
      cell: (t) => <InlinePriority task={t} canEdit={canEdit} />,
      sx: hideBelowMd,
    },
    { id: 'dueDate', label: 'Due', cell: (t) => <InlineDue task={t} canEdit={canEdit} /> },
    { id: 'progress', label: 'Progress', cell: (t) => `${t.progress}%`, sx: hideBelowMd },
  ];
  // My Tasks are the reader's own: its Assignees column is All Tasks'.
  return scope === 'all' ? columns : columns.filter((c) => c.label !== 'Assignees');
}

function TasksBoard({ query, scope }: { query: TaskQuery; scope: TaskScope }) {
  const { can } = useSession();
  const { currentData, error, isLoading, refetch } = LISTS[scope].useTasks(boardQuery(query));
  if (isLoading) return <LinearProgress aria-label="Loading the board" />;
  if (error && !currentData) {
    return (
      <ErrorPanel message={errorMessage(error, MESSAGES.tasks.fetchFailed)} onRetry={() => void refetch()} />
    );
  }
  const tasks = currentData?.items ?? [];
  if (tasks.length === 0) return <EmptyState title="No tasks match these filters" />;
  return (
    <TaskBoard
      tasks={tasks}
      label={`${LISTS[scope].label} board`}
      showProject
      canMove={can({ anyOf: ['task:update'] })}
    />
  );
}

function TaskListContent({
  scope,
  timesheet,
  after,
  renderTimeLog,
  renderTimeline,
  renderDependencies,
  views,
}: TaskListScreenProps) {
  const texts = LISTS[scope];
  const { can } = useSession();
  const [params, setParams] = useSearchParams();
  const viewParam = params.get('view');
  const view: View = viewParam === 'board' || (viewParam === 'timesheet' && timesheet) ? viewParam : 'list';
  const list = useListQuery<TaskQuery>(TASKS_QUERY);
  const openTask = useOpenTask();
  const { query, update } = list;
  const { data: statuses = [] } = useListTaskStatusesQuery();
  const { data: priorities = [] } = useListTaskPrioritiesQuery();
  const { data: projects } = useListProjectsQuery(
    can({ anyOf: ['project:read'] }) ? PROJECT_OPTIONS_QUERY : skipToken,
  );
  const projectOptions = projects?.items ?? [];
  const project = projectOptions.find((p) => p.projectId === query.projectId) ?? null;
  const { data, currentData, error, isLoading, isFetching, refetch } = texts.useTasks(query, {
    skip: view !== 'list',
  });
  const shown: Paged<Task> | undefined = currentData ?? data;
  const canEdit = can({ anyOf: ['task:update'] });
  const canDelete = can({ anyOf: ['task:delete'] });
  const selection = useTaskSelection(JSON.stringify([query, view]));
  const selecting = canEdit || canDelete;

  const setView = (v: View) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (v === 'list') next.delete('view');
        else next.set('view', v);
        return next;
      },
      { replace: true },
    );

  const filtered =
    query.search !== '' ||
    query.statusNames.length + query.priorityNames.length + query.labelIds.length > 0 ||
    Boolean(query.projectId || query.dueDateFrom || query.dueDateTo);

  return (
    <Stack spacing={3}>
      <PageHeader
        title={texts.title}
        subtitle={shown && view === 'list' ? texts.counted(shown.totalCount) : texts.lead}
        action={view === 'timesheet' ? undefined : views}
      />
      <Tabs
        value={view}
        onChange={(_e, v: View) => setView(v)}
        aria-label={`${texts.label} views`}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="list" label="List" />
        <Tab value="board" label="Board" />
        {timesheet && <Tab value="timesheet" label="Timesheet" />}
      </Tabs>
      {view === 'timesheet' ? (
        timesheet
      ) : (
        <MainCard>
          <Grid container spacing={2} sx={{ mb: 2 }}>
            <Grid size={{ xs: 12, md: 4 }}>
              <TextField
                size="small"
                placeholder="Search title, description or key"
                value={list.searchInput}
                onChange={(e) => list.setSearchInput(e.target.value)}
                slotProps={{
                  htmlInput: { 'aria-label': 'Search tasks' },
                  input: {
                    startAdornment: (
                      <InputAdornment position="start">
                        <SearchRounded fontSize="small" />
                      </InputAdornment>
                    ),
                  },
                }}
              />
            </Grid>
            <Grid size={{ xs: 6, md: 4 }}>
              <MultiFilter
                label="Status"
                value={query.statusNames}
                options={statuses.map((s) => ({ value: s.name, label: s.name }))}
                onChange={(v) => update({ statusNames: v })}
              />
            </Grid>
            <Grid size={{ xs: 6, md: 4 }}>
              <MultiFilter
                label="Priority"
                value={query.priorityNames}
                options={priorities.map((p) => ({ value: p.name, label: p.name }))}
                onChange={(v) => update({ priorityNames: v })}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <Autocomplete
                size="small"
                options={projectOptions}
                value={project}
                onChange={(_e, v) => update({ projectId: v?.projectId ?? null })}
                getOptionLabel={(p) => p.name}
                isOptionEqualToValue={(a, b) => a.projectId === b.projectId}
                renderInput={(params) => <TextField {...params} label="Project" />}
              />
            </Grid>
            <Grid size={{ xs: 6, md: 4 }}>
              <TextField
                size="small"
                type="date"
                label="Due from"
                value={query.dueDateFrom}
                onChange={(e) => update({ dueDateFrom: e.target.value })}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </Grid>
            <Grid size={{ xs: 6, md: 4 }}>
              <TextField
                size="small"
                type="date"
                label="Due by"
                value={query.dueDateTo}
                onChange={(e) => update({ dueDateTo: e.target.value })}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <LabelFilter value={query.labelIds} onChange={(ids) => update({ labelIds: ids })} />
            </Grid>
          </Grid>
          {view === 'board' ? (
            <TasksBoard query={query} scope={scope} />
          ) : (
            <>
              {selecting && shown && shown.items.length > 0 && (
                <>
                  <TaskBulkBar selection={selection} canUpdate={canEdit} canDelete={canDelete} />
                  <SelectPage rows={shown.items} selection={selection} />
                </>
              )}
              <ListTable
                label={texts.label}
                noun="tasks"
                columns={columnsOf(scope, {
                  canEdit,
                  selection: selecting ? selection : null,
                  open: openTask,
                })}
                rows={shown?.items}
                rowKey={(t) => t.taskId}
                rowProps={{ 'data-testid': 'task-row' }}
                onRowClick={(t) => openTask(t.taskId)}
                total={shown?.totalCount ?? 0}
                page={query.page}
                pageSize={query.pageSize}
                pageSizeOptions={LIST_PAGE_SIZES.tasks.options}
                onPageChange={list.setPage}
                onPageSizeChange={list.setPageSize}
                sortBy={query.sortBy}
                sortOrder={query.sortOrder}
                onSort={list.toggleSort}
                isLoading={isLoading}
                isFetching={isFetching}
                error={currentData ? undefined : error}
                errorFallback={MESSAGES.tasks.fetchFailed}
                onRetry={() => void refetch()}
                empty={{
                  title: filtered ? 'No tasks match these filters' : texts.nothing,
                  description: filtered ? texts.clear : undefined,
                }}
              />
            </>
          )}
        </MainCard>
      )}
      {view !== 'timesheet' && after?.(query, statuses)}
      <TaskDetailDrawer
        renderTimeLog={renderTimeLog}
        renderTimeline={renderTimeline}
        renderDependencies={renderDependencies}
      />
    </Stack>
  );
}

/**
 * A paged list or a board of tasks across projects, with search, filters, sort and page size in
 * the address: My Tasks (/app/tasks) and All Tasks (/app/all-tasks) are this screen.
 */
export function TaskListScreen(props: TaskListScreenProps) {
  return (
    <OpenTaskProvider>
      <TaskListContent {...props} />
    </OpenTaskProvider>
  );
}
