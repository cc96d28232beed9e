import type { FastifyInstance } from 'fastify';

/** A service readiness waits for besides the database (Redis, the file bucket), when configured. */
export type Dependency = { name: string; ready: () => Promise<boolean> };

/** How long readiness waits for a dependency before it counts as unreachable. */
const DEPENDENCY_TIMEOUT_MS = 2_000;

const within = (check: Promise<boolean>) =>
  Promise.race([
    check.catch(() => false),
    new Promise<boolean>((resolve) => setTimeout(resolve, DEPENDENCY_TIMEOUT_MS, false).unref()),
  ]);

/**
 * Liveness (the process answers) and readiness (the database answers, and every configured
 * dependency: a balancer takes a process out of rotation while its Redis or bucket is
 * unreachable, and during its drain on SIGTERM). Outside /api on purpose.
 */
export async function healthRoutes(
  app: FastifyInstance,
  opts: { dbReady: () => Promise<boolean>; isShuttingDown: () => boolean; dependencies?: Dependency[] },
) {
  app.get('/healthz', { config: { public: true }, schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config: { public: true }, schema: { hide: true } }, async (_req, reply) => {
    if (opts.isShuttingDown()) return reply.code(503).send({ status: 'shutting-down' });
    if (!(await opts.dbReady())) return reply.code(503).send({ status: 'database-unavailable' });
    const deps = opts.dependencies ?? [];
    const down = (
      await Promise.all(deps.map(async (d) => ((await within(d.ready())) ? null : d.name)))
    ).filter((name): name is string => name !== null);
    return down.length
      ? reply.code(503).send({ status: `${down.join(', ')}-unavailable` })
      : { status: 'ready' };
  });
}
