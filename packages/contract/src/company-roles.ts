import { z } from 'zod';
import { text } from './text.ts';
import { MAX_PAGE_SIZE } from './constants.ts';
import { sortOrderSchema } from './envelope.ts';

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

/** A new role starts with no permissions: a Super Admin or Company Admin assigns them later. */
export const createCompanyRoleBodySchema = z.object({
  roleName,
  description,
  isActive: z.boolean().default(true),
  /** true moves the company's default to this role. */
  defaultRole: z.boolean().default(false),
});
export type CreateCompanyRoleBody = z.infer<typeof createCompanyRoleBodySchema>;

export const updateCompanyRoleBodySchema = z.object({
  roleName: roleName.optional(),
  description,
  isActive: z.boolean().optional(),
  /** Only `true` is accepted as a change: the default moves, it is never simply unset. */
  defaultRole: z.boolean().optional(),
});
export type UpdateCompanyRoleBody = z.infer<typeof updateCompanyRoleBodySchema>;
