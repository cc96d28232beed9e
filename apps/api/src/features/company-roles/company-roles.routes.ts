import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  atLeastOneField,
  MESSAGES,
  companyRoleListQuerySchema,
  companyRoleSchema,
  createCompanyRoleBodySchema,
  envelope,
  idParam,
  paged,
  updateCompanyRoleBodySchema,
} from '@taskhive/contract';
import { scopeOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { CompanyRolesService } from './company-roles.service.ts';

const tags = ['company roles'];
const one = envelope(companyRoleSchema);

export async function companyRolesRoutes(app: FastifyInstance, opts: { roles: CompanyRolesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { roles } = opts;

  r.get(
    '/api/CompanyRoles',
    {
      config: { permission: 'companyrole:read' },
      schema: {
        tags,
        summary: "The company's roles: all of them, or a page when page/pageSize is given",
        querystring: companyRoleListQuerySchema,
        response: { 200: envelope(paged(companyRoleSchema)) },
      },
    },
    async (req, reply) => ok(reply, await roles.list(scopeOf(req), req.query)),
  );

  r.post(
    '/api/CompanyRoles',
    {
      config: { permission: 'companyrole:create' },
      schema: {
        tags,
        summary: 'Create a role, with the permissions named (none when not given)',
        body: createCompanyRoleBodySchema,
        response: { 201: one },
      },
    },
    async (req, reply) =>
      ok(
        reply,
        await roles.create(scopeOf(req), req.body),
        req.body.permissions?.length
          ? MESSAGES.companyRoles.created
          : MESSAGES.companyRoles.createdWithoutPermissions,
        201,
      ),
  );

  r.get(
    '/api/CompanyRoles/:id',
    {
      config: { permission: 'companyrole:read' },
      schema: { tags, summary: 'One role', params: idParam, response: { 200: one } },
    },
    async (req, reply) => ok(reply, await roles.get(scopeOf(req), req.params.id)),
  );

  r.put(
    '/api/CompanyRoles/:id',
    {
      config: { permission: 'companyrole:update' },
      schema: {
        tags,
        summary:
          "Update a role (defaultRole: true moves the default here; permissions: the role's whole new set)",
        params: idParam,
        body: atLeastOneField(updateCompanyRoleBodySchema),
        response: { 200: one },
      },
    },
    async (req, reply) =>
      ok(reply, await roles.update(scopeOf(req), req.params.id, req.body), MESSAGES.companyRoles.updated),
  );

  r.delete(
    '/api/CompanyRoles/:id',
    {
      config: { permission: 'companyrole:delete' },
      schema: {
        tags,
        summary: 'Delete a role no one holds (not the default, not Company Admin)',
        params: idParam,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      await roles.remove(scopeOf(req), req.params.id);
      return ok(reply, null, MESSAGES.companyRoles.deleted);
    },
  );
}
