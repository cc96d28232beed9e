import type { Department, DepartmentDetail } from '@taskhive/contract';
import { profilePhotoUrl, type UserRow } from '../users/index.ts';
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

type Member = DepartmentDetail['members'][number];

export function toDepartmentMember(m: UserRow): Member {
  return {
    userId: m.userId,
    firstName: m.firstName,
    lastName: m.lastName,
    email: m.email,
    jobTitle: m.jobTitle,
    roleName: m.roleName,
    status: m.status as Member['status'],
    profilePhotoUrl: profilePhotoUrl(m),
  };
}
