import { type CompanyRole, ROLES } from '@taskhive/contract';
import type { CompanyRoleRow } from './company-roles.repo.ts';

export function toCompanyRole(row: CompanyRoleRow): CompanyRole {
  return {
    companyRoleId: row.id,
    roleName: row.name,
    description: row.description,
    isActive: row.isActive,
    defaultRole: row.isDefault,
    isProtected: row.name === ROLES.companyAdmin,
    userCount: row.userCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
