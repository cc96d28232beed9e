import { eq, inArray, or, type SQL } from 'drizzle-orm';
import { MESSAGES } from '@taskhive/contract';
import { timeLogs } from '../../db/schema/index.ts';
import { forbidden } from '../../lib/errors.ts';
import type { Scope } from '../../lib/scope.ts';
import { managedUserIds, type Owner } from '../time-logs/index.ts';

/**
 * Whose reports a caller may read: their own with `report:read`, anyone's in the company with
 * `report:read:all`, and those of the members of a department they manage.
 */
export const reportPolicy = {
  canRead(scope: Scope, target: Owner): boolean {
    const p = scope.actor.permissions;
    if (p.has('report:read:all')) return true;
    if (target.userId === scope.actor.userId) return p.has('report:read');
    return target.departmentManagerId === scope.actor.userId;
  },
  assertRead(scope: Scope, target: Owner) {
    if (!reportPolicy.canRead(scope, target)) throw forbidden(MESSAGES.reports.noPermission);
  },
  /** The time logs an hours report may cover when no user is named (none: the whole company). */
  coverable(scope: Scope): SQL | undefined {
    if (scope.actor.permissions.has('report:read:all')) return undefined;
    return or(eq(timeLogs.userId, scope.actor.userId), inArray(timeLogs.userId, managedUserIds(scope)));
  },
};
