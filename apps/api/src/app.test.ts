import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { buildApp, type App } from './app.ts';
import { authPlugin, recordRoutes, SIGNED_IN, undeclaredApiRoutes } from './plugins/auth.ts';
import { appDb, buildTestApp, testConfig, workerDatabase } from './test/build-app.ts';
import { bearer, buildCompany, buildUser, login } from './test/factories.ts';

let app: App;
beforeAll(async () => {
  ({ app } = await buildTestApp());
});
afterAll(() => app.close());

describe('envelope and errors', () => {
  it('answers an unknown /api path with a 404 envelope and a request id', async () => {
    const res = await app.inject({ url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 'error', statusCode: 404, data: null });
    expect(res.json().requestId).toBe(res.headers['x-request-id']);
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe('error');
  });

  it('answers a body over the limit with 413', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
  });

  it('sends security headers with a CSP', async () => {
    const res = await app.inject({ url: '/api/auth/me' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBeDefined();
  });

  it('hides the cause of a 500 and logs it under the request id', async () => {
    const database = await workerDatabase();
    const lines: string[] = [];
    const probe = await buildApp({
      db: appDb(database),
      config: testConfig({ logLevel: 'error' }),
      logStream: { write: (l: string) => void lines.push(l) },
    });
    probe.get('/api/boom', { config: { public: true } }, async () => {
      throw new Error('secret detail: select * from users');
    });
    await probe.ready();
    const res = await probe.inject({ url: '/api/boom' });
    await probe.close();
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret detail');
    expect(res.json()).toMatchObject({
      status: 'error',
      statusCode: 500,
      message: 'An unexpected error occurred',
    });
    expect(lines.join('\n')).toContain(res.json().requestId);
  });

  it("names an admitted request's company and user in its log lines, and no other request's (issue 28)", async () => {
    const database = await workerDatabase();
    const lines: string[] = [];
    const probe = await buildApp({
      db: appDb(database),
      config: testConfig({ logLevel: 'info' }),
      logStream: { write: (l: string) => void lines.push(l) },
    });
    // A line from a child of the request's logger names them too (bindings of its own kept).
    probe.get('/api/probe/log', { config: { permission: SIGNED_IN } }, async (req) => {
      req.log.child({ part: 'probe' }).warn({ step: 1 }, 'probe line');
      return { ok: true };
    });
    await probe.ready();
    try {
      const a = await buildCompany(database.db);
      const b = await buildCompany(database.db);
      const alice = await login(probe, a.adminEmail);
      const bob = await login(probe, b.adminEmail);
      lines.length = 0;
      const answers = [
        await probe.inject({ url: '/api/Taskpriorities', headers: bearer(alice) }),
        await probe.inject({ url: '/api/Taskpriorities', headers: bearer(bob) }),
        await probe.inject({ url: '/api/probe/log', headers: bearer(alice) }),
        await probe.inject({ url: '/healthz' }),
        await probe.inject({ url: '/api/Taskpriorities', headers: { authorization: 'Bearer nonsense' } }),
      ];
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 401]);
      const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
      const completed = (url: string) => parsed.filter((l) => l.msg === 'request completed' && l.url === url);
      const [first, second, unauthorised] = completed('/api/Taskpriorities');
      expect(first).toMatchObject({ companyId: a.companyId, userId: alice.userId });
      expect(second).toMatchObject({ companyId: b.companyId, userId: bob.userId });
      expect(first?.reqId).toBe(answers[0]?.headers['x-request-id']);
      expect(unauthorised).toBeDefined();
      expect(unauthorised).not.toHaveProperty('companyId');
      expect(unauthorised).not.toHaveProperty('userId');
      const [health] = completed('/healthz');
      expect(health).toBeDefined();
      expect(health).not.toHaveProperty('companyId');
      expect(parsed.find((l) => l.msg === 'probe line')).toMatchObject({
        reqId: answers[2]?.headers['x-request-id'],
        companyId: a.companyId,
        userId: alice.userId,
        part: 'probe',
        step: 1,
      });
      // The app's own lines (not a request's) name no one.
      probe.log.warn('an app line');
      expect(JSON.parse(lines.at(-1) ?? '{}')).not.toHaveProperty('companyId');
    } finally {
      await probe.close();
    }
  });

  it('answers a deadlock or a broken foreign key outside a retried transaction with 409, not 500', async () => {
    const database = await workerDatabase();
    const probe = await buildApp({ db: appDb(database), config: testConfig(), logger: false });
    const failing = (code: string, wrapped: boolean) => async () => {
      const pg = Object.assign(new Error('deadlock detected'), { code });
      throw wrapped ? Object.assign(new Error('Failed query: update tasks …'), { cause: pg }) : pg;
    };
    probe.get('/api/deadlock', { config: { public: true } }, failing('40P01', false));
    probe.get('/api/serialization', { config: { public: true } }, failing('40001', true));
    probe.get('/api/fk', { config: { public: true } }, failing('23503', true));
    probe.get('/api/other', { config: { public: true } }, failing('42P01', true));
    await probe.ready();
    for (const url of ['/api/deadlock', '/api/serialization', '/api/fk']) {
      const res = await probe.inject({ url });
      expect(res.statusCode, url).toBe(409);
      expect(res.json()).toMatchObject({
        status: 'error',
        statusCode: 409,
        message: 'The record changed while saving: please try again',
      });
    }
    expect((await probe.inject({ url: '/api/other' })).statusCode).toBe(500);
    await probe.close();
  });
});

