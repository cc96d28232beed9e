import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  auditEventSchema,
  auditFiltersSchema,
  auditListQuerySchema,
  envelope,
  paged,
} from '@taskhive/contract';
import { scopeOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { AuditService } from './audit.service.ts';

const tags = ['audit'];

/** GET /api/Audit (paged, newest first) and GET /api/Audit/export.csv (the same filters, streamed). */
export async function auditRoutes(app: FastifyInstance, opts: { audit: AuditService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { audit } = opts;

  r.get(
    '/api/Audit',
    {
      config: { permission: 'audit:read' },
      schema: {
        tags,
        summary: 'The company audit log, newest first (25 a page by default)',
        querystring: auditListQuerySchema,
        response: { 200: envelope(paged(auditEventSchema)) },
      },
    },
    async (req, reply) => ok(reply, await audit.list(scopeOf(req), req.query)),
  );

  r.get(
    '/api/Audit/export.csv',
    {
      config: { permission: 'audit:read' },
      schema: {
        tags,
        summary: 'The filtered audit log as CSV, streamed',
        querystring: auditFiltersSchema,
      },
    },
    async (req, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .header('cache-control', 'no-store')
        .send(audit.exportCsv(scopeOf(req), req.query)),
  );
}
