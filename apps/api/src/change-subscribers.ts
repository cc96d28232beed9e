import type { SQL } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { auditLog } from './features/audit/index.ts';
import { taskActivity } from './features/comments/index.ts';
import { notify } from './features/notifications/index.ts';
import { timesheetNotifications } from './features/timesheets/index.ts';
import { taskWatchers } from './features/watchers/index.ts';
import { recurrenceOnCompletion } from './features/task-recurrence/index.ts';
import type { LiveEvent } from './lib/live-events.ts';
import type { Scope } from './lib/scope.ts';

/**
 * What follows from a change, in the transaction that made it: the one registry (issue 22). A
 * service only checks, writes and says what changed (`tx.emit`); what else the change means is
 * decided here, once, for every path that makes it. Two kinds, both run by the scope at the end of
 * the outermost transaction (lib/scope.ts), so a change that fails leaves nothing behind:
 * - reactions read before they write: notifications (who follows the task, who may read it, one
 *   row per recipient, their mail jobs and their live events), from the change's kind, its fields
 *   (a new status) and its notice (who was newly assigned, a comment's words); the audit log;
 * - statement subscribers turn the changes into statements written together with the change rows
 *   (lib/changes.ts flushChanges: one statement just before the commit): activity, a change's
 *   fields on a task, project or comment become its history (`activities`); watchers, the people a
 *   task's change newly assigns or a comment on it newly mentions watch the task (its creator and
 *   commenters by trigger changes_watch on the change rows, db/sql/watchers.sql).
 * - the audit log: a change that matters to it says so (`notice.audit`: the kind, whom it is about,
 *   from/to); `auditLog.fromChanges` writes the entries by the transaction's actor.
 * Live streams read the change rows themselves (lib/changes.ts changeFeed).
 */
export type ChangeSubscriber = (db: Db, events: readonly LiveEvent[]) => SQL[];
export type ChangeReaction = (tx: Scope, events: readonly LiveEvent[]) => Promise<void>;

export const CHANGE_REACTIONS: readonly ChangeReaction[] = [
  notify.fromChanges,
  auditLog.fromChanges,
  timesheetNotifications,
  recurrenceOnCompletion,
];
export const CHANGE_SUBSCRIBERS: readonly ChangeSubscriber[] = [
  taskActivity.fromChanges,
  taskWatchers.fromChanges,
];

/**
 * Runs the reactions over the transaction's changes so far (what they emit themselves, such as a
 * notification's live event, is written with them but reacted to by nobody).
 */
export async function reactToChanges(tx: Scope, events: readonly LiveEvent[]): Promise<void> {
  if (events.length === 0) return;
  const changes = [...events];
  for (const react of CHANGE_REACTIONS) await react(tx, changes);
}

/** The statements every subscriber adds for these changes. */
export function followingChanges(db: Db, events: readonly LiveEvent[]): SQL[] {
  return events.length ? CHANGE_SUBSCRIBERS.flatMap((s) => s(db, events)) : [];
}
