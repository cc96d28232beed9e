import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  type Activity,
  type Comment,
  MAX_PAGE_SIZE,
  MESSAGES,
  PAGE_SIZE,
  type TimelineItem,
} from '@taskhive/contract';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../api/errors';
import { EmptyState } from '../../components/empty-state';
import { ErrorPanel } from '../../components/error-panel';
import { UserAvatar } from '../../components/user-avatar';
import { useSession } from '../../hooks/use-session';
import { useToast } from '../../hooks/use-toast';
import { CommentEditor } from './comment-editor';
import { CommentMarkdown } from './comment-markdown';
import {
  useAddTaskCommentMutation,
  useDeleteCommentMutation,
  useEditCommentMutation,
  useGetTimelineQuery,
} from './comments-api';

const FIELD_LABELS: Record<Activity['field'], string> = {
  created: 'created the task',
  title: 'title',
  description: 'description',
  status: 'status',
  priority: 'priority',
  assignees: 'assignees',
  startDate: 'start date',
  dueDate: 'due date',
  endDate: 'end date',
  list: 'list',
  document: 'document',
  comment: 'comment',
  members: 'members',
};

const when = (iso: string) => new Date(iso).toLocaleString();

/** "Ada Lovelace changed status from Open to In Progress", and the like. */
export function activityText(a: Activity): string {
  const who = `${a.actor.firstName} ${a.actor.lastName}`.trim();
  switch (a.field) {
    case 'created':
      return `${who} created the task`;
    case 'description':
      return `${who} changed the description`;
    case 'document':
      return a.to ? `${who} added the document ${a.to}` : `${who} removed the document ${a.from ?? ''}`;
    case 'comment':
      return a.to ? `${who} commented` : `${who} deleted a comment`;
    case 'members':
      return a.to ? `${who} added ${a.to} to the project` : `${who} removed ${a.from ?? ''} from the project`;
    default: {
      const label = FIELD_LABELS[a.field];
      if (a.from === null) return `${who} set ${label} to ${a.to ?? 'none'}`;
      if (a.to === null) return `${who} cleared ${label} (was ${a.from})`;
      return `${who} changed ${label} from ${a.from} to ${a.to}`;
    }
  }
}

