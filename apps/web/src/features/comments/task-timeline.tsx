import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Activity, MESSAGES, PAGE_SIZE, type TimelineItem } from '@taskhive/contract';
import { useEffect, useState } from 'react';
import { UserAvatar } from '../../components/user-avatar';
import { CommentItem, when } from './comment-item';
import { CommentThreadView, useOlderWindow } from './comment-thread';
import { useAddTaskCommentMutation, useGetTimelineQuery } from './comments-api';

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
  blockedBy: 'blocked by',
  blocking: 'blocking',
  label: 'label',
  repeat: 'repeat',
  series: 'series',
  customField: 'a custom field',
};

/** "Severity: High" → ["Severity", "High"]; null → ["", null]. */
function splitField(v: string | null): [string, string | null] {
  if (v === null) return ['', null];
  const at = v.indexOf(': ');
  return at < 0 ? ['', v] : [v.slice(0, at), v.slice(at + 2)];
}

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
    // Issue 26: a dependency added or removed (the other task's key and title).
    case 'blockedBy':
      return a.to ? `${who} marked it blocked by ${a.to}` : `${who} removed the blocker ${a.from ?? ''}`;
    case 'blocking':
      return a.to
        ? `${who} marked it as blocking ${a.to}`
        : `${who} removed the blocked task ${a.from ?? ''}`;
    // Issue 26: a label put on or taken off.
    case 'label':
      return a.to ? `${who} added the label ${a.to}` : `${who} removed the label ${a.from ?? ''}`;
    // Issue 26: the repeat rule set, changed or removed; an occurrence made from its series.
    case 'repeat':
      return a.to ? `${who} set it to repeat: ${a.to}` : `${who} stopped it repeating (was ${a.from ?? ''})`;
    case 'series':
      return `${who} created it from the series (${a.to ?? ''})`;
    // Issue 26: a custom field's value, "Name: value" on each side (a field name has no colon).
    case 'customField': {
      const [name = '', from] = splitField(a.from);
      const [toName, to] = splitField(a.to);
      const label = name || toName || FIELD_LABELS.customField;
      if (from === null) return `${who} set ${label} to ${to ?? 'none'}`;
      if (to === null) return `${who} cleared ${label} (was ${from})`;
      return `${who} changed ${label} from ${from} to ${to}`;
    }
    default: {
      const label = FIELD_LABELS[a.field];
      if (a.from === null) return `${who} set ${label} to ${a.to ?? 'none'}`;
      if (a.to === null) return `${who} cleared ${label} (was ${a.from})`;
      return `${who} changed ${label} from ${a.from} to ${a.to}`;
    }
  }
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
  const older = useOlderWindow(PAGE_SIZE.timeline);
  const { data, error, isLoading, isFetching, refetch } = useGetTimelineQuery({
    taskId,
    pageSize: older.pageSize,
  });
  const [add, adding] = useAddTaskCommentMutation();
  const [seen, setSeen] = useState(version);
  useEffect(() => {
    if (version !== seen) {
      setSeen(version);
      void refetch();
    }
  }, [version, seen, refetch]);
  const thread = { kind: 'task', id: taskId } as const;

  return (
    <CommentThreadView
      title="Timeline"
      label="Timeline"
      data={data}
      error={error}
      isLoading={isLoading}
      isFetching={isFetching}
      refetch={() => void refetch()}
      fetchFailed={MESSAGES.comments.fetchFailed}
      emptyTitle={MESSAGES.comments.empty}
      hasOlder={older.hasOlder(data)}
      onLoadOlder={older.loadOlder}
      keyOf={keyOf}
      renderItem={(item) =>
        item.kind === 'comment' ? (
          <CommentItem thread={thread} comment={item.comment} />
        ) : (
          <ActivityItem activity={item.activity} />
        )
      }
      post={(body) => add({ taskId, body }).unwrap()}
      posting={adding.isLoading}
    />
  );
}
