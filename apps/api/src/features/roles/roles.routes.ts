import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  atLeastOneField,
  ASSIGN_ROLE,
  MESSAGES,
  createRoleBodySchema,
  envelope,
  idParam,
  paged,
  permissionSchema,
  roleListQuerySchema,
  rolePermissionParams,
  roleSchema,
  updateRoleBodySchema,
  userPermissionListQuerySchema,
  userPermissionsSchema,
  userRoleParams,
  userRoleSchema,
} from '@taskhive/contract';
import { scopeOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { PermissionsService } from '../permissions/index.ts';
import type { RolesService } from './roles.service.ts';

const tags = ['roles'];
/** Platform roles need role:*, a company's roles companyrole:* (the service tells them apart). */
const can = (action: 'read' | 'create' | 'update' | 'delete') =>
  ({ anyOf: [`role:${action}`, `companyrole:${action}`] }) as const;
const permissionTags = ['permissions'];

/**
 * Every route under /api/Roles and /api/Users (one routes file per URL prefix): the roles, and a
 * user's roles and direct permissions (the permissions feature's service for the latter).
 */
export async function rolesRoutes(
  app: FastifyInstance,
  opts: { roles: RolesService; permissions: PermissionsService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { roles, permissions } = opts;

  r.get(
    '/api/Roles',
    {
      config: { permission: can('read') },
      schema: {
        tags,
        summary: 'Roles, paged (10 by default): platform roles for the Super Admin, else the company',
        querystring: roleListQuerySchema,
        response: { 200: envelope(paged(roleSchema)) },
      },
    },
    async (req, reply) => ok(reply, await roles.list(scopeOf(req), req.query)),
  );

  r.post(
    '/api/Roles',
    {
      config: { permission: can('create') },
      schema: {
        tags,
        summary: 'Create a role',
        body: createRoleBodySchema,
        response: { 201: envelope(roleSchema) },
      },
    },
    async (req, reply) => ok(reply, await roles.create(scopeOf(req), req.body), MESSAGES.roles.created, 201),
  );

  r.put(
    '/api/Roles/:id',
    {
      config: { permission: can('update') },
      schema: {
        tags,
        summary: 'Update a role',
        params: idParam,
        body: atLeastOneField(updateRoleBodySchema),
        response: { 200: envelope(roleSchema) },
      },
    },
    async (req, reply) =>
      ok(reply, await roles.update(scopeOf(req), req.params.id, req.body), MESSAGES.roles.updated),
  );

  r.delete(
    '/api/Roles/:id',
    {
      config: { permission: can('delete') },
      schema: {
        tags,
        summary: 'Delete a role nobody holds',
        params: idParam,
        response: { 200: envelope(z.object({ roleId: z.uuid() })) },
      },
    },
    async (req, reply) => ok(reply, await roles.remove(scopeOf(req), req.params.id), MESSAGES.roles.deleted),
  );

  r.get(
    '/api/Roles/:id/permissions',
    {
      config: { permission: can('read') },
      schema: {
        tags,
        summary: "A role's permissions",
        params: idParam,
        response: { 200: envelope(z.array(permissionSchema)) },
      },
    },
    async (req, reply) => ok(reply, await roles.permissions(scopeOf(req), req.params.id)),
  );

  r.post(
    '/api/Roles/:id/permissions/:permissionId',
    {
      config: { permission: can('update') },
      schema: {
        tags,
        summary: 'Add a permission to a role',
        params: rolePermissionParams,
        response: { 201: envelope(permissionSchema) },
      },
    },
    async (req, reply) =>
      ok(
        reply,
        await roles.grantPermission(scopeOf(req), req.params.id, req.params.permissionId),
        MESSAGES.permissionsAdmin.granted,
        201,
      ),
  );

  r.delete(
    '/api/Roles/:id/permissions/:permissionId',
    {
      config: { permission: can('update') },
      schema: {
        tags,
        summary: 'Remove a permission from a role',
        params: rolePermissionParams,
        response: { 200: envelope(z.object({ roleId: z.uuid(), permissionId: z.uuid() })) },
      },
    },
    async (req, reply) =>
      ok(
        reply,
        await roles.revokePermission(scopeOf(req), req.params.id, req.params.permissionId),
        MESSAGES.permissionsAdmin.revoked,
      ),
  );

  r.get(
    '/api/Users/:id/roles',
    {
      config: { permission: 'employee:read:all' },
      schema: {
        tags,
        summary: "A user's roles (primary and additional)",
        params: idParam,
        response: { 200: envelope(z.array(userRoleSchema)) },
      },
    },
    async (req, reply) => ok(reply, await roles.ofUser(scopeOf(req), req.params.id)),
  );

  r.post(
    '/api/Users/:id/roles/:roleId',
    {
      config: { permission: ASSIGN_ROLE },
      schema: {
        tags,
        summary: 'Give a user an additional role',
        params: userRoleParams,
        response: { 201: envelope(userRoleSchema) },
      },
    },
    async (req, reply) =>
      ok(
        reply,
        await roles.addToUser(scopeOf(req), req.params.id, req.params.roleId),
        MESSAGES.roles.assigned,
        201,
      ),
  );

  r.delete(
    '/api/Users/:id/roles/:roleId',
    {
      config: { permission: ASSIGN_ROLE },
      schema: {
        tags,
        summary: "Take away a user's additional role",
        params: userRoleParams,
        response: { 200: envelope(z.object({ userId: z.uuid(), roleId: z.uuid() })) },
      },
    },
    async (req, reply) =>
      ok(
        reply,
        await roles.removeFromUser(scopeOf(req), req.params.id, req.params.roleId),
        MESSAGES.roles.revoked,
      ),
  );

  // A user's direct permissions: the permissions feature's service.
  r.get(
    '/api/Users/:id/permissions',
    {
      config: { permission: 'employee:read:all' },
      schema: {
        tags: permissionTags,
        summary: "A user's direct permissions (200 a page) and effective permissions",
        params: idParam,
        querystring: userPermissionListQuerySchema,
        response: { 200: envelope(userPermissionsSchema) },
      },
    },
    async (req, reply) => ok(reply, await permissions.ofUser(scopeOf(req), req.params.id, req.query)),
  );

  r.post(
    '/api/Users/:id/permissions/:permissionId',
    {
      config: { permission: ASSIGN_ROLE },
      schema: {
        tags: permissionTags,
        summary: 'Give a user a permission directly',
        params: rolePermissionParams,
        response: { 201: envelope(permissionSchema) },
      },
    },
    async (req, reply) =>
      ok(
        reply,
        await permissions.grantToUser(scopeOf(req), req.params.id, req.params.permissionId),
        MESSAGES.permissionsAdmin.granted,
        201,
      ),
  );

  r.delete(
    '/api/Users/:id/permissions/:permissionId',
    {
      config: { permission: ASSIGN_ROLE },
      schema: {
        tags: permissionTags,
        summary: "Take away a user's direct permission",
        params: rolePermissionParams,
        response: { 200: envelope(z.object({ userId: z.uuid(), permissionId: z.uuid() })) },
      },
    },
    async (req, reply) =>
      ok(
        reply,
        await permissions.revokeFromUser(scopeOf(req), req.params.id, req.params.permissionId),
        MESSAGES.permissionsAdmin.revoked,
      ),
  );
}
