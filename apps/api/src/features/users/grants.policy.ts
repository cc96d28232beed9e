import { ASSIGN_ROLE, MESSAGES } from '@taskhive/contract';
import { forbidden } from '../../lib/errors.ts';
import { accessRepo } from '../../lib/access.ts';
import type { Actor, Scope } from '../../lib/scope.ts';

/**
 * The one rule for everything that gives roles or permissions (an employee's role, additional
 * roles, direct permissions, a role's permissions):
 * - nobody changes their own role or permissions (nor those of a role they hold);
 * - nobody grants or takes away a role or permission that holds more than they hold themselves;
 * - assigning roles needs `companyrole:assign`, not just `employee:update`.
 * Every endpoint that grants calls one of these after loading the records and before writing.
 * The Super Admin holds every permission, so the rules never stop them.
 */
function assertHoldsAll(actor: Actor, permissions: readonly string[]) {
  if (permissions.some((p) => !actor.permissions.has(p))) throw forbidden(MESSAGES.grants.beyondOwn);
}

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
};
