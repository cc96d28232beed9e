import type { Comment, Paged, TimelineItem } from '@taskhive/contract';
import { baseApi } from '../../api/base-api';

/** A task's timeline as the drawer holds it: the newest `pageSize` items, newest last. */
export interface TimelineArgs {
  taskId: string;
  pageSize: number;
}

const tag = (taskId: string) => ({ type: 'Timeline' as const, id: taskId });

/** Each cached window of this task's timeline, patched in place. */
function patchTimelines(
  state: Parameters<typeof commentsApi.util.selectInvalidatedBy>[0],
  taskId: string,
  recipe: (draft: Paged<TimelineItem>) => void,
) {
  return commentsApi.util
    .selectInvalidatedBy(state, [tag(taskId)])
    .filter((e) => e.endpointName === 'getTimeline')
    .map((e) => commentsApi.util.updateQueryData('getTimeline', e.originalArgs as TimelineArgs, recipe));
}

export const commentsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTimeline: build.query<Paged<TimelineItem>, TimelineArgs>({
      query: ({ taskId, pageSize }) => ({
        url: `Tasks/${encodeURIComponent(taskId)}/timeline`,
        params: { page: 1, pageSize },
      }),
      providesTags: (_r, _e, { taskId }) => [tag(taskId)],
    }),
    addTaskComment: build.mutation<Comment, { taskId: string; body: string }>({
      query: ({ taskId, body }) => ({
        url: `Tasks/${encodeURIComponent(taskId)}/comments`,
        method: 'POST',
        body: { body },
      }),
      invalidatesTags: (_r, _e, { taskId }) => [tag(taskId)],
    }),
    /** Optimistic: the new body and the edited mark show at once, and go back if the server refuses. */
    editComment: build.mutation<Comment, { taskId: string; commentId: string; body: string }>({
      query: ({ commentId, body }) => ({
        url: `Comments/${encodeURIComponent(commentId)}`,
        method: 'PUT',
        body: { body },
      }),
      async onQueryStarted({ taskId, commentId, body }, { dispatch, getState, queryFulfilled }) {
        const patches = patchTimelines(getState(), taskId, (draft) => {
          for (const item of draft.items)
            if (item.kind === 'comment' && item.comment.commentId === commentId) {
              item.comment.body = body;
              item.comment.editedAt = new Date().toISOString();
            }
        }).map((thunk) => dispatch(thunk));
        try {
          const { data } = await queryFulfilled;
          patchTimelines(getState(), taskId, (draft) => {
            for (const item of draft.items)
              if (item.kind === 'comment' && item.comment.commentId === commentId) item.comment = data;
          }).forEach((thunk) => dispatch(thunk));
        } catch {
          patches.forEach((p) => p.undo());
        }
      },
    }),
    /** Optimistic: the comment leaves at once and comes back if the server refuses. */
    deleteComment: build.mutation<{ commentId: string }, { taskId: string; commentId: string }>({
      query: ({ commentId }) => ({ url: `Comments/${encodeURIComponent(commentId)}`, method: 'DELETE' }),
      async onQueryStarted({ taskId, commentId }, { dispatch, getState, queryFulfilled }) {
        const patches = patchTimelines(getState(), taskId, (draft) => {
          draft.items = draft.items.filter(
            (i) => !(i.kind === 'comment' && i.comment.commentId === commentId),
          );
        }).map((thunk) => dispatch(thunk));
        try {
          await queryFulfilled;
          dispatch(commentsApi.util.invalidateTags([tag(taskId)]));
        } catch {
          patches.forEach((p) => p.undo());
        }
      },
    }),
  }),
});

export const {
  useGetTimelineQuery,
  useAddTaskCommentMutation,
  useEditCommentMutation,
  useDeleteCommentMutation,
} = commentsApi;
