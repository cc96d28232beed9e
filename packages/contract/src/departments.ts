import { z } from 'zod';
import { text } from './text.ts';
import { PAGE_SIZE } from './constants.ts';
import { pageQuery } from './envelope.ts';
import { USER_STATUSES } from './users.ts';

export const departmentSchema = z.object({
  deptId: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  managerId: z.uuid().nullable(),
  managerName: z.string().nullable(),
  memberCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Department = z.infer<typeof departmentSchema>;

export const departmentMemberSchema = z.object({
  userId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  jobTitle: z.string().nullable(),
  roleName: z.string().nullable(),
  status: z.enum(USER_STATUSES),
  profilePhotoUrl: z.string().nullable(),
});

export const departmentDetailSchema = departmentSchema.extend({ members: z.array(departmentMemberSchema) });
export type DepartmentDetail = z.infer<typeof departmentDetailSchema>;

export const DEPARTMENT_SORT_FIELDS = ['name', 'createdAt', 'updatedAt', 'memberCount'] as const;

export const departmentListQuerySchema = pageQuery(PAGE_SIZE.departmentsFetch).extend({
  sortBy: z.enum(DEPARTMENT_SORT_FIELDS).default('name'),
});
export type DepartmentListQuery = z.infer<typeof departmentListQuerySchema>;

const name = text().trim().min(1, 'Department name is required').max(100);
const description = text()
  .trim()
  .max(500)
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

export const createDepartmentBodySchema = z.object({
  name,
  description,
  /** An employee of the company, or null for none. */
  managerId: z.uuid().nullable().optional(),
});
export type CreateDepartmentBody = z.infer<typeof createDepartmentBodySchema>;

export const updateDepartmentBodySchema = z.object({
  name: name.optional(),
  description,
  managerId: z.uuid().nullable().optional(),
});
export type UpdateDepartmentBody = z.infer<typeof updateDepartmentBodySchema>;

/** Deleting a department moves its members to no department; the answer says how many. */
export const deleteDepartmentResultSchema = z.object({
  deptId: z.uuid(),
  unassignedMembers: z.number().int(),
});
