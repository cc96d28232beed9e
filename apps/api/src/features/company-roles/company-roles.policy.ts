import { type CreateCompanyRoleBody, MESSAGES, ROLES, type UpdateCompanyRoleBody } from '@taskhive/contract';
import { conflict } from '../../lib/errors.ts';
import type { CompanyRoleRow } from './company-roles.repo.ts';

type Role = Pick<CompanyRoleRow, 'name' | 'isActive' | 'isDefault'>;

/**
 * Object-level rules for a company's roles, checked by the service right after it loads the role
 * (route-level permissions are already held). Pure: each answers nothing or throws 409.
 */
export const companyRolesPolicy = {
  /** The seeded Company Admin role is protected: it keeps its name, stays active and stays. */
  isProtected: (role: Pick<Role, 'name'>) => role.name === ROLES.companyAdmin,

  /** A new default role must be active, and never bears the protected name. */
  assertCanCreate(body: Pick<CreateCompanyRoleBody, 'roleName' | 'defaultRole' | 'isActive'>) {
    if (body.defaultRole && companyRolesPolicy.isProtected({ name: body.roleName }))
      throw conflict(MESSAGES.companyRoles.protectedNotDefault);
    if (body.defaultRole && !body.isActive) throw conflict(MESSAGES.companyRoles.defaultMustBeActive);
  },

  /**
   * The protected role is never renamed or deactivated, and never the default (every invitation
   * without a role would make a Company Admin); the default is never simply unset (it moves by
   * making another role the default) and never inactive.
   */
  assertCanUpdate(role: Role, change: UpdateCompanyRoleBody) {
    const renamed = change.roleName !== undefined && change.roleName !== role.name;
    if (companyRolesPolicy.isProtected(role) && (renamed || change.isActive === false))
      throw conflict(MESSAGES.companyRoles.protectedRole);
    if (companyRolesPolicy.isProtected(role) && change.defaultRole === true && !role.isDefault)
      throw conflict(MESSAGES.companyRoles.protectedNotDefault);
    if (role.isDefault && change.defaultRole === false) throw conflict(MESSAGES.companyRoles.defaultRequired);
    const willBeDefault = change.defaultRole ?? role.isDefault;
    const willBeActive = change.isActive ?? role.isActive;
    if (willBeDefault && !willBeActive) throw conflict(MESSAGES.companyRoles.defaultMustBeActive);
  },

  /** Neither the protected role nor the default can be deleted (holders are checked in the transaction). */
  assertCanDelete(role: Role) {
    if (companyRolesPolicy.isProtected(role)) throw conflict(MESSAGES.companyRoles.protectedRole);
    if (role.isDefault) throw conflict(MESSAGES.companyRoles.defaultCannotBeDeleted);
  },
};
