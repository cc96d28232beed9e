import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Jobs } from './jobs.ts';

/** A connection pool's counts (PostgreSQL's `pg.Pool`; the embedded database has none). */
export type PoolStats = { total: number; idle: number; waiting: number };

/**
 * Operations metrics (issue 27) in Prometheus's format, one registry per app: request rate and
 * latency per route (a histogram: its `_count` is the rate), database pool use and wait, job queue
 * depth and failures (retrying and dead jobs), open live streams, and the process's own (event loop lag, memory, CPU, GC)
 * from prom-client's defaults. Read at `GET /metrics` with `METRICS_TOKEN` (see `metricsRoutes`).
 */
export function createMetrics(deps: { jobs: Jobs; poolStats?: (() => PoolStats) | undefined }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'taskhive_' });
  const requests = new Histogram({
    name: 'taskhive_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route (its pattern) and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const liveStreams = new Gauge({
    name: 'taskhive_live_streams',
    help: 'Event streams (GET /api/events) open on this process',
    registers: [registry],
  });
  new Gauge({
    name: 'taskhive_db_pool_connections',
    help: 'Database pool connections by state (total, idle) and requests waiting for one (waiting)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const s = deps.poolStats?.();
      if (!s) return;
      this.set({ state: 'total' }, s.total);
      this.set({ state: 'idle' }, s.idle);
      this.set({ state: 'waiting' }, s.waiting);
    },
  });
  new Gauge({
    name: 'taskhive_jobs',
    help: 'Jobs in the queue by state: queued (never failed), retrying (failed, attempts left), dead',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const s = await deps.jobs.stats();
      this.set({ state: 'queued' }, s.queued);
      this.set({ state: 'retrying' }, s.retrying);
      this.set({ state: 'dead' }, s.dead);
    },
  });
  return { registry, requests, liveStreams };
}

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * Times every answer by its route pattern (never the raw URL: ids would make a series each).
 * Synchronous: no promise per answer on the hot path.
 */
export function timeRequests(app: FastifyInstance, metrics: Metrics) {
  app.addHook('onResponse', (req, reply, done) => {
    metrics.requests.observe(
      {
        method: req.method,
        route: req.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
}

/**
 * `GET /metrics` for a Prometheus scraper, behind `Authorization: Bearer <METRICS_TOKEN>`; without
 * a token configured the route does not exist (404), so nothing leaks by default. Outside /api,
 * like the health probes.
 */
export async function metricsRoutes(app: FastifyInstance, opts: { metrics: Metrics; token: string }) {
  const expected = Buffer.from(`Bearer ${opts.token}`);
  app.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (req, reply) => {
    const given = Buffer.from(req.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return reply.code(401).header('www-authenticate', 'Bearer').send({ status: 'unauthorized' });
    return reply
      .header('content-type', opts.metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(await opts.metrics.registry.metrics());
  });
}
