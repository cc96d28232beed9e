import type { Module } from '@taskhive/contract';
import type { ModuleRow } from './modules.repo.ts';

export function toModule(row: ModuleRow): Module {
  return {
    moduleId: row.id,
    key: row.key,
    name: row.name,
    description: row.description,
    moduleType: row.moduleType,
    category: row.category,
    status: row.status as Module['status'],
    permissionCount: row.permissionCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
