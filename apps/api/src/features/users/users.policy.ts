import { MESSAGES, ROLES } from '@taskhive/contract';
import { conflict, forbidden } from '../../lib/errors.ts';
import type { Actor } from '../../lib/scope.ts';
import type { UserRow } from './users.repo.ts';

const holds = (actor: Actor, ...permissions: string[]) => permissions.some((p) => actor.permissions.has(p));

/**
 * Object-level rules for employees, beyond the route's declared permission. Pure: each answers
 * a boolean or throws (403 for what the actor may not do, 409 for a state the company must keep).
 */
export const usersPolicy = {
  /** Anyone may read themself; anyone else's profile needs employee:read (or :read:all). */
  assertCanRead(actor: Actor, userId: string) {
    if (actor.userId !== userId && !holds(actor, 'employee:read', 'employee:read:all')) throw forbidden();
  },

  /**
   * Personal fields (gender, date of birth, blood group, marital status, address, emergency
   * contact; issue 24): the person, their managers (everyone up their reports-to chain, and their
   * department's manager) and holders of employee:read:all. Everyone else reads the record
   * without them.
   */
  canSeePersonal(
    actor: Actor,
    person: { userId: string; departmentManagerId: string | null; managerChain: readonly string[] },
  ) {
    return (
      actor.userId === person.userId ||
      holds(actor, 'employee:read:all') ||
      actor.userId === person.departmentManagerId ||
      person.managerChain.includes(actor.userId)
    );
  },

  /** Their own photo anyone may change; someone else's needs employee:update. */
  assertCanChangePhoto(actor: Actor, userId: string) {
    if (actor.userId !== userId && !holds(actor, 'employee:update')) throw forbidden();
  },

  /** Nobody deactivates or deletes themself. */
  assertNotSelf(actor: Actor, userId: string) {
    if (actor.userId === userId) throw conflict(MESSAGES.users.cannotDeleteSelf);
  },

  /** Whether a change takes a Company Admin's powers away (a new role, or deactivation). */
  removesAdmin(
    current: Pick<UserRow, 'roleId' | 'roleName' | 'status'>,
    change: { roleId?: string | null; status?: string },
  ) {
    if (current.roleName !== ROLES.companyAdmin) return false;
    const demotes = change.roleId !== undefined && change.roleId !== current.roleId;
    const deactivates = change.status === 'inactive' && current.status !== 'inactive';
    return demotes || deactivates;
  },

  /**
   * The last active Company Admin must stay one. `activeAdmins` are the ids of the active admins,
   * read with their rows locked in the transaction making the change.
   */
  assertNotLastAdmin(activeAdmins: readonly string[], userId: string) {
    if (activeAdmins.includes(userId) && activeAdmins.length === 1) throw conflict(MESSAGES.users.lastAdmin);
  },
};
