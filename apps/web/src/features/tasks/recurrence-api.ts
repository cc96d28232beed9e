import type { RecurrenceCopyField, SetRecurrenceInput, TaskRecurrence } from '@taskhive/contract';
import { baseApi } from '../../api/base-api';

/**
 * Recurring tasks (issue 26): a task's repeat. Tagged as the task's (`Task`), so a live change of
 * the task (a rule set elsewhere, an occurrence made) reads it again; a change of the rule makes
 * every task query stale (cards and rows show the repeat icon; a new occurrence may appear).
 */
const tag = (taskId: string) => ({ type: 'Task' as const, id: `RECURRENCE-${taskId}` });

export const recurrenceApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    taskRecurrence: build.query<TaskRecurrence, string>({
      query: (taskId) => `TaskRecurrence/${encodeURIComponent(taskId)}`,
      providesTags: (_r, _e, taskId) => [tag(taskId)],
    }),
    setRecurrence: build.mutation<TaskRecurrence, { taskId: string; body: SetRecurrenceInput }>({
      query: ({ taskId, body }) => ({
        url: `TaskRecurrence/${encodeURIComponent(taskId)}`,
        method: 'PUT',
        body,
      }),
      invalidatesTags: (r) => (r ? ['Task'] : []),
    }),
    removeRecurrence: build.mutation<TaskRecurrence, { taskId: string; apply: 'series' | 'this' }>({
      query: ({ taskId, apply }) => ({
        url: `TaskRecurrence/${encodeURIComponent(taskId)}`,
        method: 'DELETE',
        params: { apply },
      }),
      invalidatesTags: (r) => (r ? ['Task'] : []),
    }),
    applyToFuture: build.mutation<{ taskIds: string[] }, { taskId: string; fields: RecurrenceCopyField[] }>({
      query: ({ taskId, fields }) => ({
        url: `TaskRecurrence/${encodeURIComponent(taskId)}/apply-to-future`,
        method: 'POST',
        body: { fields },
      }),
      invalidatesTags: (r) => (r ? ['Task'] : []),
    }),
  }),
});

export const {
  useTaskRecurrenceQuery,
  useSetRecurrenceMutation,
  useRemoveRecurrenceMutation,
  useApplyToFutureMutation,
} = recurrenceApi;
