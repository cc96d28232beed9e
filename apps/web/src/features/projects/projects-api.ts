import {
  PROJECT_DOCUMENT_UPLOAD_TIMEOUT_MS,
  type CreateProjectBody,
  type DocumentInfo,
  type Project,
  type UpdateProjectBody,
} from '@taskhive/contract';
import { projectsReadApi } from '../../api/projects-api';

const LIST = { type: 'Project', id: 'LIST' } as const;

/** The project mutations; the reads (list, detail) are shared in api/projects-api.ts. */
export const projectsApi = projectsReadApi.injectEndpoints({
  endpoints: (build) => ({
    createProject: build.mutation<Project, CreateProjectBody>({
      query: (body) => ({ url: 'Project', method: 'POST', body }),
      invalidatesTags: (r) => (r ? [LIST] : []),
    }),
    updateProject: build.mutation<Project, { id: string; body: UpdateProjectBody }>({
      query: ({ id, body }) => ({ url: `Project/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: (r, _e, { id }) => (r ? [LIST, { type: 'Project', id }] : []),
    }),
    deleteProject: build.mutation<null, string>({
      query: (id) => ({ url: `Project/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, error) => (error ? [] : [LIST, 'Task', 'TaskList']),
    }),
    addProjectMember: build.mutation<unknown, { id: string; userId: string }>({
      query: ({ id, userId }) => ({
        url: `Project/${encodeURIComponent(id)}/members`,
        method: 'POST',
        body: { userId },
      }),
      invalidatesTags: (_r, error, { id }) => (error ? [] : [LIST, { type: 'Project', id }]),
    }),
    /** Spec section 4: the member leaves the loaded project at once; a refusal puts them back. */
    removeProjectMember: build.mutation<unknown, { id: string; userId: string }>({
      query: ({ id, userId }) => ({
        url: `Project/${encodeURIComponent(id)}/members/${encodeURIComponent(userId)}`,
        method: 'DELETE',
      }),
      async onQueryStarted({ id, userId }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          projectsReadApi.util.updateQueryData('getProject', id, (draft) => {
            draft.projectMembers = draft.projectMembers.filter((m) => m.userId !== userId);
            draft.memberCount = draft.projectMembers.length;
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
      invalidatesTags: (_r, error) => (error ? [] : [LIST]),
    }),
    /** Multipart, with the spec's 5 s time-out (a slow upload fails as TIMEOUT_ERROR, never retried). */
    uploadProjectDocument: build.mutation<DocumentInfo, { id: string; file: File }>({
      query: ({ id, file }) => {
        const body = new FormData();
        body.append('file', file);
        return {
          url: `Project/${encodeURIComponent(id)}/documents`,
          method: 'POST',
          body,
          timeout: PROJECT_DOCUMENT_UPLOAD_TIMEOUT_MS,
        };
      },
      // Spec section 4: an upload appends the document to the loaded project.
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const { data: doc } = await queryFulfilled.catch(() => ({ data: null }));
        if (!doc) return;
        dispatch(
          projectsReadApi.util.updateQueryData('getProject', id, (draft) => {
            if (!draft.documents.some((d) => d.documentId === doc.documentId)) draft.documents.push(doc);
          }),
        );
      },
    }),
    deleteProjectDocument: build.mutation<unknown, { id: string; docId: string }>({
      query: ({ id, docId }) => ({
        url: `Project/${encodeURIComponent(id)}/documents/${encodeURIComponent(docId)}`,
        method: 'DELETE',
      }),
      async onQueryStarted({ id, docId }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          projectsReadApi.util.updateQueryData('getProject', id, (draft) => {
            draft.documents = draft.documents.filter((d) => d.documentId !== docId);
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
    }),
  }),
});

export const {
  useCreateProjectMutation,
  useUpdateProjectMutation,
  useDeleteProjectMutation,
  useAddProjectMemberMutation,
  useRemoveProjectMemberMutation,
  useUploadProjectDocumentMutation,
  useDeleteProjectDocumentMutation,
} = projectsApi;
