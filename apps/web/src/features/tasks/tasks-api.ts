import {
  BOARD_COLUMN_PAGE,
  DEFAULT_PAGE,
  PAGE_SIZE,
  TASK_BOARD_MAX_PAGE_SIZE,
  type BoardDueFilter,
  type BoardPage,
  type CreateTaskBody,
  type CreateTaskListBody,
  type DocumentInfo,
  type Paged,
  type Task,
  type TaskDetail,
  type TaskList,
  type TaskListQuery,
  type TimeLogTotals,
  type UpdateTaskBody,
  type UpdateTaskListBody,
} from '@taskhive/contract';
import { baseApi } from '../../api/base-api';
import { applyBoardMove, type BoardMove } from '../../components/board/board-move';
import { keepingObjects, listItem, moveColumnTotal, onBoard, serverRows, taskPatches } from './task-cache';

export type TaskSortField = TaskListQuery['sortBy'];

/** A range wider than any entry's day: the totals endpoint reads the last 30 days unless told. */
const ALL_DAYS = { from: '2000-01-01', to: '2100-12-31' } as const;

/** The task query of spec section 3 (the project query's fields, plus priority, project and due dates). */
export interface TaskQuery {
  page: number;
  pageSize: number;
  sortBy: TaskSortField;
  sortOrder: 'asc' | 'desc';
  search: string;
  statusNames: string[];
  priorityNames: string[];
  projectId: string | null;
  dueDateFrom: string;
  dueDateTo: string;
  /** Issue 26: tasks with any of these labels. */
  labelIds: string[];
}

export const DEFAULT_TASK_QUERY: TaskQuery = {
  page: DEFAULT_PAGE,
  pageSize: PAGE_SIZE.tasks,
  sortBy: 'sortOrder',
  sortOrder: 'asc',
  search: '',
  statusNames: [],
  priorityNames: [],
  projectId: null,
  dueDateFrom: '',
  dueDateTo: '',
  labelIds: [],
};

/** The same query for a board: every task at once, in column order. */
export const boardQuery = (q: TaskQuery): TaskQuery => ({
  ...q,
  page: DEFAULT_PAGE,
  pageSize: TASK_BOARD_MAX_PAGE_SIZE,
  sortBy: 'sortOrder',
  sortOrder: 'asc',
});

export function taskQueryParams(q: TaskQuery): Record<string, string | number> {
  const params: Record<string, string | number> = {
    page: q.page,
    pageSize: q.pageSize,
    sortBy: q.sortBy,
    sortOrder: q.sortOrder,
  };
  if (q.search.trim()) params.search = q.search.trim();
  if (q.statusNames.length) params.statusNames = q.statusNames.join(',');
  if (q.priorityNames.length) params.priorityNames = q.priorityNames.join(',');
  if (q.projectId) params.projectId = q.projectId;
  if (q.dueDateFrom) params.dueDateFrom = q.dueDateFrom;
  if (q.dueDateTo) params.dueDateTo = q.dueDateTo;
  if (q.labelIds.length) params.labelIds = q.labelIds.join(',');
  return params;
}

export interface ListTasksArgs {
  taskListId: string;
  page: number;
  pageSize: number;
  /** Issue 26: label ids, comma-separated (tasks with any of them); absent: no filter. */
  labelIds?: string;
  /** Issue 26: `<fieldId>:<value>`, a custom field's filter, and `cfSort`, a field to sort by. */
  cf?: string;
  cfSort?: string;
}
/** The board's filters as the endpoint reads them (a user or priority id, or `none`); unset: any. */
export interface BoardFilterArgs {
  assignee?: string;
  priority?: string;
  due?: BoardDueFilter;
  search?: string;
  /** Issue 26: label ids, comma-separated (cards with any of them). */
  labelIds?: string;
  /** Issue 26: one custom field's value, `<fieldId>:<value>`. */
  cf?: string;
}

