import { z } from 'zod';
import { PAGE_SIZE } from './constants.ts';
import { pageQuery } from './envelope.ts';
import { text } from './text.ts';

/** Permissions, platform and company roles, and what users hold directly or through roles. */

export const PERMISSION_TYPES = ['read', 'create', 'update', 'delete'] as const;

export const permissionSchema = z.object({
  permissionId: z.uuid(),
  name: z.string(),
  permissionType: z.enum(PERMISSION_TYPES),
  category: z.string(),
  moduleId: z.uuid(),
  moduleName: z.string(),
  description: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PermissionItem = z.infer<typeof permissionSchema>;

export const permissionListQuerySchema = pageQuery(PAGE_SIZE.permissions).extend({
  sortBy: z.enum(['name', 'category', 'createdAt']).default('name'),
  moduleId: z.uuid().optional(),
  category: text().trim().max(100).optional(),
  permissionType: z.enum(PERMISSION_TYPES).optional(),
});
export type PermissionListQuery = z.infer<typeof permissionListQuerySchema>;

/** `<resource>:<action>[:all]`, lower case. */
const permissionName = text()
  .trim()
  .regex(/^[a-z][a-z0-9-]*(:[a-z][a-z0-9-]*){1,2}$/, 'Use resource:action, e.g. invoice:read');
export const createPermissionBodySchema = z.object({
  name: permissionName,
  permissionType: z.enum(PERMISSION_TYPES),
  category: text().trim().min(1, 'Category is required').max(100),
  moduleId: z.uuid(),
  description: text()
    .trim()
    .max(500)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
});
export type CreatePermissionBody = z.infer<typeof createPermissionBodySchema>;
export const updatePermissionBodySchema = createPermissionBodySchema.partial();
export type UpdatePermissionBody = z.infer<typeof updatePermissionBodySchema>;

export const ROLE_TYPES = ['platform', 'company'] as const;
export const roleSchema = z.object({
  roleId: z.uuid(),
  name: z.string(),
  roleType: z.enum(ROLE_TYPES),
  companyId: z.uuid().nullable(),
  description: z.string().nullable(),
  isActive: z.boolean(),
  permissionCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Role = z.infer<typeof roleSchema>;

export const roleListQuerySchema = pageQuery(PAGE_SIZE.roles).extend({
  sortBy: z.enum(['name', 'createdAt']).default('name'),
  roleType: z.enum(ROLE_TYPES).optional(),
  /** Super Admin only: the roles of one company. */
  companyId: z.uuid().optional(),
});
export type RoleListQuery = z.infer<typeof roleListQuerySchema>;

const roleName = text().trim().min(1, 'Role name is required').max(100);
export const createRoleBodySchema = z.object({
  name: roleName,
  description: text()
    .trim()
    .max(500)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  isActive: z.boolean().default(true),
  /**
   * The company the role is for: the Super Admin names any company (no company: a platform role);
   * anyone else only their own (another company's id answers 404).
   */
  companyId: z.uuid().optional(),
});
export type CreateRoleBody = z.infer<typeof createRoleBodySchema>;
export const updateRoleBodySchema = z.object({
  name: roleName.optional(),
  description: createRoleBodySchema.shape.description,
  isActive: z.boolean().optional(),
});
export type UpdateRoleBody = z.infer<typeof updateRoleBodySchema>;

export const rolePermissionParams = z.object({ id: z.uuid(), permissionId: z.uuid() });
export const userRoleParams = z.object({ id: z.uuid(), roleId: z.uuid() });

export const userPermissionListQuerySchema = pageQuery(PAGE_SIZE.userPermissions);
export type UserPermissionListQuery = z.infer<typeof userPermissionListQuerySchema>;

/** A user's direct permissions (paged) and what they can do in effect (roles, modules and all). */
export const userPermissionsSchema = z.object({
  items: z.array(permissionSchema),
  totalCount: z.number().int(),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
  effective: z.array(z.string()),
});
export type UserPermissions = z.infer<typeof userPermissionsSchema>;

export const userRoleSchema = roleSchema.extend({ primary: z.boolean() });
export type UserRole = z.infer<typeof userRoleSchema>;
