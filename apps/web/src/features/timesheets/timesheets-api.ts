import type {
  CreateTimeLogBody,
  Paged,
  RunningTimer,
  StartTimerBody,
  StopTimerBody,
  Task,
  TimeLog,
  TimeLogSortField,
  UpdateTimeLogBody,
} from '@taskhive/contract';
import { DEFAULT_PAGE, PAGE_SIZE, TASK_BOARD_MAX_PAGE_SIZE } from '@taskhive/contract';
import { baseApi } from '../../api/base-api';

/** The timesheet filters (spec section 3); empty ones are left out of the request. */
export interface TimeLogFilterArgs {
  sortBy: TimeLogSortField;
  sortOrder: 'asc' | 'desc';
  pageSize?: number;
  search?: string;
  userId?: string;
  projectId?: string;
  taskId?: string;
  memberUserId?: string;
  loggedAtFrom?: string;
  loggedAtTo?: string;
  durationFrom?: string;
}

/** The filters as query parameters, without the empty ones. */
export function filterParams(args: TimeLogFilterArgs): Record<string, string | number> {
  return Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined && v !== '')) as Record<
    string,
    string | number
  >;
}

const LIST = { type: 'TimeLog', id: 'LIST' } as const;

/**
 * Time logs. The list is an infinite query: page 1 of a new query replaces what was shown, each
 * further page (pageNumber above 1) is appended; a create, update or delete refetches every
 * loaded page of the stored query (spec section 4).
 */
export const timesheetsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listTimeLogs: build.infiniteQuery<Paged<TimeLog>, TimeLogFilterArgs, number>({
      infiniteQueryOptions: {
        initialPageParam: DEFAULT_PAGE,
        getNextPageParam: (last, _all, lastParam) =>
          lastParam < last.totalPages ? lastParam + 1 : undefined,
      },
      query: ({ queryArg, pageParam }) => ({
        url: 'Timelogs',
        params: {
          ...filterParams(queryArg),
          pageNumber: pageParam,
          pageSize: queryArg.pageSize ?? PAGE_SIZE.timesheets,
        },
      }),
      providesTags: [LIST],
    }),
    createTimeLog: build.mutation<TimeLog, CreateTimeLogBody>({
      query: (body) => ({ url: 'Timelogs', method: 'POST', body }),
      invalidatesTags: (r) => (r ? [LIST] : []),
    }),
    updateTimeLog: build.mutation<TimeLog, { id: string; body: UpdateTimeLogBody }>({
      query: ({ id, body }) => ({ url: `Timelogs/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: (r) => (r ? [LIST] : []),
    }),
    deleteTimeLog: build.mutation<{ timeLogId: string }, string>({
      query: (id) => ({ url: `Timelogs/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (r) => (r ? [LIST] : []),
    }),
    /** The tasks I can log on: every task assigned to me (subtasks included). */
    myTaskOptions: build.query<Task[], void>({
      query: () => ({ url: 'Tasks/users/mytasks', params: { page: 1, pageSize: TASK_BOARD_MAX_PAGE_SIZE } }),
      transformResponse: (res: Paged<Task>) => res.items,
    }),
    runningTimer: build.query<RunningTimer | null, void>({
      query: () => 'Timelogs/timer',
      providesTags: ['Timer'],
    }),
    startTimer: build.mutation<RunningTimer, StartTimerBody>({
      query: (body) => ({ url: 'Timelogs/timer', method: 'POST', body }),
      invalidatesTags: ['Timer'],
    }),
    stopTimer: build.mutation<TimeLog, StopTimerBody>({
      query: (body) => ({ url: 'Timelogs/timer/stop', method: 'POST', body }),
      invalidatesTags: ['Timer', LIST],
    }),
    discardTimer: build.mutation<{ discarded: true }, void>({
      query: () => ({ url: 'Timelogs/timer', method: 'DELETE' }),
      invalidatesTags: ['Timer'],
    }),
  }),
});

export const {
  useListTimeLogsInfiniteQuery,
  useCreateTimeLogMutation,
  useUpdateTimeLogMutation,
  useDeleteTimeLogMutation,
  useMyTaskOptionsQuery,
  useRunningTimerQuery,
  useStartTimerMutation,
  useStopTimerMutation,
  useDiscardTimerMutation,
} = timesheetsApi;
