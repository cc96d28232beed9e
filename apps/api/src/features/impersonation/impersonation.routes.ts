import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  currentImpersonationSchema,
  envelope,
  IMPERSONATION_MESSAGES,
  idParam,
  impersonateBodySchema,
  impersonationSessionSchema,
  ownSessionSchema,
} from '@taskhive/contract';
import { scopeOf, SIGNED_IN } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { ImpersonationService } from './impersonation.service.ts';

const tags = ['impersonation'];

export async function impersonationRoutes(
  app: FastifyInstance,
  opts: { impersonation: ImpersonationService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { impersonation } = opts;

  r.post(
    '/api/Companies/:id/impersonate',
    {
      // The platform-wide company permission, and the Super Admin role (checked by the service).
      config: { permission: 'company:read:all' },
      schema: {
        tags,
        summary: "Super Admin: act as the company's Company Admin, for a reason and a limited time",
        params: idParam,
        body: impersonateBodySchema,
        response: { 201: envelope(impersonationSessionSchema) },
      },
    },
    async (req, reply) =>
      ok(
        reply.header('cache-control', 'no-store'),
        await impersonation.start(scopeOf(req), req.params.id, req.body.reason),
        IMPERSONATION_MESSAGES.started,
        201,
      ),
  );

  r.get(
    '/api/auth/impersonation',
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags,
        summary: 'The impersonation this session carries, or null',
        response: { 200: envelope(currentImpersonationSchema) },
      },
    },
    async (req, reply) => ok(reply, await impersonation.current(scopeOf(req))),
  );

  r.post(
    '/api/auth/impersonation/end',
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags,
        summary: "End this impersonation; answers the Super Admin's own session",
        response: { 200: envelope(ownSessionSchema) },
      },
    },
    async (req, reply) =>
      ok(
        reply.header('cache-control', 'no-store'),
        await impersonation.end(scopeOf(req)),
        IMPERSONATION_MESSAGES.ended,
      ),
  );
}
