import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** Liveness (the process answers) and readiness (the database answers). Outside /api on purpose. */
export async function healthRoutes(app: FastifyInstance, opts: { db: Db; isShuttingDown: () => boolean }) {
  app.get('/healthz', { config: { public: true }, schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config: { public: true }, schema: { hide: true } }, async (_req, reply) => {
    if (opts.isShuttingDown()) return reply.code(503).send({ status: 'shutting-down' });
    try {
      await opts.db.execute(sql`select 1`);
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ status: 'database-unavailable' });
    }
  });
}
