import type { SQL } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { activitiesRepo } from './features/comments/activities.repo.ts';
import type { LiveEvent } from './lib/live-events.ts';

/**
 * What follows from a change, in the transaction that made it: the one registry (issue 22). Each
 * subscriber turns a transaction's changes into statements written together with its change rows
 * (lib/changes.ts flushChanges: one statement just before the commit), so a service only checks,
 * writes and says what changed (`tx.emit`).
 * - activity: a change's fields on a task, project or comment become its history (`activities`).
 * Live streams read the change rows themselves (lib/changes.ts changeFeed). Notifications, audit
 * and mail jobs are still written by their services (notify.ts, audit-log.ts, lib/jobs.ts): the
 * next subscribers to move here.
 */
export type ChangeSubscriber = (db: Db, events: readonly LiveEvent[]) => SQL[];

export const CHANGE_SUBSCRIBERS: readonly ChangeSubscriber[] = [activitiesRepo.fromChanges];

/** The statements every subscriber adds for these changes. */
export function followingChanges(db: Db, events: readonly LiveEvent[]): SQL[] {
  return events.length ? CHANGE_SUBSCRIBERS.flatMap((s) => s(db, events)) : [];
}
