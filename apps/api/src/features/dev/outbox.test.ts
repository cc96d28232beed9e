import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { buildTestApp } from '../../test/build-app.ts';
import { bearer, buildCompany, buildSuperAdmin, login } from '../../test/factories.ts';

let app: App;
let database: Database;

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
});
afterAll(() => app.close());

describe('GET /api/dev/outbox', () => {
  it('is closed to anonymous callers and to company users, even a Company Admin', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(401);
    const c = await buildCompany(database.db);
    const admin = await login(app, c.adminEmail);
    const res = await app.inject({ method: 'GET', url: '/api/dev/outbox', headers: bearer(admin) });
    expect(res.statusCode).toBe(403);
  });

  it('lists the mail for a signed-in Super Admin', async () => {
    const c = await buildCompany(database.db);
    await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: c.adminEmail } });
    await app.jobs.drain(); // the link is mailed by a job the request enqueued
    const root = await login(app, (await buildSuperAdmin(database.db)).email);
    const res = await app.inject({ method: 'GET', url: '/api/dev/outbox', headers: bearer(root) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.some((m: { to: string }) => m.to === c.adminEmail)).toBe(true);
  });

  it('does not exist in production', async () => {
    const prod = await buildTestApp({ env: 'production' });
    try {
      const root = await login(prod.app, (await buildSuperAdmin(database.db)).email);
      const res = await prod.app.inject({ method: 'GET', url: '/api/dev/outbox', headers: bearer(root) });
      expect(res.statusCode).toBe(404);
    } finally {
      await prod.app.close();
    }
  });
});
