import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import type { Database } from '../db/client.ts';
import { buildTestApp } from '../test/build-app.ts';
import { bearer, buildCompany, login } from '../test/factories.ts';
import { openLive } from '../test/live-client.ts';
import { createMetrics } from './metrics.ts';

const TOKEN = 'metrics-token-for-the-test-suite';
const scrape = (app: App, auth?: string) =>
  app.inject({ url: '/metrics', headers: auth ? { authorization: auth } : {} });

describe('GET /metrics (issue 27)', () => {
  let app: App;
  let database: Database;
  beforeAll(async () => {
    ({ app, database } = await buildTestApp({ metricsToken: TOKEN }));
    const acme = await buildCompany(database.db, { name: 'Metrics' });
    const admin = await login(app, acme.adminEmail);
    for (let i = 0; i < 3; i++)
      expect((await app.inject({ url: '/api/auth/me', headers: bearer(admin) })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/auth/me' })).statusCode).toBe(401);
  });
  afterAll(() => app.close());

  it('does not exist without a token configured', async () => {
    const { app: plain } = await buildTestApp();
    try {
      expect((await scrape(plain, `Bearer ${TOKEN}`)).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('401 without the token or with another', async () => {
    expect((await scrape(app)).statusCode).toBe(401);
    expect((await scrape(app, `Bearer ${TOKEN}x`)).statusCode).toBe(401);
    expect((await scrape(app, TOKEN)).statusCode).toBe(401);
  });

  it('answers Prometheus text: requests by route pattern and status, jobs, streams, the event loop', async () => {
    const res = await scrape(app, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(
      /taskhive_http_request_duration_seconds_count\{method="GET",route="\/api\/auth\/me",status_code="200"\} 3\n/,
    );
    expect(text).toMatch(
      /taskhive_http_request_duration_seconds_count\{method="GET",route="\/api\/auth\/me",status_code="401"\} 1\n/,
    );
    expect(text).toMatch(/taskhive_jobs\{state="queued"\} \d+/);
    expect(text).toMatch(/taskhive_jobs\{state="dead"\} \d+/);
    expect(text).toMatch(/taskhive_live_streams \d+/);
    expect(text).toMatch(/taskhive_nodejs_eventloop_lag_seconds \d/);
  });

  it('counts open live streams', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const token = (await login(app, (await buildCompany(database.db, { name: 'Streams' })).adminEmail)).token;
    const stream = await openLive(`http://127.0.0.1:${address.port}`, token);
    try {
      const open = async () =>
        /taskhive_live_streams (\d+)/.exec((await scrape(app, `Bearer ${TOKEN}`)).body)?.[1];
      await expect.poll(open).toBe('1');
      stream.close();
      await expect.poll(open).toBe('0');
    } finally {
      stream.close();
    }
  });
});

describe('metrics registry', () => {
  it('reports the database pool by state when the database has one', async () => {
    const metrics = createMetrics({
      jobs: { stats: async () => ({ queued: 2, retrying: 1, dead: 0 }) } as never,
      poolStats: () => ({ total: 10, idle: 7, waiting: 0 }),
    });
    const text = await metrics.registry.metrics();
    expect(text).toContain('taskhive_db_pool_connections{state="total"} 10');
    expect(text).toContain('taskhive_db_pool_connections{state="idle"} 7');
    expect(text).toContain('taskhive_db_pool_connections{state="waiting"} 0');
    expect(text).toContain('taskhive_jobs{state="retrying"} 1');
  });
});
