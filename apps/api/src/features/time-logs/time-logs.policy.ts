import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import { MESSAGES } from '@taskhive/contract';
import { departments, timeLogs, users } from '../../db/schema/index.ts';
import { forbidden } from '../../lib/errors.ts';
import type { Scope } from '../../lib/scope.ts';

/**
 * Who sees and changes which time logs. An employee sees and edits their own entries; the manager
 * of a department also sees its members' entries; `timelog:read:all` sees the company's. Changing
 * or deleting someone else's entry needs `timelog:update:all` / `timelog:delete:all`.
 */

/** The owner of an entry as far as the rules care: who they are and who manages their department. */
export type Owner = { userId: string; departmentManagerId: string | null };

const has = (scope: Scope, p: string) => scope.actor.permissions.has(p);

/** The ids of the users in the departments the actor manages (a subquery). */
export function managedUserIds(scope: Scope) {
  return scope.db
    .select({ id: users.id })
    .from(users)
    .innerJoin(
      departments,
      and(eq(departments.id, users.departmentId), eq(departments.companyId, users.companyId)),
    )
    .where(scope.own(users, eq(departments.managerId, scope.actor.userId)));
}

/** The condition a list adds so it holds only what the actor may see (none for `:all`). */
export function visibleTimeLogs(scope: Scope): SQL | undefined {
  if (has(scope, 'timelog:read:all')) return undefined;
  return or(eq(timeLogs.userId, scope.actor.userId), inArray(timeLogs.userId, managedUserIds(scope)));
}

export const timeLogPolicy = {
  /**
   * The one rule of whose time one sees (`can`; `visibleTimeLogs` and `managedUserIds` are its
   * `visibleWhere`): one's own, everyone's with `timelog:read:all`, and, for the manager of a
   * department, its members'. `managesOwner`: the reader manages the owner's department.
   */
  seesTimeOf(
    reader: { userId: string; permissions: ReadonlySet<string> },
    ownerId: string,
    managesOwner: boolean,
  ) {
    return ownerId === reader.userId || reader.permissions.has('timelog:read:all') || managesOwner;
  },
  canView(scope: Scope, owner: Owner): boolean {
    return timeLogPolicy.seesTimeOf(
      scope.actor,
      owner.userId,
      owner.departmentManagerId === scope.actor.userId,
    );
  },
  canEdit(scope: Scope, owner: Owner): boolean {
    return owner.userId === scope.actor.userId
      ? has(scope, 'timelog:update') || has(scope, 'timelog:update:all')
      : has(scope, 'timelog:update:all');
  },
  canDelete(scope: Scope, owner: Owner): boolean {
    return owner.userId === scope.actor.userId
      ? has(scope, 'timelog:delete') || has(scope, 'timelog:delete:all')
      : has(scope, 'timelog:delete:all');
  },
  /** Reading an owner's entries anywhere (a profile's recent entries): a time-log read permission and canView. */
  canRead(scope: Scope, owner: Owner): boolean {
    return (
      (has(scope, 'timelog:read') || has(scope, 'timelog:read:all')) && timeLogPolicy.canView(scope, owner)
    );
  },
  /** Logging for another user is changing their time: it needs `timelog:update:all`. */
  canLogFor(scope: Scope, userId: string): boolean {
    return userId === scope.actor.userId || has(scope, 'timelog:update:all');
  },

  assertView(scope: Scope, owner: Owner) {
    if (!timeLogPolicy.canView(scope, owner)) throw forbidden(MESSAGES.timesheets.noPermission);
  },
  assertEdit(scope: Scope, owner: Owner) {
    timeLogPolicy.assertView(scope, owner);
    if (!timeLogPolicy.canEdit(scope, owner)) throw forbidden(MESSAGES.timesheets.noEditPermission);
  },
  assertDelete(scope: Scope, owner: Owner) {
    timeLogPolicy.assertView(scope, owner);
    if (!timeLogPolicy.canDelete(scope, owner)) throw forbidden(MESSAGES.timesheets.noEditPermission);
  },
};
