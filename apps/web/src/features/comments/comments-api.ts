import type { Comment, DirectoryQuery, Paged, Person, TimelineItem } from '@taskhive/contract';
import { baseApi } from '../../api/base-api';

/** Where a comment lives: a task (shown in its timeline) or a project (its discussion). */
export type CommentThread = { kind: 'task'; id: string } | { kind: 'project'; id: string };

/**
 * A thread as the screen holds it: the newest `pageSize` items, newest last ("Load older" widens
 * the window, so new items never shift a second page under the reader).
 */
export interface TimelineArgs {
  taskId: string;
  pageSize: number;
}
export interface ProjectCommentsArgs {
  projectId: string;
  pageSize: number;
}

const timelineTag = (taskId: string) => ({ type: 'Timeline' as const, id: taskId });
const projectTag = (projectId: string) => ({ type: 'ProjectComments' as const, id: projectId });
const tagOf = (thread: CommentThread) =>
  thread.kind === 'task' ? timelineTag(thread.id) : projectTag(thread.id);

type State = Parameters<typeof commentsApi.util.selectInvalidatedBy>[0];

/**
 * Each cached window of the thread, with the comment changed in place (or taken out): the task
 * timelines hold comments among activities, the project discussions comments only.
 */
function patchComment(
  state: State,
  thread: CommentThread,
  commentId: string,
  change: ((comment: Comment) => void) | 'remove',
) {
  const apply = (comments: Comment[]) => {
    for (const c of comments) if (c.commentId === commentId && change !== 'remove') change(c);
  };
  return commentsApi.util.selectInvalidatedBy(state, [tagOf(thread)]).flatMap((e) => {
    if (e.endpointName === 'getTimeline')
      return [
        commentsApi.util.updateQueryData('getTimeline', e.originalArgs as TimelineArgs, (draft) => {
          if (change === 'remove')
            draft.items = draft.items.filter(
              (i) => !(i.kind === 'comment' && i.comment.commentId === commentId),
            );
          else apply(draft.items.flatMap((i) => (i.kind === 'comment' ? [i.comment] : [])));
        }),
      ];
    if (e.endpointName === 'getProjectComments')
      return [
        commentsApi.util.updateQueryData(
          'getProjectComments',
          e.originalArgs as ProjectCommentsArgs,
          (draft) => {
            if (change === 'remove') {
              const before = draft.items.length;
              draft.items = draft.items.filter((c) => c.commentId !== commentId);
              draft.totalCount = Math.max(0, draft.totalCount - (before - draft.items.length));
            } else apply(draft.items);
          },
        ),
      ];
    return [];
  });
}

export const commentsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The mention picker's people: the company's active users whose name starts with `search`
     * (GET /CompanyUsers/directory, open to whoever may comment; no employee:read needed).
     */
    mentionDirectory: build.query<Person[], Partial<DirectoryQuery>>({
      query: (params) => ({ url: 'CompanyUsers/directory', params }),
    }),
    getTimeline: build.query<Paged<TimelineItem>, TimelineArgs>({
      query: ({ taskId, pageSize }) => ({
        url: `Tasks/${encodeURIComponent(taskId)}/timeline`,
        params: { page: 1, pageSize },
      }),
      providesTags: (_r, _e, { taskId }) => [timelineTag(taskId)],
    }),
    addTaskComment: build.mutation<Comment, { taskId: string; body: string }>({
      query: ({ taskId, body }) => ({
        url: `Tasks/${encodeURIComponent(taskId)}/comments`,
        method: 'POST',
        body: { body },
      }),
      invalidatesTags: (_r, _e, { taskId }) => [timelineTag(taskId)],
    }),
    /** A project's comments: page 1 is the newest, listed newest last. */
    getProjectComments: build.query<Paged<Comment>, ProjectCommentsArgs>({
      query: ({ projectId, pageSize }) => ({
        url: `Project/${encodeURIComponent(projectId)}/comments`,
        params: { page: 1, pageSize },
      }),
      providesTags: (_r, _e, { projectId }) => [projectTag(projectId)],
    }),
    addProjectComment: build.mutation<Comment, { projectId: string; body: string }>({
      query: ({ projectId, body }) => ({
        url: `Project/${encodeURIComponent(projectId)}/comments`,
        method: 'POST',
        body: { body },
      }),
      invalidatesTags: (_r, _e, { projectId }) => [projectTag(projectId)],
    }),
    /** Optimistic: the new body and the edited mark show at once, and go back if the server refuses. */
    editComment: build.mutation<Comment, { thread: CommentThread; commentId: string; body: string }>({
      query: ({ commentId, body }) => ({
        url: `Comments/${encodeURIComponent(commentId)}`,
        method: 'PUT',
        body: { body },
      }),
      async onQueryStarted({ thread, commentId, body }, { dispatch, getState, queryFulfilled }) {
        const patches = patchComment(getState(), thread, commentId, (c) => {
          c.body = body;
          c.editedAt = new Date().toISOString();
        }).map((thunk) => dispatch(thunk));
        try {
          const { data } = await queryFulfilled;
          patchComment(getState(), thread, commentId, (c) => Object.assign(c, data)).forEach((thunk) =>
            dispatch(thunk),
          );
        } catch {
          patches.forEach((p) => p.undo());
        }
      },
    }),
    /** Optimistic: the comment leaves at once and comes back if the server refuses. */
    deleteComment: build.mutation<{ commentId: string }, { thread: CommentThread; commentId: string }>({
      query: ({ commentId }) => ({ url: `Comments/${encodeURIComponent(commentId)}`, method: 'DELETE' }),
      async onQueryStarted({ thread, commentId }, { dispatch, getState, queryFulfilled }) {
        const patches = patchComment(getState(), thread, commentId, 'remove').map((thunk) => dispatch(thunk));
        try {
          await queryFulfilled;
          dispatch(commentsApi.util.invalidateTags([tagOf(thread)]));
        } catch {
          patches.forEach((p) => p.undo());
        }
      },
    }),
  }),
});

export const {
  useMentionDirectoryQuery,
  useGetTimelineQuery,
  useAddTaskCommentMutation,
  useGetProjectCommentsQuery,
  useAddProjectCommentMutation,
  useEditCommentMutation,
  useDeleteCommentMutation,
} = commentsApi;
