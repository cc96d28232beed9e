import type { Role } from '@taskhive/contract';
import type { RoleRow } from './roles.repo.ts';

export function toRole(row: RoleRow): Role {
  return {
    roleId: row.id,
    name: row.name,
    roleType: row.roleType as Role['roleType'],
    // Platform roles answer with no company, as the spec's platform role describes them.
    companyId: row.roleType === 'platform' ? null : row.companyId,
    description: row.description,
    isActive: row.isActive,
    permissionCount: row.permissionCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