describe('routes', () => {
  it('every /api route declares a permission or public: true', () => {
    const api = app.declaredRoutes.filter((r) => r.url.startsWith('/api/'));
    expect(api.map((r) => `${r.method} ${r.url}`)).toContain('POST /api/auth/login');
    expect(api.length).toBeGreaterThan(10);
    const undeclared = api.filter((r) => !r.public && r.permission === undefined);
    expect(undeclared).toEqual([]);
    // And the guarded ones are really guarded: no token, no entry.
    expect(api.find((r) => r.url === '/api/auth/me' && r.method === 'GET')?.public).toBe(false);
    expect(undeclaredApiRoutes(app)).toEqual([]);
  });

  it('the walk fails on a route that escaped the start-up check (registered ahead of the auth plugin)', async () => {
    const database = await workerDatabase();
    const probe = Fastify();
    recordRoutes(probe);
    // Ahead of the auth plugin: its start-up check never sees this route, and its guard lets it through.
    probe.get('/api/early', async () => 'open');
    await probe.register(authPlugin, { db: appDb(database), config: testConfig() });
    probe.get('/api/late', { config: { public: true } }, async () => 'ok');
    await probe.ready();
    try {
      expect(undeclaredApiRoutes(probe).map((r) => `${r.method} ${r.url}`)).toEqual([
        'GET /api/early',
        'HEAD /api/early',
      ]);
      expect((await probe.inject({ url: '/api/early' })).statusCode).toBe(200);
    } finally {
      await probe.close();
    }
  });

  it('refuses at start-up a route that declares neither', async () => {
    const database = await workerDatabase();
    const probe = await buildApp({ db: appDb(database), config: testConfig(), logger: false });
    expect(() => probe.get('/api/forgotten', async () => 'x')).toThrow(
      /declares neither a permission nor public/,
    );
    await probe.close();
  });

  it('serves OpenAPI 3 at /api/docs listing every auth route', async () => {
    const ui = await app.inject({ url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
    const doc = (await app.inject({ url: '/api/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of [
      'login',
      'register',
      'refresh-token',
      'logout',
      'me',
      'change-password',
      'forgot-password',
      'reset-password',
    ]) {
      expect(Object.keys(doc.paths)).toContain(`/api/auth/${p}`);
    }
    expect(doc.paths['/api/auth/login'].post.requestBody).toBeDefined();
  });

  it('has liveness and readiness probes', async () => {
    expect((await app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });
});

describe('permission guard', () => {
  it('403 without the route permission, 200 with it, 401 before either', async () => {
    const database = await workerDatabase();
    const probe = await buildApp({ db: appDb(database), config: testConfig(), logger: false });
    probe.get('/api/probe/all-employees', { config: { permission: 'employee:read:all' } }, async () => ({
      ok: true,
    }));
    probe.get(
      '/api/probe/both',
      { config: { permission: { allOf: ['employee:read:all', 'company:read'] } } },
      async () => ({ ok: true }),
    );
    await probe.ready();
    try {
      const company = await buildCompany(database.db);
      const employee = await login(
        probe,
        (await buildUser(database.db, company, { role: 'employee' })).email,
      );
      const admin = await login(probe, company.adminEmail);
      expect((await probe.inject({ url: '/api/probe/all-employees' })).statusCode).toBe(401);
      const denied = await probe.inject({ url: '/api/probe/all-employees', headers: bearer(employee) });
      expect(denied.statusCode).toBe(403);
      expect(denied.json().status).toBe('error');
      expect(
        (await probe.inject({ url: '/api/probe/all-employees', headers: bearer(admin) })).statusCode,
      ).toBe(200);
      expect((await probe.inject({ url: '/api/probe/both', headers: bearer(admin) })).statusCode).toBe(200);
      const half = await login(
        probe,
        (await buildUser(database.db, company, { role: null, permissions: ['employee:read:all'] })).email,
      );
      expect((await probe.inject({ url: '/api/probe/both', headers: bearer(half) })).statusCode).toBe(403);
    } finally {
      await probe.close();
    }
  });
});

describe('web app', () => {
  it('serves the built app with an SPA fallback for every non-/api path', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'taskhive-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Taskhive</title>');
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
    const database = await workerDatabase();
    const web = await buildApp({
      db: appDb(database),
      config: testConfig({ webDistDir: dist }),
      logger: false,
    });
    try {
      expect((await web.inject({ url: '/' })).body).toContain('<title>Taskhive</title>');
      const deep = await web.inject({ url: '/app/project-detail/123?tab=tasks' });
      expect(deep.statusCode).toBe(200);
      expect(deep.headers['content-type']).toContain('text/html');
      const asset = await web.inject({ url: '/assets/app.js' });
      expect(asset.body).toBe('console.log(1)');
      expect(asset.headers['cache-control']).toContain('immutable');
      const api = await web.inject({ url: '/api/nope' });
      expect(api.statusCode).toBe(404);
      expect(api.json().status).toBe('error');
    } finally {
      await web.close();
    }
  });
});
