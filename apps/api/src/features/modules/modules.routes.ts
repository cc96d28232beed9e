import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  atLeastOneField,
  MESSAGES,
  createModuleBodySchema,
  envelope,
  idParam,
  moduleListQuerySchema,
  moduleSchema,
  paged,
  permissionSchema,
  updateModuleBodySchema,
} from '@taskhive/contract';
import { scopeOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { ModulesService } from './modules.service.ts';

const tags = ['modules'];

/** The module catalogue: the Super Admin's (module:* permissions are platform-only). */
export async function modulesRoutes(app: FastifyInstance, opts: { modules: ModulesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { modules } = opts;

  r.get(
    '/api/Modules',
    {
      config: { permission: 'module:read' },
      schema: {
        tags,
        summary: 'Modules, paged (10 by default)',
        querystring: moduleListQuerySchema,
        response: { 200: envelope(paged(moduleSchema)) },
      },
    },
    async (req, reply) => ok(reply, await modules.list(scopeOf(req), req.query)),
  );

  r.post(
    '/api/Modules',
    {
      config: { permission: 'module:create' },
      schema: {
        tags,
        summary: 'Create a module',
        body: createModuleBodySchema,
        response: { 201: envelope(moduleSchema) },
      },
    },
    async (req, reply) =>
      ok(reply, await modules.create(scopeOf(req), req.body), MESSAGES.modules.created, 201),
  );

  r.get(
    '/api/Modules/:id',
    {
      config: { permission: 'module:read' },
      schema: { tags, summary: 'A module', params: idParam, response: { 200: envelope(moduleSchema) } },
    },
    async (req, reply) => ok(reply, await modules.get(scopeOf(req), req.params.id)),
  );

  r.get(
    '/api/Modules/:id/permissions',
    {
      config: { permission: 'module:read' },
      schema: {
        tags,
        summary: "A module's permissions",
        params: idParam,
        response: { 200: envelope(z.array(permissionSchema)) },
      },
    },
    async (req, reply) => ok(reply, await modules.permissions(scopeOf(req), req.params.id)),
  );

  r.put(
    '/api/Modules/:id',
    {
      config: { permission: 'module:update' },
      schema: {
        tags,
        summary: 'Update a module',
        params: idParam,
        body: atLeastOneField(updateModuleBodySchema),
        response: { 200: envelope(moduleSchema) },
      },
    },
    async (req, reply) =>
      ok(reply, await modules.update(scopeOf(req), req.params.id, req.body), MESSAGES.modules.updated),
  );

  r.delete(
    '/api/Modules/:id',
    {
      config: { permission: 'module:delete' },
      schema: {
        tags,
        summary: 'Delete a module without permissions (its grants and package links go too)',
        params: idParam,
        response: { 200: envelope(z.object({ moduleId: z.uuid() })) },
      },
    },
    async (req, reply) =>
      ok(reply, await modules.remove(scopeOf(req), req.params.id), MESSAGES.modules.deleted),
  );
}
