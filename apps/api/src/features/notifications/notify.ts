import {
  formatDuration,
  MENTION_PATTERN,
  mentionedIds,
  type NotificationKind,
  notificationDefaults,
} from '@taskhive/contract';
import { accessRepo } from '../../lib/access.ts';
import type {
  ChangeField,
  LiveEvent,
  TaskNotice,
  TimeEntryNotice,
  UnblockedNotice,
} from '../../lib/live-events.ts';
import type { Scope } from '../../lib/scope.ts';
import { personName, commentsReads } from '../comments/index.ts';
import { projectsPolicy, READS_ALL_PROJECTS, READS_ALL_TASKS, projectsReads } from '../projects/index.ts';
import { tasksReads } from '../tasks/index.ts';
import { timeLogsReads } from '../time-logs/index.ts';
import { taskWatchers } from '../watchers/index.ts';
import { enqueueNotificationMails } from './notification-mails.ts';
import { type NewNotification, notificationsRepo } from './notifications.repo.ts';

/** Longest comment excerpt a notification keeps. */
const EXCERPT_LENGTH = 140;

/**
 * Writes notifications with the transaction of the change they tell of (so a change that fails
 * leaves none) and says each one as a live event to its recipient. Never the actor's own change;
 * one notification per recipient per event: the first kind given for someone wins, so callers list
 * the stronger kinds first (a mention before the comment it is part of). Each recipient's switches
 * for the kind (notification_preferences, else the defaults) decide: in-app off, no notification
 * (and so no email); email on, a mail job in the same transaction.
 */
async function send(tx: Scope, items: NewNotification[]): Promise<void> {
  const seen = new Set<string>([tx.actor.userId]);
  const unique = items.filter((n) => !seen.has(n.userId) && seen.add(n.userId));
  if (unique.length === 0) return;
  const reached = await readable(tx, unique);
  const prefs = await notificationsRepo.preferencesOf(
    tx,
    reached.map((n) => n.userId),
    reached.map((n) => n.kind),
  );
  const wants = (n: NewNotification) => prefs.get(`${n.userId}:${n.kind}`) ?? notificationDefaults(n.kind);
  const rows = reached.filter((n) => wants(n).inApp);
  const ids = await notificationsRepo.insert(tx, rows);
  await enqueueNotificationMails(
    tx,
    rows.flatMap((n, i) => {
      const id = ids[i];
      return id && wants(n).email ? [id] : [];
    }),
  );
  rows.forEach((n, i) => {
    const id = ids[i];
    if (id)
      tx.emit({
        type: 'notification',
        action: 'created',
        id,
        userIds: [n.userId],
        taskId: n.taskId,
        projectId: n.projectId,
      });
  });
}

/**
 * The notifications whose recipient may open what they are about (the projects policy's reach: a
 * member of the project, or `project:read:all`, or for a task `task:read:all`). A mention may name
 * anyone of the company; someone outside the project is not told the task's title or the comment's
 * words. One query for the members; one for the rights of the recipients who are not members.
 */
async function readable(tx: Scope, items: NewNotification[]): Promise<NewNotification[]> {
  const byProject = new Map<string, string[]>();
  for (const n of items)
    if (n.projectId) byProject.set(n.projectId, [...(byProject.get(n.projectId) ?? []), n.userId]);
  if (byProject.size === 0) return items;
  // Only the recipients' memberships (a change has one project), not every member's row.
  const members = new Set<string>();
  for (const [projectId, userIds] of byProject)
    for (const userId of await projectsReads.membersAmong(tx, projectId, userIds))
      members.add(`${projectId}:${userId}`);
  const isMember = (n: NewNotification) => !n.projectId || members.has(`${n.projectId}:${n.userId}`);
  // The company-wide read rights of the recipients who are not members: one query for all of them.
  const others = [...new Set(items.filter((n) => !isMember(n)).map((n) => n.userId))];
  const held = await accessRepo(tx.db).effectivePermissionsOf(tx.companyId, others, [
    READS_ALL_PROJECTS,
    READS_ALL_TASKS,
  ]);
  return items.filter((n) => {
    const rights = held.get(n.userId) ?? new Set<string>();
    return n.taskId !== null
      ? projectsPolicy.canReadTask(rights, isMember(n))
      : projectsPolicy.canReadProject(rights, isMember(n));
  });
}

/** The comment's first words as shown: mention tokens become the people's names. */
async function excerpt(tx: Scope, body: string): Promise<string> {
  const people = new Map(
    (await commentsReads.people(tx, mentionedIds(body))).map((p) => [p.userId, personName(p)]),
  );
  const shown = body
    .replace(MENTION_PATTERN, (_, id: string) => `@${people.get(id.toLowerCase()) ?? 'someone'}`)
    .replace(/\s+/g, ' ')
    .trim();
  return shown.length > EXCERPT_LENGTH ? `${shown.slice(0, EXCERPT_LENGTH - 1)}…` : shown;
}

/** What an edit's fields are called in a `task_edited` notification. */
const EDITED: Partial<Record<ChangeField['field'], string>> = {
  title: 'title',
  description: 'description',
  priority: 'priority',
  assignees: 'assignees',
  startDate: 'start date',
  endDate: 'end date',
  list: 'list',
  document: 'files',
};

/** What a task's change tells its watchers: the strongest of its status, due date and edits. */
function watchedChange(fields: readonly ChangeField[]): { kind: NotificationKind; detail: string } | null {
  const status = fields.find((f) => f.field === 'status');
  if (status) return { kind: 'status_changed', detail: status.to ?? 'No status' };
  const due = fields.find((f) => f.field === 'dueDate');
  if (due) return { kind: 'due_date_changed', detail: due.to ?? 'No due date' };
  const edited = [...new Set(fields.flatMap((f) => EDITED[f.field] ?? []))];
  return edited.length ? { kind: 'task_edited', detail: edited.join(', ') } : null;
}

