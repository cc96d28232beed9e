import type { Department } from '@taskhive/contract';
import type { DepartmentRow } from './departments.repo.ts';

export function toDepartment(row: DepartmentRow): Department {
  return {
    deptId: row.id,
    name: row.name,
    description: row.description,
    managerId: row.managerId,
    managerName: row.managerName,
    memberCount: row.memberCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
