import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  atLeastOneField,
  ASSIGN_ROLE,
  MESSAGES,
  createPermissionBodySchema,
  envelope,
  idParam,
  paged,
  permissionListQuerySchema,
  permissionSchema,
  rolePermissionParams,
  updatePermissionBodySchema,
  userPermissionListQuerySchema,
  userPermissionsSchema,
} from '@taskhive/contract';
import { scopeOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { PermissionsService } from './permissions.service.ts';

const tags = ['permissions'];
/** Reading the catalogue: the Super Admin, or whoever edits roles (they see their company's part). */
const READ = { anyOf: ['permission:read', 'companyrole:update'] } as const;

export async function permissionsRoutes(app: FastifyInstance, opts: { permissions: PermissionsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { permissions } = opts;

  r.get(
    '/api/Permissions',
    {
      config: { permission: READ },
      schema: {
        tags,
        summary: 'Permissions, paged (200 by default)',
        querystring: permissionListQuerySchema,
        response: { 200: envelope(paged(permissionSchema)) },
      },
    },
    async (req, reply) => ok(reply, await permissions.list(scopeOf(req), req.query)),
  );

  r.post(
    '/api/Permissions',
    {
      config: { permission: 'permission:create' },
      schema: {
        tags,
        summary: 'Create a permission in a module',
        body: createPermissionBodySchema,
        response: { 201: envelope(permissionSchema) },
      },
    },
    async (req, reply) =>
      ok(reply, await permissions.create(scopeOf(req), req.body), MESSAGES.permissionsAdmin.created, 201),
  );

  r.get(
    '/api/Permissions/:id',
    {
      config: { permission: READ },
      schema: {
        tags,
        summary: 'A permission',
        params: idParam,
        response: { 200: envelope(permissionSchema) },
      },
    },
    async (req, reply) => ok(reply, await permissions.get(scopeOf(req), req.params.id)),
  );

  r.put(
    '/api/Permissions/:id',
    {
      config: { permission: 'permission:update' },
      schema: {
        tags,
        summary: 'Update a permission',
        params: idParam,
        body: atLeastOneField(updatePermissionBodySchema),
        response: { 200: envelope(permissionSchema) },
      },
    },
    async (req, reply) =>
      ok(
        reply,
        await permissions.update(scopeOf(req), req.params.id, req.body),
        MESSAGES.permissionsAdmin.updated,
      ),
  );

  r.delete(
    '/api/Permissions/:id',
    {
      config: { permission: 'permission:delete' },
      schema: {
        tags,
        summary: 'Delete a permission (its grants go with it)',
        params: idParam,
        response: { 200: envelope(z.object({ permissionId: z.uuid() })) },
      },
    },
    async (req, reply) =>
      ok(reply, await permissions.remove(scopeOf(req), req.params.id), MESSAGES.permissionsAdmin.deleted),
  );

  r.get(
    '/api/Users/:id/permissions',
    {
      config: { permission: 'employee:read:all' },
      schema: {
        tags,
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
        tags,
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
        tags,
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