export interface ProjectBoardArgs {
  projectId: string;
  /** Columns loaded further than the first page: status id → how many cards. */
  limits: Readonly<Record<string, number>>;
  filters?: BoardFilterArgs;
}

/** `limits` as the board endpoint reads it: `statusId:count` pairs by status id; none when empty. */
function boardParams(
  limits: Readonly<Record<string, number>>,
  filters: BoardFilterArgs = {},
): Record<string, string | number> {
  const pairs = Object.entries(limits)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([statusId, n]) => `${statusId}:${n}`);
  const set = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== ''));
  return pairs.length
    ? { perColumn: BOARD_COLUMN_PAGE, limits: pairs.join(','), ...set }
    : { perColumn: BOARD_COLUMN_PAGE, ...set };
}

type Patch = { undo: () => void };

/** A swimlane's field a board move sets as well as the status (see moveTask). */
export type MoveFields =
  { priorityId: string | null; priorityName: string | null } | { assignees: Task['assignees'] };

const api = baseApi;

/** Task lists, tasks, subtasks and their documents; the project board, My Tasks and All Tasks. */
export const tasksApi = api.injectEndpoints({
  endpoints: (build) => ({
    listTaskLists: build.query<Paged<TaskList>, string>({
      query: (projectId) => `Tasks/projects/${encodeURIComponent(projectId)}/tasklists`,
      providesTags: (_r, _e, projectId) => [{ type: 'TaskList', id: `PROJECT-${projectId}` }],
    }),
    createTaskList: build.mutation<TaskList, { projectId: string; body: CreateTaskListBody }>({
      query: ({ projectId, body }) => ({
        url: `Tasks/projects/${encodeURIComponent(projectId)}/tasklists`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (r, _e, { projectId }) =>
        r
          ? [
              { type: 'TaskList', id: `PROJECT-${projectId}` },
              { type: 'Project', id: projectId },
            ]
          : [],
    }),
    /**
     * Rename or move a list (`sortOrder` takes that place and shifts the rest; `toIndex` is where
     * it shows at once). Undone if the server refuses.
     */
    updateTaskList: build.mutation<
      TaskList,
      { projectId: string; listId: string; body: UpdateTaskListBody; toIndex?: number }
    >({
      query: ({ projectId, listId, body }) => ({
        url: `Tasks/projects/${encodeURIComponent(projectId)}/tasklists/${encodeURIComponent(listId)}`,
        method: 'PUT',
        body,
      }),
      async onQueryStarted({ projectId, listId, body, toIndex }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          tasksApi.util.updateQueryData('listTaskLists', projectId, (d) => {
            const from = d.items.findIndex((l) => l.taskListId === listId);
            const list = d.items[from];
            if (!list) return;
            if (body.name !== undefined) list.name = body.name;
            if (toIndex !== undefined) {
              d.items.splice(from, 1);
              d.items.splice(Math.min(toIndex, d.items.length), 0, list);
            }
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
      invalidatesTags: (_r, _e, { projectId }) => [
        { type: 'TaskList', id: `PROJECT-${projectId}` },
        { type: 'Project', id: projectId },
        'Task',
      ],
    }),
    deleteTaskList: build.mutation<unknown, { projectId: string; listId: string }>({
      query: ({ projectId, listId }) => ({
        url: `Tasks/projects/${encodeURIComponent(projectId)}/tasklists/${encodeURIComponent(listId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_r, error, { projectId }) =>
        error
          ? []
          : [{ type: 'TaskList', id: `PROJECT-${projectId}` }, { type: 'Project', id: projectId }, 'Task'],
    }),

    /** One list's top-level tasks, a page at a time. */
    listListTasks: build.query<Paged<Task>, ListTasksArgs>({
      query: ({ taskListId, page, pageSize, labelIds, cf, cfSort }) => ({
        url: `Tasks/tasklists/${encodeURIComponent(taskListId)}/tasks`,
        params: {
          page,
          pageSize,
          sortBy: 'sortOrder',
          sortOrder: 'asc',
          ...(labelIds ? { labelIds } : {}),
          ...(cf ? { cf } : {}),
          ...(cfSort ? { cfSort } : {}),
        },
      }),
      providesTags: (_r, _e, { taskListId }) => [{ type: 'Task', id: `LIST-${taskListId}` }],
    }),
    /**
     * A project's board: every column's first cards (BOARD_COLUMN_PAGE, or its own limit) and every
     * column's total. Tagged `PROJECT-<id>`, so a new subtask reloads it, as does any change that
     * reloads every task.
     */
    projectBoard: build.query<BoardPage, ProjectBoardArgs>({
      query: ({ projectId, limits, filters }) => ({
        url: `Tasks/projects/${encodeURIComponent(projectId)}/board`,
        params: boardParams(limits, filters),
      }),
      providesTags: (_r, _e, { projectId }) => [{ type: 'Task', id: `PROJECT-${projectId}` }],
    }),
    /** The signed-in user's tasks across projects. */
    listMyTasks: build.query<Paged<Task>, TaskQuery>({
      query: (q) => ({ url: 'Tasks/users/mytasks', params: taskQueryParams(q) }),
      providesTags: [{ type: 'Task', id: 'MINE' }],
    }),
    /** All Tasks: every task of the company (holders of task:read:all), with My Tasks' query. */
    listAllTasks: build.query<Paged<Task>, TaskQuery>({
      query: (q) => ({ url: 'Tasks/all', params: taskQueryParams(q) }),
      providesTags: [{ type: 'Task', id: 'ALL' }],
    }),
    getTask: build.query<TaskDetail, string>({
      query: (id) => `Tasks/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Task', id }],
    }),
    /** The task a key names (`APL-42`): where /app/t/{key} leads. */
    getTaskByKey: build.query<TaskDetail, string>({
      query: (key) => `Tasks/key/${encodeURIComponent(key)}`,
      providesTags: (r) => (r ? [{ type: 'Task', id: r.taskId }] : []),
    }),
    /**
     * The minutes logged on one task, every day and every entry the caller may see (the task
     * detail's time summary). It carries the time logs' list tag, so logging, editing, deleting
     * and a stopped timer refresh it.
     */
    taskLoggedMinutes: build.query<number, string>({
      query: (taskId) => ({
        url: 'Timelogs/filtered',
        params: { taskId, loggedAtFrom: ALL_DAYS.from, loggedAtTo: ALL_DAYS.to },
      }),
      transformResponse: (res: TimeLogTotals) => res.totalMinutes,
      providesTags: [{ type: 'TimeLog', id: 'LIST' }],
    }),

    /** Spec section 4: a new task goes to the front of its list and board, and the count rises by one. */
    createTask: build.mutation<TaskDetail, { taskListId: string; body: CreateTaskBody }>({
      query: ({ taskListId, body }) => ({
        url: `Tasks/tasklists/${encodeURIComponent(taskListId)}/tasks`,
        method: 'POST',
        body,
      }),
      async onQueryStarted({ taskListId }, { dispatch, getState, queryFulfilled }) {
        const { data: detail } = await queryFulfilled.catch(() => ({ data: null }));
        if (!detail) return;
        const created = listItem(detail);
        const unshift = (d: Paged<Task>) => {
          if (d.items.some((t) => t.taskId === created.taskId)) return;
          d.items.unshift(created);
          d.totalCount += 1;
        };
        const state = getState();
        for (const args of tasksApi.util.selectCachedArgsForQuery(state, 'listListTasks')) {
          if (args.taskListId === taskListId && args.page === DEFAULT_PAGE) {
            dispatch(tasksApi.util.updateQueryData('listListTasks', args, unshift));
          }
        }
        for (const args of tasksApi.util.selectCachedArgsForQuery(state, 'projectBoard')) {
          if (args.projectId !== created.projectId) continue;
          dispatch(
            tasksApi.util.updateQueryData('projectBoard', args, (d) => {
              const column = d.columns.find((c) => c.statusId === created.statusId);
              if (!column || d.items.some((t) => t.taskId === created.taskId)) return;
              d.items.unshift(created);
              column.totalCount += 1;
              column.unfilteredCount += 1;
            }),
          );
        }
        dispatch(
          tasksApi.util.updateQueryData('listTaskLists', created.projectId, (d) => {
            const list = d.items.find((l) => l.taskListId === taskListId);
            if (list) list.taskCount += 1;
          }),
        );
      },
      invalidatesTags: (r) =>
        r
          ? [
              { type: 'Project', id: r.projectId },
              { type: 'Project', id: 'LIST' },
              { type: 'Task', id: 'MINE' },
              { type: 'Task', id: 'ALL' },
            ]
          : [],
    }),

    /**
     * Spec section 4: an update merges the changed fields. `patch` is what the screen already knows
     * (the new status's name and colour, say): shown at once, undone if the server refuses, then
     * replaced by the server's answer.
     */
    updateTask: build.mutation<TaskDetail, { taskId: string; body: UpdateTaskBody; patch?: Partial<Task> }>({
      query: ({ taskId, body }) => ({ url: `Tasks/${encodeURIComponent(taskId)}`, method: 'PUT', body }),
      async onQueryStarted({ taskId, patch }, { dispatch, getState, queryFulfilled }) {
        const patches = patch
          ? taskPatches(getState(), taskId, (t) => Object.assign(t, patch)).map((p) => dispatch(p))
          : [];
        try {
          const { data } = await queryFulfilled;
          for (const p of serverRows(getState(), [data])) dispatch(p);
        } catch {
          for (const p of patches) p.undo();
        }
      },
      invalidatesTags: (r) =>
        r
          ? [
              { type: 'Project', id: r.projectId },
              { type: 'Project', id: 'LIST' },
              { type: 'TaskList', id: `PROJECT-${r.projectId}` },
              ...(r.parentTaskId ? [{ type: 'Task' as const, id: r.parentTaskId }] : []),
            ]
          : [],
    }),

    /**
     * A card dropped on the board: status and place change at once in every loaded board and list;
     * if the server refuses, every change is undone.
     */
    moveTask: build.mutation<
      TaskDetail,
      {
        move: BoardMove;
        status: Pick<Task, 'statusId' | 'statusName' | 'statusColor'>;
        /**
         * The place in the column: the next card's sortOrder. The server gives the card a key
         * between its neighbours' (sparse keys, 1024 apart when placed at the end), renumbering
         * the column only when there is no room; the answer carries the key it took. The patch
         * below only keeps the cached order right until then.
         */
        sortOrder: number;
        /** A drop in another swimlane changes that lane's field too: its priority or assignees. */
        fields?: MoveFields;
      }
    >({
      query: ({ move, status, sortOrder, fields }) => ({
        url: `Tasks/${encodeURIComponent(move.itemId)}`,
        method: 'PUT',
        body: {
          statusId: status.statusId ?? undefined,
          sortOrder,
          ...(fields && 'priorityId' in fields ? { priorityId: fields.priorityId } : {}),
          ...(fields && 'assignees' in fields ? { assigneeIds: fields.assignees.map((a) => a.userId) } : {}),
        },
      }),
      async onQueryStarted({ move, status, sortOrder, fields }, { dispatch, getState, queryFulfilled }) {
        const state = getState();
        const reorder = (d: { items: Task[] }) => {
          const task = d.items.find((t) => t.taskId === move.itemId);
          if (!task) return;
          // The other cards keep their keys (the server's are sparse: it renumbers none of them
          // for a move, and the answer brings the moved card's own), so they keep their objects
          // and the board renders only the moved card again.
          Object.assign(task, status, fields, { sortOrder });
          d.items = applyBoardMove(d.items, move, (t) => t.taskId);
        };
        // Once per cache: the board, My Tasks and All Tasks reorder (the status and lane fields with
        // it); a task list's page and the detail take the fields.
        const patches: Patch[] = [
          ...tasksApi.util
            .selectCachedArgsForQuery(state, 'projectBoard')
            .map((args) =>
              dispatch(
                tasksApi.util.updateQueryData(
                  'projectBoard',
                  args,
                  keepingObjects(onBoard(new Set([move.itemId]), reorder)),
                ),
              ),
            ),
          ...tasksApi.util
            .selectCachedArgsForQuery(state, 'listMyTasks')
            .map((args) =>
              dispatch(
                tasksApi.util.updateQueryData('listMyTasks', args, keepingObjects<Paged<Task>>(reorder)),
              ),
            ),
          ...tasksApi.util
            .selectCachedArgsForQuery(state, 'listAllTasks')
            .map((args) =>
              dispatch(
                tasksApi.util.updateQueryData('listAllTasks', args, keepingObjects<Paged<Task>>(reorder)),
              ),
            ),
          ...taskPatches(state, move.itemId, (t) => Object.assign(t, status, fields), [
            'listListTasks',
            'getTask',
          ]).map((p) => dispatch(p)),
        ];
        try {
          // The server's row: the sort key it gave the card (between its neighbours'), progress, names.
          const { data } = await queryFulfilled;
          for (const p of serverRows(getState(), [data])) dispatch(p);
        } catch {
          for (const p of patches.reverse()) p.undo();
        }
      },
      invalidatesTags: (r) =>
        r
          ? [
              { type: 'Project', id: r.projectId },
              { type: 'Project', id: 'LIST' },
              { type: 'TaskList', id: `PROJECT-${r.projectId}` },
            ]
          : [],
    }),

    /** Spec section 4: the task leaves every loaded list at once and the counts fall; undone on refusal. */
    deleteTask: build.mutation<unknown, Pick<Task, 'taskId' | 'projectId' | 'taskListId' | 'parentTaskId'>>({
      query: ({ taskId }) => ({ url: `Tasks/${encodeURIComponent(taskId)}`, method: 'DELETE' }),
      async onQueryStarted(task, { dispatch, getState, queryFulfilled }) {
        const state = getState();
        const drop = (d: Paged<Task>) => {
          const before = d.items.length;
          d.items = d.items.filter((t) => t.taskId !== task.taskId);
          if (d.items.length < before) d.totalCount = Math.max(0, d.totalCount - 1);
        };
        const util = tasksApi.util;
        const patches: Patch[] = [
          ...util
            .selectCachedArgsForQuery(state, 'listListTasks')
            .map((a) => dispatch(util.updateQueryData('listListTasks', a, drop))),
          ...util
            .selectCachedArgsForQuery(state, 'listMyTasks')
            .map((a) => dispatch(util.updateQueryData('listMyTasks', a, drop))),
          ...util
            .selectCachedArgsForQuery(state, 'listAllTasks')
            .map((a) => dispatch(util.updateQueryData('listAllTasks', a, drop))),
          ...util.selectCachedArgsForQuery(state, 'projectBoard').map((a) =>
            dispatch(
              util.updateQueryData(
                'projectBoard',
                a,
                keepingObjects<BoardPage>((d) => {
                  const from = d.items.find((t) => t.taskId === task.taskId)?.statusId;
                  if (from === undefined) return;
                  d.items = d.items.filter((t) => t.taskId !== task.taskId);
                  moveColumnTotal(d, from, null);
                }),
              ),
            ),
          ),
        ];
        if (task.parentTaskId) {
          patches.push(
            dispatch(
              util.updateQueryData('getTask', task.parentTaskId, (d) => {
                d.subtasks = d.subtasks.filter((s) => s.taskId !== task.taskId);
                d.subtaskCount = d.subtasks.length;
              }),
            ),
          );
        } else {
          patches.push(
            dispatch(
              util.updateQueryData('listTaskLists', task.projectId, (d) => {
                const list = d.items.find((l) => l.taskListId === task.taskListId);
                if (list) list.taskCount = Math.max(0, list.taskCount - 1);
              }),
            ),
          );
        }
        await queryFulfilled.catch(() => patches.reverse().forEach((p) => p.undo()));
      },
      invalidatesTags: (_r, error, task) =>
        error
          ? []
          : [
              { type: 'Project', id: task.projectId },
              { type: 'Project', id: 'LIST' },
              ...(task.parentTaskId ? [{ type: 'Task' as const, id: task.parentTaskId }] : []),
            ],
    }),

    createSubtask: build.mutation<TaskDetail, { parentId: string; body: CreateTaskBody }>({
      query: ({ parentId, body }) => ({
        url: `tasks/${encodeURIComponent(parentId)}/subtasks`,
        method: 'POST',
        body,
      }),
      async onQueryStarted({ parentId }, { dispatch, queryFulfilled }) {
        const { data: created } = await queryFulfilled.catch(() => ({ data: null }));
        if (!created) return;
        dispatch(
          tasksApi.util.updateQueryData('getTask', parentId, (d) => {
            d.subtasks.push(listItem(created));
            d.subtaskCount = d.subtasks.length;
          }),
        );
      },
      // The parent's progress is the mean of its subtasks': reload it, its lists and its project.
      invalidatesTags: (r, _e, { parentId }) =>
        r
          ? [
              { type: 'Task', id: parentId },
              { type: 'Task', id: `PROJECT-${r.projectId}` },
              { type: 'Task', id: `LIST-${r.taskListId}` },
              { type: 'Task', id: 'MINE' },
              { type: 'Task', id: 'ALL' },
              { type: 'Project', id: r.projectId },
            ]
          : [],
    }),

    uploadTaskDocument: build.mutation<DocumentInfo, { taskId: string; file: File }>({
      query: ({ taskId, file }) => {
        const body = new FormData();
        body.append('file', file);
        return { url: `Tasks/${encodeURIComponent(taskId)}/documents`, method: 'POST', body };
      },
      // Spec section 4: document upload appends.
      async onQueryStarted({ taskId }, { dispatch, queryFulfilled }) {
        const { data: doc } = await queryFulfilled.catch(() => ({ data: null }));
        if (!doc) return;
        dispatch(
          tasksApi.util.updateQueryData('getTask', taskId, (d) => {
            if (!d.documents.some((x) => x.documentId === doc.documentId)) d.documents.push(doc);
          }),
        );
      },
    }),
    deleteTaskDocument: build.mutation<unknown, { taskId: string; docId: string }>({
      query: ({ taskId, docId }) => ({
        url: `Tasks/${encodeURIComponent(taskId)}/documents/${encodeURIComponent(docId)}`,
        method: 'DELETE',
      }),
      async onQueryStarted({ taskId, docId }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          tasksApi.util.updateQueryData('getTask', taskId, (d) => {
            d.documents = d.documents.filter((x) => x.documentId !== docId);
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
    }),
  }),
});

export const {
  useListTaskListsQuery,
  useCreateTaskListMutation,
  useUpdateTaskListMutation,
  useDeleteTaskListMutation,
  useListListTasksQuery,
  useProjectBoardQuery,
  useListMyTasksQuery,
  useListAllTasksQuery,
  useGetTaskQuery,
  useGetTaskByKeyQuery,
  useTaskLoggedMinutesQuery,
  useCreateTaskMutation,
  useUpdateTaskMutation,
  useMoveTaskMutation,
  useDeleteTaskMutation,
  useCreateSubtaskMutation,
  useUploadTaskDocumentMutation,
  useDeleteTaskDocumentMutation,
} = tasksApi;
