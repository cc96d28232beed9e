import type {
  CreateTaskStatusBody,
  deleteTaskStatusResultSchema,
  TaskStatus,
  UpdateTaskStatusBody,
} from '@taskhive/contract';
import type { z } from 'zod';
import { taskStatusesReadApi } from '../../api/task-statuses-api';

export type DeleteTaskStatusResult = z.infer<typeof deleteTaskStatusResultSchema>;

const LIST = { type: 'TaskStatus', id: 'LIST' } as const;

/** A company admin's changes to the task statuses; the list itself is shared in api/. */
export const taskStatusesApi = taskStatusesReadApi.injectEndpoints({
  endpoints: (build) => ({
    createTaskStatus: build.mutation<TaskStatus, CreateTaskStatusBody>({
      query: (body) => ({ url: 'Taskstatuses', method: 'POST', body }),
      invalidatesTags: (r) => (r ? [LIST] : []),
    }),
    /**
     * Rename, recolour or move (`sortOrder` takes that place and shifts the rest; `toIndex` is
     * where the list shows it at once). Undone if the server refuses.
     */
    updateTaskStatus: build.mutation<
      TaskStatus,
      { id: string; body: UpdateTaskStatusBody; toIndex?: number }
    >({
      query: ({ id, body }) => ({ url: `Taskstatuses/${encodeURIComponent(id)}`, method: 'PUT', body }),
      async onQueryStarted({ id, body, toIndex }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          taskStatusesReadApi.util.updateQueryData('listTaskStatuses', undefined, (d) => {
            const from = d.findIndex((s) => s.statusId === id);
            const status = d[from];
            if (!status) return;
            if (body.name !== undefined) status.name = body.name;
            if (body.color !== undefined) status.color = body.color;
            if (toIndex !== undefined) {
              d.splice(from, 1);
              d.splice(Math.min(toIndex, d.length), 0, status);
            }
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
      // Tasks and projects carry the status's name and colour.
      invalidatesTags: (r) => (r ? [LIST, 'Task', 'Project'] : []),
    }),
    deleteTaskStatus: build.mutation<DeleteTaskStatusResult, { id: string; moveTo?: string }>({
      query: ({ id, moveTo }) => ({
        url: `Taskstatuses/${encodeURIComponent(id)}`,
        method: 'DELETE',
        params: moveTo ? { moveTo } : undefined,
      }),
      invalidatesTags: (r) => (r ? [LIST, 'Task', 'Project'] : []),
    }),
  }),
});

export const { useCreateTaskStatusMutation, useUpdateTaskStatusMutation, useDeleteTaskStatusMutation } =
  taskStatusesApi;
