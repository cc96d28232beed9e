import {
  DEFAULT_PAGE,
  type CreateTodoBody,
  type Paged,
  type Todo,
  type TodoListQuery,
  type UpdateTodoBody,
} from '@taskhive/contract';
import { baseApi } from '../../api/base-api';

export type TodoSortField = TodoListQuery['sortBy'];

/** The personal to-do list's query: My Tasks' filters that apply to a to-do, its own page and sort. */
export interface TodoQuery {
  page: number;
  pageSize: number;
  sortBy: TodoSortField;
  sortOrder: 'asc' | 'desc';
  search: string;
  priorityNames: string[];
  dueDateFrom: string;
  dueDateTo: string;
  /** '' both, 'true' the done ones, 'false' the open ones. */
  done: '' | 'true' | 'false';
}

export const DEFAULT_TODO_QUERY: TodoQuery = {
  page: DEFAULT_PAGE,
  pageSize: 10,
  sortBy: 'dueDate',
  sortOrder: 'asc',
  search: '',
  priorityNames: [],
  dueDateFrom: '',
  dueDateTo: '',
  done: '',
};

export function todoQueryParams(q: TodoQuery): Record<string, string | number> {
  const params: Record<string, string | number> = {
    page: q.page,
    pageSize: q.pageSize,
    sortBy: q.sortBy,
    sortOrder: q.sortOrder,
  };
  if (q.search.trim()) params.search = q.search.trim();
  if (q.priorityNames.length) params.priorityNames = q.priorityNames.join(',');
  if (q.dueDateFrom) params.dueDateFrom = q.dueDateFrom;
  if (q.dueDateTo) params.dueDateTo = q.dueDateTo;
  if (q.done) params.done = q.done;
  return params;
}

const api = baseApi;

/** The cache patches that change a to-do in every loaded page of to-dos. */
function todoPatches(state: unknown, todoId: string, recipe: (d: Paged<Todo>) => void) {
  const util = todosApi.util;
  const s = state as Parameters<typeof util.selectCachedArgsForQuery>[0];
  return util.selectCachedArgsForQuery(s, 'listTodos').map((a) =>
    util.updateQueryData('listTodos', a, (d) => {
      if (d.items.some((t) => t.todoId === todoId)) recipe(d);
    }),
  );
}

/** Personal to-dos (issue 24): the signed-in user's own, shown in My Tasks. */
export const todosApi = api.injectEndpoints({
  endpoints: (build) => ({
    listTodos: build.query<Paged<Todo>, TodoQuery>({
      query: (q) => ({ url: 'Todos', params: todoQueryParams(q) }),
      providesTags: ['Todo'],
    }),
    createTodo: build.mutation<Todo, CreateTodoBody>({
      query: (body) => ({ url: 'Todos', method: 'POST', body }),
      invalidatesTags: (r) => (r ? ['Todo'] : []),
    }),
    /** Done and undone show at once (undone if the server refuses); then the list reloads. */
    updateTodo: build.mutation<Todo, { todoId: string; body: UpdateTodoBody }>({
      query: ({ todoId, body }) => ({ url: `Todos/${encodeURIComponent(todoId)}`, method: 'PUT', body }),
      async onQueryStarted({ todoId, body }, { dispatch, getState, queryFulfilled }) {
        const patches =
          body.done === undefined
            ? []
            : todoPatches(getState(), todoId, (d) => {
                const t = d.items.find((x) => x.todoId === todoId);
                if (t) Object.assign(t, { done: body.done, isOverdue: body.done ? false : t.isOverdue });
              }).map((p) => dispatch(p));
        await queryFulfilled.catch(() => patches.forEach((p) => p.undo()));
      },
      invalidatesTags: (r) => (r ? ['Todo'] : []),
    }),
    /** The to-do leaves the list at once and the count falls; undone on refusal. */
    deleteTodo: build.mutation<{ todoId: string }, string>({
      query: (todoId) => ({ url: `Todos/${encodeURIComponent(todoId)}`, method: 'DELETE' }),
      async onQueryStarted(todoId, { dispatch, getState, queryFulfilled }) {
        const patches = todoPatches(getState(), todoId, (d) => {
          d.items = d.items.filter((t) => t.todoId !== todoId);
          d.totalCount = Math.max(0, d.totalCount - 1);
        }).map((p) => dispatch(p));
        await queryFulfilled.catch(() => patches.forEach((p) => p.undo()));
      },
      invalidatesTags: (_r, error) => (error ? [] : ['Todo']),
    }),
  }),
});

export const { useListTodosQuery, useCreateTodoMutation, useUpdateTodoMutation, useDeleteTodoMutation } =
  todosApi;
