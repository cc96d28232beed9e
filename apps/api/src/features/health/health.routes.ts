import type { FastifyInstance } from 'fastify';

/** Liveness (the process answers) and readiness (the database answers). Outside /api on purpose. */
export async function healthRoutes(
  app: FastifyInstance,
  opts: { dbReady: () => Promise<boolean>; isShuttingDown: () => boolean },
) {
  app.get('/healthz', { config: { public: true }, schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config: { public: true }, schema: { hide: true } }, async (_req, reply) => {
    if (opts.isShuttingDown()) return reply.code(503).send({ status: 'shutting-down' });
    return (await opts.dbReady())
      ? { status: 'ready' }
      : reply.code(503).send({ status: 'database-unavailable' });
  });
}
