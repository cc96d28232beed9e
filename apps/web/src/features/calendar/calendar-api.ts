import type {
  CalendarFeed,
  CalendarFeedCreated,
  CalendarTask,
  CalendarTasks,
  TaskDetail,
} from '@taskhive/contract';
import { baseApi } from '../../api/base-api';
import type { Tag } from '../../api/tags';

export interface CalendarArgs {
  from: string;
  to: string;
  projectId: string | null;
  /** Issue 26: tasks carrying any of these labels (empty: no filter). */
  labelIds?: readonly string[];
}

/** A task moved to another day: its new due date, and its start moved by as many days. */
export interface MoveArgs {
  task: CalendarTask;
  dueDate: string;
  startDate: string | null;
}

const byDay = (a: CalendarTask, b: CalendarTask) =>
  a.dueDate.localeCompare(b.dueDate) || a.key.localeCompare(b.key, undefined, { numeric: true });

/**
 * The calendar's reads and writes. Its query carries the task tags: any task change the live
 * stream reports (the `Task` type) and a write naming one of its tasks refetch it.
 */
export const calendarApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    calendarTasks: build.query<CalendarTasks, CalendarArgs>({
      query: ({ from, to, projectId, labelIds }) => ({
        url: 'Calendar/tasks',
        params: {
          from,
          to,
          ...(projectId ? { projectId } : {}),
          ...(labelIds?.length ? { labelIds: labelIds.join(',') } : {}),
        },
      }),
      providesTags: (r) => [
        { type: 'Task', id: 'CALENDAR' },
        ...(r?.items ?? []).map((t): Tag => ({ type: 'Task', id: t.taskId })),
      ],
    }),

    /**
     * PUT the task's dates. Every cached calendar shows the task on its new day at once; a refusal
     * puts it back (the caller shows the server's message). The task's lists, boards and detail
     * are refetched once it is saved.
     */
    moveDueDate: build.mutation<TaskDetail, MoveArgs>({
      query: ({ task, dueDate, startDate }) => ({
        url: `Tasks/${encodeURIComponent(task.taskId)}`,
        method: 'PUT',
        body: task.startDate === startDate ? { dueDate } : { dueDate, startDate },
      }),
      async onQueryStarted({ task, dueDate, startDate }, { dispatch, getState, queryFulfilled }) {
        const moved: CalendarTask = { ...task, dueDate, startDate };
        const patches = calendarApi.util
          .selectInvalidatedBy(getState(), [{ type: 'Task', id: 'CALENDAR' }])
          .filter((e) => e.endpointName === 'calendarTasks')
          .map((e) => {
            const args = e.originalArgs as CalendarArgs;
            return dispatch(
              calendarApi.util.updateQueryData('calendarTasks', args, (draft) => {
                const had = draft.items.some((t) => t.taskId === task.taskId);
                draft.items = draft.items.filter((t) => t.taskId !== task.taskId);
                const fits = dueDate >= args.from && dueDate <= args.to;
                const labelled =
                  !args.labelIds?.length || task.labels.some((l) => args.labelIds?.includes(l.labelId));
                const belongs =
                  had || ((args.projectId === null || args.projectId === task.projectId) && labelled);
                if (fits && belongs) draft.items = [...draft.items, moved].sort(byDay);
              }),
            );
          });
        try {
          await queryFulfilled;
        } catch {
          for (const p of patches) p.undo();
        }
      },
      invalidatesTags: (r, _e, { task }) =>
        r
          ? [
              { type: 'Task', id: task.taskId },
              { type: 'Task', id: 'MINE' },
              { type: 'Task', id: 'ALL' },
              { type: 'Task', id: `PROJECT-${task.projectId}` },
              ...(task.parentTaskId ? [{ type: 'Task' as const, id: task.parentTaskId }] : []),
            ]
          : [],
    }),

    calendarFeed: build.query<CalendarFeed, void>({
      query: () => 'Calendar/feed',
      providesTags: [{ type: 'Me', id: 'CALENDAR-FEED' }],
    }),
    createCalendarFeed: build.mutation<CalendarFeedCreated, void>({
      query: () => ({ url: 'Calendar/feed', method: 'POST' }),
      invalidatesTags: [{ type: 'Me', id: 'CALENDAR-FEED' }],
    }),
    deleteCalendarFeed: build.mutation<CalendarFeed, void>({
      query: () => ({ url: 'Calendar/feed', method: 'DELETE' }),
      invalidatesTags: [{ type: 'Me', id: 'CALENDAR-FEED' }],
    }),
  }),
});

export const {
  useCalendarTasksQuery,
  useMoveDueDateMutation,
  useCalendarFeedQuery,
  useCreateCalendarFeedMutation,
  useDeleteCalendarFeedMutation,
} = calendarApi;
