import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { TIMESHEET_MESSAGES, TIMESHEET_PERMISSIONS, type TimesheetStatus } from '@taskhive/contract';
import { departments, users } from '../../db/schema/index.ts';
import type { Scope } from '../../lib/scope.ts';

/**
 * Who approves whom, and what is locked for whom (issue 25): the one rule, used by the routes
 * (`approves`), the approvals list's WHERE (`approvableWhere`), the notifications
 * (`approversOf` in the repository follows the same rule) and the live-event fan-out (`hearsOf`).
 *
 * - A person's week is approved, rejected and reopened by the manager of their department
 *   (departments.manager_id) or by a holder of `timesheet:approve:all`; never by the person.
 * - Locks: a submitted week is locked for its person; an approved week, and every day before the
 *   company's lock date, for everyone without `timesheet:unlock`.
 */
type Reader = { userId: string; permissions: ReadonlySet<string> };

/** The person whose week it is, as far as the rule cares. */
export type WeekOwner = { userId: string; departmentManagerId: string | null };

export type LockReason = { message: string } | null;

export const timesheetsPolicy = {
  /** `reader` approves `owner`'s weeks: their department's manager or `timesheet:approve:all`, never their own. */
  approves(reader: Reader, owner: WeekOwner): boolean {
    if (owner.userId === reader.userId) return false;
    return (
      reader.permissions.has(TIMESHEET_PERMISSIONS.approveAll) || owner.departmentManagerId === reader.userId
    );
  },

  /** Why `approves` is false, as the 403 says it. */
  refusal(reader: Reader, owner: WeekOwner): string {
    return owner.userId === reader.userId ? TIMESHEET_MESSAGES.ownWeek : TIMESHEET_MESSAGES.notApprover;
  },

  /**
   * The live-event fan-out of a week's change: its person, and whoever approves them (`managesOwner`:
   * the reader manages the person's department).
   */
  hearsOf(reader: Reader, ownerId: string, managesOwner: boolean): boolean {
    return (
      ownerId === reader.userId || reader.permissions.has(TIMESHEET_PERMISSIONS.approveAll) || managesOwner
    );
  },

  /** The `users` rows whose weeks the scope's actor approves (the approvals list's condition). */
  approvableWhere(scope: Scope): SQL {
    const notMe = ne(users.id, scope.actor.userId);
    if (scope.actor.permissions.has(TIMESHEET_PERMISSIONS.approveAll)) return notMe;
    const managed = scope.db
      .select({ id: departments.id })
      .from(departments)
      .where(scope.own(departments, eq(departments.managerId, scope.actor.userId)));
    const cond = and(notMe, inArray(users.departmentId, managed));
    if (!cond) throw new Error('unreachable');
    return cond;
  },

  /** `u.department_id` among the departments the actor manages (raw SQL over `users u`). */
  managedPeopleWhere(scope: Scope): SQL {
    return sql`u.department_id in (select md.id from departments md where md.company_id = ${scope.companyId} and md.manager_id = ${scope.actor.userId})`;
  },

  /**
   * What locks a day of `ownerId`'s for `reader`: the lock date, the week approved, the week
   * submitted (the person only). Null: the reader may change it (their other rights permitting).
   */
  lockOf(
    reader: Reader,
    ownerId: string,
    day: string,
    status: TimesheetStatus,
    lockedBefore: string | null,
  ): LockReason {
    const unlock = reader.permissions.has(TIMESHEET_PERMISSIONS.unlock);
    if (lockedBefore !== null && day < lockedBefore && !unlock)
      return { message: TIMESHEET_MESSAGES.lockedBefore(lockedBefore) };
    if (status === 'approved' && !unlock) return { message: TIMESHEET_MESSAGES.lockedApproved };
    if (status === 'submitted' && ownerId === reader.userId)
      return { message: TIMESHEET_MESSAGES.lockedSubmitted };
    return null;
  },
};
