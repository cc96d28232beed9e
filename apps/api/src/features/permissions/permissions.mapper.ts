import type { PermissionItem } from '@taskhive/contract';
import type { PermissionRow } from './permissions.repo.ts';

export function toPermission(row: PermissionRow): PermissionItem {
  return {
    permissionId: row.id,
    name: row.name,
    permissionType: row.permissionType as PermissionItem['permissionType'],
    category: row.category,
    moduleId: row.moduleId,
    moduleName: row.moduleName,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
