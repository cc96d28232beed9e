import { MESSAGES, ROLES } from '@taskhive/contract';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { Scope } from '../../lib/scope.ts';
import type { RoleRow } from './roles.repo.ts';

/**
 * Who administers which role: platform roles (no company) are the Super Admin's; a company's roles
 * are its own administrators' (and the Super Admin's). Anything else reads as missing.
 */
export const rolesPolicy = {
  assertVisible(scope: Scope, role: RoleRow | null): RoleRow {
    if (!role) throw notFound('Role');
    if (scope.actor.isSuperAdmin) return role;
    if (role.companyId !== scope.companyId) throw notFound('Role');
    return role;
  },

  /** The Super Admin and Company Admin roles keep their name, stay active and are never deleted. */
  assertNotProtected(
    role: RoleRow,
    change: { name?: string | undefined; isActive?: boolean | undefined } | 'delete',
  ) {
    const isProtected = role.name === ROLES.superAdmin || role.name === ROLES.companyAdmin;
    if (!isProtected) return;
    if (
      change === 'delete' ||
      (change.name !== undefined && change.name !== role.name) ||
      change.isActive === false
    )
      throw forbidden(MESSAGES.companyRoles.protectedRole);
  },
};