function CommentItem({ taskId, comment }: { taskId: string; comment: Comment }) {
  const toast = useToast();
  const { user, can } = useSession();
  const [editing, setEditing] = useState(false);
  const [edit, editing_] = useEditCommentMutation();
  const [remove] = useDeleteCommentMutation();
  const mine = comment.author.userId === user?.userId;
  const canDelete = can({ anyOf: ['comment:delete:all'] }) || (mine && can({ anyOf: ['comment:delete'] }));
  const name = `${comment.author.firstName} ${comment.author.lastName}`.trim();

  const onDelete = async () => {
    try {
      await remove({ taskId, commentId: comment.commentId }).unwrap();
      toast.success(MESSAGES.comments.deleted);
    } catch (err) {
      toast.error(errorMessage(err, MESSAGES.comments.deleteFailed));
    }
  };

  return (
    <Stack direction="row" spacing={1.5} component="li" aria-label={`Comment by ${name}`}>
      <UserAvatar
        firstName={comment.author.firstName}
        lastName={comment.author.lastName}
        photoUrl={comment.author.profilePhotoUrl}
        size={32}
      />
      <Stack sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
          <Typography variant="subtitle2">{name}</Typography>
          <Typography variant="caption" color="text.secondary">
            {when(comment.createdAt)}
            {comment.editedAt && ` · ${MESSAGES.comments.edited}`}
          </Typography>
          <Stack direction="row" sx={{ ml: 'auto' }}>
            {mine && can({ anyOf: ['comment:update'] }) && !editing && (
              <Tooltip title="Edit comment">
                <IconButton size="small" aria-label="Edit comment" onClick={() => setEditing(true)}>
                  <EditOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
            {canDelete && (
              <Tooltip title="Delete comment">
                <IconButton size="small" aria-label="Delete comment" onClick={() => void onDelete()}>
                  <DeleteOutline fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </Stack>
        </Stack>
        {editing ? (
          <CommentEditor
            initial={comment.body}
            submitLabel="Save"
            busy={editing_.isLoading}
            onCancel={() => setEditing(false)}
            onSubmit={async (body) => {
              setEditing(false);
              try {
                await edit({ taskId, commentId: comment.commentId, body }).unwrap();
                return true;
              } catch (err) {
                toast.error(errorMessage(err, MESSAGES.comments.updateFailed));
                return false;
              }
            }}
          />
        ) : (
          <CommentMarkdown body={comment.body} mentions={comment.mentions} />
        )}
      </Stack>
    </Stack>
  );
}

function ActivityItem({ activity }: { activity: Activity }) {
  return (
    <Stack direction="row" spacing={1.5} component="li" sx={{ alignItems: 'center' }}>
      <UserAvatar
        firstName={activity.actor.firstName}
        lastName={activity.actor.lastName}
        photoUrl={activity.actor.profilePhotoUrl}
        size={24}
      />
      <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
        {activityText(activity)}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {when(activity.createdAt)}
      </Typography>
    </Stack>
  );
}

const keyOf = (i: TimelineItem) => (i.kind === 'comment' ? i.comment.commentId : i.activity.activityId);

/**
 * A task's timeline in its drawer: comments and activity, newest last, the newest page first
 * with "Load older" widening the window; the comment box below. `version` (the task's
 * `updatedAt`) refetches it after the task itself changes, so a status change shows at once.
 */
export function TaskTimeline({ taskId, version }: { taskId: string; version: string }) {
  const toast = useToast();
  const { can } = useSession();
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZE.timeline);
  const { data, error, isLoading, isFetching, refetch } = useGetTimelineQuery({ taskId, pageSize });
  const [add, adding] = useAddTaskCommentMutation();
  const [seen, setSeen] = useState(version);
  useEffect(() => {
    if (version !== seen) {
      setSeen(version);
      void refetch();
    }
  }, [version, seen, refetch]);

  const more = data ? data.totalCount > data.items.length && pageSize < MAX_PAGE_SIZE : false;

  let body;
  if (isLoading) body = <Skeleton variant="rounded" height={80} aria-label="Loading timeline" />;
  else if (error && !data)
    body = (
      <ErrorPanel
        message={errorMessage(error, MESSAGES.comments.fetchFailed)}
        onRetry={() => void refetch()}
      />
    );
  else if (!data || data.items.length === 0) body = <EmptyState title={MESSAGES.comments.empty} />;
  else
    body = (
      <Stack component="ul" spacing={1.5} aria-label="Timeline" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {data.items.map((item) =>
          item.kind === 'comment' ? (
            <CommentItem key={keyOf(item)} taskId={taskId} comment={item.comment} />
          ) : (
            <ActivityItem key={keyOf(item)} activity={item.activity} />
          ),
        )}
      </Stack>
    );

  return (
    <Stack spacing={1.5}>
      <Typography variant="subtitle1">Timeline</Typography>
      {more && (
        <Button
          size="small"
          disabled={isFetching}
          onClick={() => setPageSize((n) => Math.min(n + PAGE_SIZE.timeline, MAX_PAGE_SIZE))}
          sx={{ alignSelf: 'center' }}
        >
          {MESSAGES.comments.loadOlder}
        </Button>
      )}
      {body}
      {can({ anyOf: ['comment:create'] }) && (
        <CommentEditor
          submitLabel="Comment"
          busy={adding.isLoading}
          onSubmit={async (text) => {
            try {
              await add({ taskId, body: text }).unwrap();
              toast.success(MESSAGES.comments.created);
              return true;
            } catch (err) {
              toast.error(errorMessage(err, MESSAGES.comments.createFailed));
              return false;
            }
          }}
        />
      )}
    </Stack>
  );
}
