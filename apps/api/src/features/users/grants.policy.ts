import { ASSIGN_ROLE, MESSAGES } from '@taskhive/contract';
import { forbidden } from '../../lib/errors.ts';
import { accessRepo } from '../../lib/access.ts';
import type { Actor, Scope } from '../../lib/scope.ts';

/**
 * The one rule for everything that gives roles, permissions or the rights that come with a place
 * in the company (an employee's role, additional roles, direct permissions, a role's permissions,
 * the default role, an employee's status, who manages a department):
 * - nobody changes their own role or permissions (nor those of a role they hold);
 * - nobody grants or takes away a role or permission that holds more than they hold themselves;
 * - assigning roles needs `companyrole:assign`, not just `employee:update`, and so does making a
 *   role the default (the role every invitation without one gets);
 * - an employee's status (deactivate, reactivate) needs `employee:delete`, and only over someone
 *   who holds nothing the actor lacks;
 * - a department's manager reads its members' time logs and reports: only someone who already
 *   reads everyone's (`MANAGEMENT_RIGHTS`) changes who manages whom.
 * Every endpoint that grants calls one of these after loading the records and before writing.
 * The Super Admin holds every permission, so the rules never stop them.
 */
function assertHoldsAll(
  actor: Actor,
  permissions: readonly string[],
  message: string = MESSAGES.grants.beyondOwn,
) {
  if (permissions.some((p) => !actor.permissions.has(p))) throw forbidden(message);
}

/** What being a department's manager lets one read of its members (time-logs and reports policies). */
export const MANAGEMENT_RIGHTS = ['timelog:read:all', 'report:read:all'] as const;

export const grantsPolicy = {
  /**
   * May `actor` move a user from role `from` to role `to` (either may be null: no role)? Both
   * the role given and the role taken away must lie within what the actor holds. No
   * `targetUserId`: a user being created.
   */
  async assertMayAssignRole(
    scope: Scope,
    change: { targetUserId?: string; from: string | null; to: string | null },
  ) {
    const { actor } = scope;
    if (actor.isSuperAdmin) return;
    if (!actor.permissions.has(ASSIGN_ROLE)) throw forbidden();
    if (change.targetUserId === actor.userId) throw forbidden(MESSAGES.grants.ownRoleOrPermissions);
    const roleIds = [change.from, change.to].filter((id): id is string => id !== null);
    assertHoldsAll(actor, await accessRepo(scope.db).roleCarries(scope.companyId, roleIds));
  },

  /**
   * May `actor` add or remove these permissions on a user's own list (`targetUserId`) or on a
   * role (`roleId`)? Never on themself or a role they hold; never a permission they lack.
   */
  async assertMayGrantPermissions(
    scope: Scope,
    change: { targetUserId?: string; roleId?: string; permissions: readonly string[] },
  ) {
    const { actor } = scope;
    if (actor.isSuperAdmin) return;
    if (change.targetUserId === actor.userId) throw forbidden(MESSAGES.grants.ownRoleOrPermissions);
    if (change.roleId && (await accessRepo(scope.db).holdsRole(scope.companyId, actor.userId, change.roleId)))
      throw forbidden(MESSAGES.grants.ownRoleOrPermissions);
    assertHoldsAll(actor, change.permissions);
  },

  /**
   * Making `roleId` (null: a role being created, which carries nothing yet) the company's default:
   * `companyrole:assign` and everything the role carries.
   */
  async assertMayMakeDefault(scope: Scope, roleId: string | null) {
    const { actor } = scope;
    if (actor.isSuperAdmin) return;
    if (!actor.permissions.has(ASSIGN_ROLE)) throw forbidden();
    if (roleId) assertHoldsAll(actor, await accessRepo(scope.db).roleCarries(scope.companyId, [roleId]));
  },

  /**
   * An invitation without a role gets the default role (`roleId`, read in the inviting
   * transaction): the inviter must hold everything it carries, as if they had chosen it.
   */
  async assertMayInviteWithDefault(scope: Scope, roleId: string) {
    const { actor } = scope;
    if (actor.isSuperAdmin) return;
    const carries = await accessRepo(scope.db).roleCarries(scope.companyId, [roleId]);
    assertHoldsAll(actor, carries, MESSAGES.grants.defaultRoleBeyondOwn);
  },

  /**
   * Deactivating or reactivating `targetUserId` (which ends or restores every right they hold):
   * `employee:delete`, never over someone holding a permission the actor lacks.
   */
  async assertMayChangeStatus(scope: Scope, targetUserId: string) {
    const { actor } = scope;
    if (actor.isSuperAdmin) return;
    if (!actor.permissions.has('employee:delete')) throw forbidden(MESSAGES.grants.statusNeedsDelete);
    const held = await accessRepo(scope.db).effectivePermissionsOf(scope.companyId, [targetUserId]);
    assertHoldsAll(actor, [...(held.get(targetUserId) ?? [])], MESSAGES.grants.statusBeyondOwn);
  },

  /**
   * Setting `targetUserId`'s password (issue 24) lets the actor sign in as them until they change
   * it: never over someone holding a permission the actor lacks (as for their status).
   */
  async assertMaySetPassword(scope: Scope, targetUserId: string) {
    const { actor } = scope;
    if (actor.isSuperAdmin) return;
    const held = await accessRepo(scope.db).effectivePermissionsOf(scope.companyId, [targetUserId]);
    assertHoldsAll(actor, [...(held.get(targetUserId) ?? [])]);
  },

  /**
   * Changing who manages whom (a department's manager, or which department someone is in when a
   * manager is involved) hands out `MANAGEMENT_RIGHTS` over people: only their holders may.
   */
  assertMayChangeManagement(actor: Actor) {
    if (actor.isSuperAdmin) return;
    assertHoldsAll(actor, MANAGEMENT_RIGHTS, MESSAGES.grants.managementBeyondOwn);
  },
};
