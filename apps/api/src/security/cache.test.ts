import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import type { Database } from '../db/client.ts';
import { buildTestApp } from '../test/build-app.ts';
import {
  bearer,
  buildCompany,
  buildSuperAdmin,
  buildUser,
  login,
  type Session,
  type TestCompany,
} from '../test/factories.ts';
import { multipart, PDF, PNG } from '../test/files.fixtures.ts';

/**
 * No cache keeps an answer made for one user: every GET route that needs a token, walked from the
 * route table (`app.declaredRoutes`, so a route added later is covered), answers `no-store` and
 * `Vary: Authorization` to every caller, its 401, 403, 400 and 404 included.
 */

let app: App;
let database: Database;
let company: TestCompany;
let admin: Session;
let bare: Session;
let root: Session;
let employeeId: string;
let docId: string;

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  company = await buildCompany(database.db);
  admin = await login(app, company.adminEmail);
  // No role, no permission: 403 on every route but the ones any signed-in user may read.
  const nobody = await buildUser(database.db, company, { role: null });
  bare = await login(app, nobody.email);
  root = await login(app, (await buildSuperAdmin(database.db)).email);
  employeeId = (await buildUser(database.db, company)).userId;

  const photo = multipart({ name: 'p.png', content: PNG, type: 'image/png' });
  const uploaded = await app.inject({
    method: 'POST',
    url: `/api/CompanyUsers/upload-profile-photo/${employeeId}`,
    headers: { ...bearer(admin), ...photo.headers },
    payload: photo.payload,
  });
  expect(uploaded.statusCode).toBe(200);
  const doc = multipart({ name: 'contract.pdf', content: PDF, type: 'application/pdf' });
  const stored = await app.inject({
    method: 'POST',
    url: `/api/Companies/${company.companyId}/documents`,
    headers: { ...bearer(admin), ...doc.headers },
    payload: doc.payload,
  });
  expect(stored.statusCode).toBe(201);
  docId = stored.json().data.documentId;
}, 60_000);
afterAll(() => app.close());

/** The company's own ids where a parameter names one (so some answers are 200), a random uuid elsewhere. */
function fill(url: string): string {
  const resource = url.split('/')[2]?.toLowerCase();
  return url.replace(/:(\w+)/g, (_m, name: string) => {
    if (name === 'companyId' || (name === 'id' && resource === 'companies')) return company.companyId;
    if (name === 'id' && resource === 'companyusers') return employeeId;
    if (name === 'docId') return docId;
    return randomUUID();
  });
}

const uncacheable = (headers: Record<string, unknown>) => ({
  noStore: String(headers['cache-control'] ?? '').includes('no-store'),
  varyAuthorization: /\bauthorization\b/i.test(String(headers.vary ?? '')),
});

describe('cache headers of authenticated answers', () => {
  it('every authenticated GET route answers no-store and Vary: Authorization, errors included', async () => {
    const routes = app.declaredRoutes.filter(
      (r) => r.method === 'GET' && r.url.startsWith('/api/') && !r.public && r.permission !== undefined,
    );
    // The walk covers the whole API, not a handful of routes.
    expect(routes.length).toBeGreaterThan(50);
    // Anonymous, no permission, the company's admin, the Super Admin.
    const callers = [{}, bearer(bare), bearer(admin), bearer(root)].map((headers) => ({ headers }));
    const findings: string[] = [];
    const statuses = new Set<number>();
    for (const route of routes) {
      const url = fill(route.url);
      // The admin again with malformed ids (400) where the route takes any, and a bad page size.
      const malformed = {
        url: `${route.url.replace(/:\w+/g, 'not-an-id')}?pageSize=-1`,
        headers: bearer(admin),
      };
      for (const call of [...callers.map((c) => ({ url, headers: c.headers })), malformed]) {
        const res = await app.inject({ method: 'GET', url: call.url, headers: call.headers });
        statuses.add(res.statusCode);
        const got = uncacheable(res.headers);
        if (!got.noStore || !got.varyAuthorization)
          findings.push(
            `GET ${call.url}: ${res.statusCode} cache-control=${String(res.headers['cache-control'])} vary=${String(res.headers.vary)}`,
          );
      }
    }
    expect(findings).toEqual([]);
    // Successes and every kind of refusal were seen, so error answers were checked too.
    for (const status of [200, 400, 401, 403, 404]) expect(statuses).toContain(status);
  });

  it('file downloads are private and stored by no cache', async () => {
    for (const url of [
      `/api/CompanyUsers/photo/${employeeId}`,
      `/api/Companies/${company.companyId}/documents/${docId}`,
    ]) {
      const res = await app.inject({ method: 'GET', url, headers: bearer(admin) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(uncacheable(res.headers).varyAuthorization).toBe(true);
    }
  });

  it('the live stream keeps its own headers and is not stored either', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/events', headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    expect(res.headers['cache-control']).toBe('no-store, no-transform');
  });

  it('a public answer is not marked per user (/healthz)', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.headers.vary ?? '').not.toMatch(/authorization/i);
  });
});
