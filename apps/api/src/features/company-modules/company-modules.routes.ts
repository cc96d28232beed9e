import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MESSAGES,
  assignCompanyModuleBodySchema,
  companyModuleBodySchema,
  companyModuleListQuerySchema,
  companyModuleParams,
  companyModuleSchema,
  envelope,
  idParam,
} from '@taskhive/contract';
import { scopeOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { CompanyModulesService } from './company-modules.service.ts';

const tags = ['company modules'];

/** A company's module grants: its own people read them; the Super Admin (module:update) changes them. */
export async function companyModulesRoutes(app: FastifyInstance, opts: { grants: CompanyModulesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { grants } = opts;

  r.get(
    '/api/Companies/:id/modules',
    {
      config: { permission: 'company:read' },
      schema: {
        tags,
        summary: "A company's modules with their access levels",
        params: idParam,
        querystring: companyModuleListQuerySchema,
        response: { 200: envelope(z.array(companyModuleSchema)) },
      },
    },
    async (req, reply) => ok(reply, await grants.list(scopeOf(req), req.params.id, req.query)),
  );

  r.post(
    '/api/Companies/:id/modules/:moduleId',
    {
      config: { permission: 'module:update' },
      schema: {
        tags,
        summary: 'Assign a module to a company (full access unless told)',
        params: companyModuleParams,
        body: assignCompanyModuleBodySchema,
        response: { 201: envelope(companyModuleSchema) },
      },
    },
    async (req, reply) =>
      ok(
        reply,
        await grants.assign(scopeOf(req), req.params.id, req.params.moduleId, req.body.accessLevel),
        MESSAGES.modules.assigned,
        201,
      ),
  );

  r.put(
    '/api/Companies/:id/modules/:moduleId',
    {
      config: { permission: 'module:update' },
      schema: {
        tags,
        summary: "Change a company's access level to a module",
        params: companyModuleParams,
        body: companyModuleBodySchema,
        response: { 200: envelope(companyModuleSchema) },
      },
    },
    async (req, reply) =>
      ok(
        reply,
        await grants.setLevel(scopeOf(req), req.params.id, req.params.moduleId, req.body.accessLevel),
        MESSAGES.modules.accessUpdated,
      ),
  );

  r.delete(
    '/api/Companies/:id/modules/:moduleId',
    {
      config: { permission: 'module:update' },
      schema: {
        tags,
        summary: 'Revoke a module from a company',
        params: companyModuleParams,
        response: { 200: envelope(z.object({ companyId: z.uuid(), moduleId: z.uuid() })) },
      },
    },
    async (req, reply) =>
      ok(
        reply,
        await grants.revoke(scopeOf(req), req.params.id, req.params.moduleId),
        MESSAGES.modules.revoked,
      ),
  );
}
