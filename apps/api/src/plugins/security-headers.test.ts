import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { testConfig, workerDatabase } from '../test/build-app.ts';
import { bearer, buildCompany, login } from '../test/factories.ts';

let app: App;
let database: Awaited<ReturnType<typeof workerDatabase>>;
const lines: string[] = [];

beforeAll(async () => {
  database = await workerDatabase();
  app = await buildApp({
    db: database.db,
    config: testConfig({ logLevel: 'info' }),
    logStream: { write: (l: string) => void lines.push(l) },
  });
  await app.ready();
});
afterAll(() => app.close());

describe('every response', () => {
  it('carries the security headers and the request id: a route, a 404, a 401', async () => {
    for (const url of ['/healthz', '/api/nope', '/api/auth/me']) {
      const res = await app.inject({ url });
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['strict-transport-security']).toContain('max-age=');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('is logged in one line, with its status and time, under its request id', async () => {
    lines.length = 0;
    const res = await app.inject({ url: '/healthz' });
    const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      msg: 'request completed',
      reqId: res.headers['x-request-id'],
      method: 'GET',
      url: '/healthz',
      statusCode: 200,
    });
    expect(typeof logged[0]?.responseTime).toBe('number');
  });

  it("names the company and the user on a signed-in request's line (issue 27: structured logs)", async () => {
    const acme = await buildCompany(database.db, { name: 'Logged' });
    const admin = await login(app, acme.adminEmail);
    lines.length = 0;
    const res = await app.inject({ url: '/api/auth/me', headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      msg: 'request completed',
      reqId: res.headers['x-request-id'],
      companyId: acme.companyId,
      userId: admin.userId,
      statusCode: 200,
    });
  });
});