/** What each kind of change tells whom. */
const tell = {
  /**
   * A task was created or updated: the people newly assigned get `assigned`; its other watchers
   * (who may still read it) get, for the strongest change: `status_changed` (the new status's
   * name), `due_date_changed` (the new date), `task_edited` (what was edited).
   */
  async taskChanged(
    tx: Scope,
    taskId: string,
    change: { assigned: readonly string[]; fields: readonly ChangeField[] },
    /** The task as its writer read it in this transaction: not read again. */
    known?: TaskNotice,
  ): Promise<void> {
    const watched = watchedChange(change.fields);
    if (change.assigned.length === 0 && !watched) return;
    const task = known ?? (await tasksReads.byId(tx, taskId, null));
    if (!task) return;
    const about = { taskId, projectId: task.projectId, title: task.title };
    const items: NewNotification[] = change.assigned.map((userId) => ({
      ...about,
      userId,
      kind: 'assigned',
      detail: task.projectName,
    }));
    if (watched)
      for (const userId of await taskWatchers.activeIds(tx, taskId))
        items.push({ ...about, userId, ...watched });
    await send(tx, items);
  },

  /**
   * A comment was posted on a task or a project (or edited: `before` is its old body, and only
   * people it newly mentions hear of it). Whoever it mentions gets `mentioned`; on a task, its
   * other followers get `commented` (not for an edit).
   */
  async commented(
    tx: Scope,
    at: { taskId: string | null; projectId: string },
    body: string,
    before?: string,
  ): Promise<void> {
    const already = new Set(before === undefined ? [] : mentionedIds(before));
    const mentioned = mentionedIds(body).filter((id) => !already.has(id));
    if (before !== undefined && mentioned.length === 0) return;
    // The task's title only (issue 28: this read the whole task row, a dozen subqueries, per comment).
    const task = at.taskId ? await tasksReads.taskRef(tx, at.taskId, null) : null;
    const title = task ? task.title : ((await projectsReads.byId(tx, at.projectId, null))?.name ?? '');
    const about = { taskId: at.taskId, projectId: at.projectId, title, detail: await excerpt(tx, body) };
    const items: NewNotification[] = mentioned.map((userId) => ({ ...about, userId, kind: 'mentioned' }));
    if (task && before === undefined)
      for (const userId of await taskWatchers.activeIds(tx, task.taskId))
        items.push({ ...about, userId, kind: 'commented' });
    await send(tx, items);
  },

  /**
   * Issue 26: a blocker was done (Completed, Cancelled) and left this task without an open
   * blocker: its assignees hear `task_unblocked` (they may start). A task still blocked by another
   * open task tells nobody yet (the task service's `dependency` change carries no notice then).
   */
  async unblocked(tx: Scope, at: { taskId: string; projectId: string }, t: UnblockedNotice) {
    await send(
      tx,
      t.assigneeIds.map((userId) => ({
        userId,
        kind: 'task_unblocked' as const,
        taskId: at.taskId,
        projectId: at.projectId,
        title: t.title,
        detail: `${t.blockerKey} is done`,
      })),
    );
  },

  /** Someone other than its owner changed or deleted a time entry: the owner hears of it. */
  async timeLogChanged(tx: Scope, entry: TimeEntryNotice, action: 'updated' | 'deleted'): Promise<void> {
    const day = entry.loggedAt.toISOString().slice(0, 10);
    await send(tx, [
      {
        userId: entry.userId,
        kind: 'timelog_changed',
        taskId: entry.taskId,
        projectId: entry.projectId,
        title: entry.taskTitle ?? entry.projectName,
        detail: `${action === 'updated' ? 'Changed' : 'Deleted'}: ${day}, ${formatDuration(entry.durationMinutes)}`,
      },
    ]);
  },
};

export const notify = {
  /**
   * The notifications subscriber of the change log (change-subscribers.ts), run in the writing
   * transaction before its commit: a task's new assignees, its status, due date and edits for its
   * watchers, a comment's mentions and the task's watchers, a time entry changed by someone else than its owner. The writing services only say
   * what changed; the rules of who is told live here.
   */
  async fromChanges(tx: Scope, changes: readonly LiveEvent[]): Promise<void> {
    for (const c of changes) {
      if (c.type === 'task' && (c.action === 'created' || c.action === 'updated')) {
        await tell.taskChanged(
          tx,
          c.id,
          { assigned: c.notice?.assigned ?? [], fields: c.action === 'updated' ? (c.fields ?? []) : [] },
          c.notice?.task,
        );
      } else if (c.type === 'dependency' && c.notice?.unblocked && c.projectId) {
        await tell.unblocked(tx, { taskId: c.id, projectId: c.projectId }, c.notice.unblocked);
      } else if (c.type === 'comment' && c.notice?.body !== undefined && c.projectId) {
        if (c.action === 'created' || c.action === 'updated')
          await tell.commented(
            tx,
            { taskId: c.taskId ?? null, projectId: c.projectId },
            c.notice.body,
            c.notice.bodyBefore,
          );
      } else if (c.type === 'timelog' && (c.action === 'updated' || c.action === 'deleted')) {
        const owner = c.userIds?.[0];
        if (!owner || owner === tx.actor.userId) continue;
        const entry = c.action === 'deleted' ? c.notice?.entry : await timeLogsReads.byId(tx, c.id);
        if (entry) await tell.timeLogChanged(tx, entry, c.action);
      }
    }
  },
};
