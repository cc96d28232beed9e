import type { CompanyRole } from '@taskhive/contract';
import { companyRolesPolicy } from './company-roles.policy.ts';
import type { CompanyRoleRow } from './company-roles.repo.ts';

export function toCompanyRole(row: CompanyRoleRow): CompanyRole {
  return {
    companyRoleId: row.id,
    roleName: row.name,
    description: row.description,
    isActive: row.isActive,
    defaultRole: row.isDefault,
    isProtected: companyRolesPolicy.isProtected(row),
    userCount: row.userCount,
    permissions: row.permissions,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
