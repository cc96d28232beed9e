import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  atLeastOneField,
  MESSAGES,
  createPackageBodySchema,
  envelope,
  idParam,
  moduleSchema,
  packageListQuerySchema,
  packageModuleParams,
  packageSchema,
  paged,
  purchaseListQuerySchema,
  purchaseSchema,
  updatePackageBodySchema,
} from '@taskhive/contract';
import { scopeOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { PackagesService } from './packages.service.ts';

const tags = ['packages'];

/**
 * Packages: read by anyone holding package:read (a company sees the active ones), written by the
 * Super Admin (package:create/update/delete are platform-only). A purchase needs company:update
 * and the buyer's own company (or the Super Admin).
 */
export async function packagesRoutes(app: FastifyInstance, opts: { packages: PackagesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { packages } = opts;

  r.get(
    '/api/Package',
    {
      config: { permission: 'package:read' },
      schema: {
        tags,
        summary: 'Packages, paged (10 by default)',
        querystring: packageListQuerySchema,
        response: { 200: envelope(paged(packageSchema)) },
      },
    },
    async (req, reply) => ok(reply, await packages.list(scopeOf(req), req.query)),
  );

  r.post(
    '/api/Package',
    {
      config: { permission: 'package:create' },
      schema: {
        tags,
        summary: 'Create a package',
        body: createPackageBodySchema,
        response: { 201: envelope(packageSchema) },
      },
    },
    async (req, reply) =>
      ok(reply, await packages.create(scopeOf(req), req.body), MESSAGES.packages.created, 201),
  );

  r.get(
    '/api/Package/:id',
    {
      config: { permission: 'package:read' },
      schema: { tags, summary: 'A package', params: idParam, response: { 200: envelope(packageSchema) } },
    },
    async (req, reply) => ok(reply, await packages.get(scopeOf(req), req.params.id)),
  );

  r.put(
    '/api/Package/:id',
    {
      config: { permission: 'package:update' },
      schema: {
        tags,
        summary: 'Update a package',
        params: idParam,
        body: atLeastOneField(updatePackageBodySchema),
        response: { 200: envelope(packageSchema) },
      },
    },
    async (req, reply) =>
      ok(reply, await packages.update(scopeOf(req), req.params.id, req.body), MESSAGES.packages.updated),
  );

  r.delete(
    '/api/Package/:id',
    {
      config: { permission: 'package:delete' },
      schema: {
        tags,
        summary: 'Delete a package (204); one that was purchased is deactivated instead',
        params: idParam,
      },
    },
    async (req, reply) => {
      await packages.remove(scopeOf(req), req.params.id);
      return reply.code(204).send();
    },
  );

  r.get(
    '/api/Package/:id/modules',
    {
      config: { permission: 'package:read' },
      schema: {
        tags,
        summary: "A package's modules",
        params: idParam,
        response: { 200: envelope(z.array(moduleSchema)) },
      },
    },
    async (req, reply) => ok(reply, await packages.modules(scopeOf(req), req.params.id)),
  );

  r.post(
    '/api/Package/:id/modules/:moduleId',
    {
      config: { permission: 'package:update' },
      schema: {
        tags,
        summary: 'Add a module to a package',
        params: packageModuleParams,
        response: { 201: envelope(moduleSchema) },
      },
    },
    async (req, reply) =>
      ok(
        reply,
        await packages.addModule(scopeOf(req), req.params.id, req.params.moduleId),
        MESSAGES.packages.moduleAdded,
        201,
      ),
  );

  r.delete(
    '/api/Package/:id/modules/:moduleId',
    {
      config: { permission: 'package:update' },
      schema: {
        tags,
        summary: 'Remove a module from a package',
        params: packageModuleParams,
        response: { 200: envelope(z.object({ packageId: z.uuid(), moduleId: z.uuid() })) },
      },
    },
    async (req, reply) =>
      ok(
        reply,
        await packages.removeModule(scopeOf(req), req.params.id, req.params.moduleId),
        MESSAGES.packages.moduleRemoved,
      ),
  );

  r.get(
    '/api/PackagePurchases',
    {
      config: { permission: 'package:read' },
      schema: {
        tags,
        summary: 'Purchases, paged (a company sees its own)',
        querystring: purchaseListQuerySchema,
        response: { 200: envelope(paged(purchaseSchema)) },
      },
    },
    async (req, reply) => ok(reply, await packages.purchases(scopeOf(req), req.query)),
  );
}
