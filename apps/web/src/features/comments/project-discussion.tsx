import { type Comment, MESSAGES, PAGE_SIZE } from '@taskhive/contract';
import { MainCard } from '../../components/main-card';
import { CommentItem } from './comment-item';
import { CommentThreadView, useOlderWindow } from './comment-thread';
import { useAddProjectCommentMutation, useGetProjectCommentsQuery } from './comments-api';

const keyOf = (c: Comment) => c.commentId;

/**
 * A project's discussion (its Discussion tab): the project's own comments, newest last, "Load
 * older" widening the window; mentions, edit and delete as in a task's timeline.
 */
export function ProjectDiscussion({ projectId }: { projectId: string }) {
  const older = useOlderWindow(PAGE_SIZE.comments);
  const { data, error, isLoading, isFetching, refetch } = useGetProjectCommentsQuery({
    projectId,
    pageSize: older.pageSize,
  });
  const [add, adding] = useAddProjectCommentMutation();
  const thread = { kind: 'project', id: projectId } as const;

  return (
    <MainCard>
      <CommentThreadView
        title="Discussion"
        label="Discussion"
        data={data}
        error={error}
        isLoading={isLoading}
        isFetching={isFetching}
        refetch={() => void refetch()}
        fetchFailed={MESSAGES.comments.discussionFetchFailed}
        emptyTitle={MESSAGES.comments.discussionEmpty}
        hasOlder={older.hasOlder(data)}
        onLoadOlder={older.loadOlder}
        keyOf={keyOf}
        renderItem={(comment) => <CommentItem thread={thread} comment={comment} />}
        post={(body) => add({ projectId, body }).unwrap()}
        posting={adding.isLoading}
      />
    </MainCard>
  );
}
