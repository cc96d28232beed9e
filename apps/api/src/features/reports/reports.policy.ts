import { eq, inArray, or, type SQL } from 'drizzle-orm';
import { MESSAGES, TEAM_REPORT_MESSAGES } from '@taskhive/contract';
import { timeLogs, users } from '../../db/schema/index.ts';
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
  /** The people a team report may list, as `coverable` says for hours (none: the whole company). */
  coveredUsers(scope: Scope): SQL | undefined {
    if (scope.actor.permissions.has('report:read:all')) return undefined;
    return or(eq(users.id, scope.actor.userId), inArray(users.id, managedUserIds(scope)));
  },
  /**
   * A team report: with `report:read:all` the company's, else the manager of a department its
   * members' (and their own); someone who manages none reads their own report, not a team's.
   * Narrowed to one department, it must be one they may cover.
   */
  assertTeam(scope: Scope, managesDepartment: boolean, department?: { managerId: string | null } | null) {
    if (scope.actor.permissions.has('report:read:all')) return;
    const ok = managesDepartment && (!department || department.managerId === scope.actor.userId);
    if (!ok) throw forbidden(TEAM_REPORT_MESSAGES.noPermission);
  },
};
