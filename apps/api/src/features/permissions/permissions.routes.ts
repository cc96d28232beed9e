import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  atLeastOneField,
  MESSAGES,
  createPermissionBodySchema,
  envelope,
  idParam,
  paged,
  permissionListQuerySchema,
  permissionSchema,
  updatePermissionBodySchema,
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
}
