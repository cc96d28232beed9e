import { z } from 'zod';
import { text } from './text.ts';
import { MAX_PAGE_SIZE } from './constants.ts';
import { sortOrderSchema } from './envelope.ts';
import { PERMISSIONS } from './permissions.ts';

/** A company's own role. `defaultRole`: what a new employee gets when no role is named. */
export const companyRoleSchema = z.object({
  companyRoleId: z.uuid(),
  roleName: z.string(),
  description: z.string().nullable(),
  isActive: z.boolean(),
  defaultRole: z.boolean(),
  /** The seeded Company Admin role: it cannot be renamed, deactivated or deleted. */
  isProtected: z.boolean(),
  userCount: z.number().int(),
  /** The permission names the role carries, by name. */
  permissions: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CompanyRole = z.infer<typeof companyRoleSchema>;

export const COMPANY_ROLE_SORT_FIELDS = [
  'roleName',
  'createdAt',
  'updatedAt',
  'isActive',
  'defaultRole',
  'userCount',
] as const;

/**
 * The web fetches the whole list and filters locally (spec section 5), so without `page` or
 * `pageSize` the answer holds every role; with either, it is paged (default size 25).
 */
export const companyRoleListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).optional(),
  pageNumber: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  sortBy: z.enum(COMPANY_ROLE_SORT_FIELDS).default('roleName'),
  sortOrder: sortOrderSchema.default('asc'),
  search: text().trim().max(200).optional(),
});
export type CompanyRoleListQuery = z.infer<typeof companyRoleListQuerySchema>;

const roleName = text().trim().min(1, 'Role name is required').max(100);
const description = text()
  .trim()
  .max(500)
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

/**
 * A role's permissions by name, set as a whole, each once. The API refuses a name it does not know
 * or one the company's modules do not allow (400), and one the editor does not hold (403).
 */
const rolePermissions = z
  .array(text().trim().min(1).max(100))
  .max(PERMISSIONS.length * 4)
  .refine((ps) => new Set(ps).size === ps.length, 'Each permission once');

/** A new role: without `permissions` it starts with none (they can be set on edit). */
export const createCompanyRoleBodySchema = z.object({
  roleName,
  description,
  isActive: z.boolean().default(true),
  /** true moves the company's default to this role. */
  defaultRole: z.boolean().default(false),
  permissions: rolePermissions.optional(),
});
export type CreateCompanyRoleBody = z.infer<typeof createCompanyRoleBodySchema>;

export const updateCompanyRoleBodySchema = z.object({
  roleName: roleName.optional(),
  description,
  isActive: z.boolean().optional(),
  /** Only `true` is accepted as a change: the default moves, it is never simply unset. */
  defaultRole: z.boolean().optional(),
  /** The role's whole new set: what is missing is taken away, what is new is given. */
  permissions: rolePermissions.optional(),
});
export type UpdateCompanyRoleBody = z.infer<typeof updateCompanyRoleBodySchema>;
