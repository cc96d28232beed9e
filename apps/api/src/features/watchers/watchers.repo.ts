import { and, asc, eq, type SQL } from 'drizzle-orm';
import { mentionedIds } from '@taskhive/contract';
import type { Db } from '../../db/client.ts';
import { taskWatchers, users } from '../../db/schema/index.ts';
import type { LiveEvent } from '../../lib/live-events.ts';
import type { Scope } from '../../lib/scope.ts';
import type { PersonRow } from '../comments/index.ts';

const person = {
  userId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  profilePhotoPath: users.profilePhotoPath,
  userUpdatedAt: users.updatedAt,
};

/** Who a change makes a watcher of which task, beyond what trigger changes_watch derives. */
function watchersFrom(e: LiveEvent): { taskId: string; userIds: readonly string[] } | null {
  if (e.type === 'task' && (e.action === 'created' || e.action === 'updated'))
    return { taskId: e.id, userIds: e.notice?.assigned ?? [] };
  if (e.type === 'comment' && (e.action === 'created' || e.action === 'updated') && e.taskId) {
    const before = new Set(e.notice?.bodyBefore === undefined ? [] : mentionedIds(e.notice.bodyBefore));
    const body = e.notice?.body;
    return { taskId: e.taskId, userIds: body ? mentionedIds(body).filter((id) => !before.has(id)) : [] };
  }
  return null;
}

/** The only place that touches `task_watchers`. */
export const watchersRepo = {
  /**
   * The watchers subscriber of the change log (change-subscribers.ts): the people a task's change
   * newly assigns and the people a comment on a task newly mentions watch it, written in the
   * statement that writes the change rows. The creator and the commenter are the change row's
   * actor: trigger changes_watch (db/sql/watchers.sql) adds them, for every path that writes a
   * task (its fast create's own statement too).
   */
  fromChanges(db: Db, events: readonly LiveEvent[]): SQL[] {
    const rows = events.flatMap((e) => {
      const w = watchersFrom(e);
      return w ? w.userIds.map((userId) => ({ companyId: e.companyId, taskId: w.taskId, userId })) : [];
    });
    return rows.length ? [db.insert(taskWatchers).values(rows).onConflictDoNothing().getSQL()] : [];
  },

  /** Whether someone watches the task. */
  async isWatching(scope: Scope, taskId: string, userId: string): Promise<boolean> {
    const [row] = await scope.db
      .select({ id: taskWatchers.id })
      .from(taskWatchers)
      .where(scope.own(taskWatchers, eq(taskWatchers.taskId, taskId), eq(taskWatchers.userId, userId)));
    return row !== undefined;
  },

  /** Answers whether a row was added (false: they watched it already). */
  async add(scope: Scope, taskId: string, userId: string): Promise<boolean> {
    const rows = await scope.db
      .insert(taskWatchers)
      .values(scope.values({ taskId, userId }))
      .onConflictDoNothing()
      .returning({ id: taskWatchers.id });
    return rows.length > 0;
  },

  /** Answers whether a row was removed. */
  async remove(scope: Scope, taskId: string, userId: string): Promise<boolean> {
    const rows = await scope.db
      .delete(taskWatchers)
      .where(scope.own(taskWatchers, eq(taskWatchers.taskId, taskId), eq(taskWatchers.userId, userId)))
      .returning({ id: taskWatchers.id });
    return rows.length > 0;
  },

  /** The task's watchers by name. */
  list(scope: Scope, taskId: string): Promise<PersonRow[]> {
    return scope.db
      .select(person)
      .from(taskWatchers)
      .innerJoin(users, and(eq(users.companyId, taskWatchers.companyId), eq(users.id, taskWatchers.userId)))
      .where(scope.own(taskWatchers, eq(taskWatchers.taskId, taskId)))
      .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  },

  /** The ids of the task's active watchers (the notify reaction's recipients). */
  async activeIds(scope: Scope, taskId: string): Promise<string[]> {
    const rows = await scope.db
      .select({ userId: taskWatchers.userId })
      .from(taskWatchers)
      .innerJoin(users, and(eq(users.companyId, taskWatchers.companyId), eq(users.id, taskWatchers.userId)))
      .where(scope.own(taskWatchers, eq(taskWatchers.taskId, taskId), eq(users.status, 'active')));
    return rows.map((r) => r.userId);
  },
};
