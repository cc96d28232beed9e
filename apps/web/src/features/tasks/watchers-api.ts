import type { TaskWatchers } from '@taskhive/contract';
import { baseApi } from '../../api/base-api';

/**
 * A task's watchers (issue 23). Tagged as a task's (`Task`), so a live change of the task, a
 * watch by someone else among them, reads them again.
 */
const tag = (taskId: string) => ({ type: 'Task' as const, id: `WATCHERS-${taskId}` });

export const watchersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    taskWatchers: build.query<TaskWatchers, string>({
      query: (taskId) => `Tasks/${taskId}/watchers`,
      providesTags: (_r, _e, taskId) => [tag(taskId)],
    }),
    setWatching: build.mutation<TaskWatchers, { taskId: string; watch: boolean }>({
      query: ({ taskId, watch }) => ({ url: `Tasks/${taskId}/watch`, method: watch ? 'POST' : 'DELETE' }),
      async onQueryStarted({ taskId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(watchersApi.util.upsertQueryData('taskWatchers', taskId, data));
        } catch {
          // The control shows the answer only; a refusal is told by its caller's toast.
        }
      },
    }),
  }),
});

export const { useTaskWatchersQuery, useSetWatchingMutation } = watchersApi;
