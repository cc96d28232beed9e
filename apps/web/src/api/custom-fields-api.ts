import type {
  CreateCustomFieldBody,
  CustomField,
  CustomFieldValue,
  ProjectCustomFields,
  TaskCustomValues,
  UpdateCustomFieldBody,
} from '@taskhive/contract';
import { baseApi } from './base-api';

const LIST = { type: 'CustomField' as const, id: 'LIST' };
const projectTag = (projectId: string) => ({ type: 'CustomField' as const, id: `PROJECT-${projectId}` });

/**
 * Custom fields (issue 26): the company's definitions and a project's enabled ones are read by the
 * tasks feature (list columns, cards, filters) and the custom-fields feature (administration, the
 * drawer's editors), so they are declared once here. A change of a definition or of a project's
 * fields reloads every task read (their values and columns follow).
 */
export const customFieldsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listCustomFields: build.query<CustomField[], void>({
      query: () => 'CustomFields',
      providesTags: [LIST],
    }),
    createCustomField: build.mutation<CustomField, CreateCustomFieldBody>({
      query: (body) => ({ url: 'CustomFields', method: 'POST', body }),
      invalidatesTags: (r) => (r ? ['CustomField'] : []),
    }),
    updateCustomField: build.mutation<CustomField, { fieldId: string; body: UpdateCustomFieldBody }>({
      query: ({ fieldId, body }) => ({ url: `CustomFields/${fieldId}`, method: 'PUT', body }),
      invalidatesTags: (r) => (r ? ['CustomField', 'Task'] : []),
    }),
    deleteCustomField: build.mutation<void, string>({
      query: (fieldId) => ({ url: `CustomFields/${fieldId}`, method: 'DELETE' }),
      invalidatesTags: (_r, e) => (e ? [] : ['CustomField', 'Task']),
    }),
    reorderCustomFields: build.mutation<CustomField[], string[]>({
      query: (fieldIds) => ({ url: 'CustomFields/order', method: 'PUT', body: { fieldIds } }),
      invalidatesTags: (r) => (r ? ['CustomField'] : []),
    }),
    projectCustomFields: build.query<ProjectCustomFields, string>({
      query: (projectId) => `CustomFields/projects/${projectId}`,
      providesTags: (_r, _e, projectId) => [LIST, projectTag(projectId)],
    }),
    setProjectCustomFields: build.mutation<ProjectCustomFields, { projectId: string; fieldIds: string[] }>({
      query: ({ projectId, fieldIds }) => ({
        url: `CustomFields/projects/${projectId}`,
        method: 'PUT',
        body: { fieldIds },
      }),
      // Ticked at once; put back if the server refuses.
      async onQueryStarted({ projectId, fieldIds }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          customFieldsApi.util.updateQueryData('projectCustomFields', projectId, (d) => {
            d.enabledFieldIds = fieldIds;
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: (r) => (r ? ['CustomField', 'Task'] : []),
    }),
    /** Tagged as the task's, so a live change of the task reads it again. */
    taskCustomValues: build.query<TaskCustomValues, string>({
      query: (taskId) => `CustomFields/tasks/${taskId}/values`,
      providesTags: (_r, _e, taskId) => [LIST, { type: 'Task', id: `CUSTOM-${taskId}` }],
    }),
    setTaskCustomValues: build.mutation<
      TaskCustomValues,
      { taskId: string; values: Record<string, CustomFieldValue | null> }
    >({
      query: ({ taskId, values }) => ({
        url: `CustomFields/tasks/${taskId}/values`,
        method: 'PUT',
        body: { values },
      }),
      async onQueryStarted({ taskId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(customFieldsApi.util.upsertQueryData('taskCustomValues', taskId, data));
        } catch {
          // The form shows the refusal; the cache keeps what the server has.
        }
      },
      // The lists and cards show the values: every task read is read again.
      invalidatesTags: (r) => (r ? ['Task'] : []),
    }),
  }),
});

export const {
  useListCustomFieldsQuery,
  useCreateCustomFieldMutation,
  useUpdateCustomFieldMutation,
  useDeleteCustomFieldMutation,
  useReorderCustomFieldsMutation,
  useProjectCustomFieldsQuery,
  useSetProjectCustomFieldsMutation,
  useTaskCustomValuesQuery,
  useSetTaskCustomValuesMutation,
} = customFieldsApi;
