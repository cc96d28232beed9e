import type { CreateLabelBody, Label, TaskLabels, UpdateLabelBody } from '@taskhive/contract';
import { baseApi } from './base-api';

/**
 * The company's labels (issue 26): read by the task drawer's picker, the task filters and the
 * company page's Labels card, so declared once here. A label's change makes every task read stale
 * (its chips show the name and colour); a task's labels change that task's reads.
 */
export const labelsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listLabels: build.query<Label[], void>({
      query: () => 'Labels',
      providesTags: [{ type: 'Label', id: 'LIST' }],
    }),
    createLabel: build.mutation<Label, CreateLabelBody>({
      query: (body) => ({ url: 'Labels', method: 'POST', body }),
      invalidatesTags: [{ type: 'Label', id: 'LIST' }],
    }),
    updateLabel: build.mutation<Label, UpdateLabelBody & { labelId: string }>({
      query: ({ labelId, ...body }) => ({ url: `Labels/${labelId}`, method: 'PUT', body }),
      invalidatesTags: [{ type: 'Label', id: 'LIST' }, 'Task'],
    }),
    deleteLabel: build.mutation<Label, string>({
      query: (labelId) => ({ url: `Labels/${labelId}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Label', id: 'LIST' }, 'Task'],
    }),
    setTaskLabels: build.mutation<TaskLabels, { taskId: string; labelIds: string[] }>({
      query: ({ taskId, labelIds }) => ({ url: `Labels/tasks/${taskId}`, method: 'PUT', body: { labelIds } }),
      invalidatesTags: (_r, _e, { taskId }) => [
        { type: 'Label', id: 'LIST' },
        { type: 'Task', id: taskId },
        'Task',
      ],
    }),
  }),
});

export const {
  useListLabelsQuery,
  useCreateLabelMutation,
  useUpdateLabelMutation,
  useDeleteLabelMutation,
  useSetTaskLabelsMutation,
} = labelsApi;
