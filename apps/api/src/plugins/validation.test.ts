import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import type { Database } from '../db/client.ts';
import { buildTestApp } from '../test/build-app.ts';
import { bearer, buildCompany, buildSuperAdmin, login, type Session } from '../test/factories.ts';

/**
 * Issue 24, "an API a client can't misread" (plugins/validation.ts): a field a route does not
 * know answers 400 naming it, on every write route of the OpenAPI document; an empty query value
 * is "not given".
 */

type Operation = { requestBody?: { content?: Record<string, unknown> } };

let app: App;
let database: Database;
let root: Session;
let admin: Session;

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  root = await login(app, (await buildSuperAdmin(database.db)).email);
  admin = await login(app, (await buildCompany(database.db, { name: 'Strictco' })).adminEmail);
});
afterAll(() => app.close());

/** Every operation of the OpenAPI document that takes a JSON body. */
function jsonWrites() {
  const doc = app.swagger() as { paths: Record<string, Record<string, Operation>> };
  const out: { method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string }[] = [];
  for (const [path, ops] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(ops))
      if (op.requestBody?.content?.['application/json'])
        out.push({
          method: method.toUpperCase() as 'POST',
          url: path.replace(/\{[^}]+\}/g, () => randomUUID()),
        });
  return out;
}

describe('unknown fields', () => {
  it('every write route with a JSON body answers 400 naming a field it does not know', async () => {
    const routes = jsonWrites();
    expect(routes.length).toBeGreaterThan(40);
    const findings: string[] = [];
    for (const r of routes) {
      // The Super Admin holds every permission: what answers is the validation.
      const res = await app.inject({
        method: r.method,
        url: r.url,
        headers: bearer(root),
        payload: { zzUnknownField: 1 },
      });
      const body = res.json() as { errors?: Record<string, string[]> };
      if (res.statusCode !== 400 || body.errors?.zzUnknownField?.[0] !== 'Unknown field: zzUnknownField')
        findings.push(`${r.method} ${r.url} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(findings).toEqual([]);
  });

  it('names a nested field by its path, and lets known fields through', async () => {
    const project = await app.inject({
      method: 'POST',
      url: '/api/Project',
      headers: bearer(admin),
      payload: { code: 'STR', name: 'Strict', listName: 'Backlog' },
    });
    expect(project.statusCode).toBe(400);
    expect(project.json().errors).toEqual({ listName: ['Unknown field: listName'] });
    const ok = await app.inject({
      method: 'POST',
      url: '/api/Project',
      headers: bearer(admin),
      payload: { code: 'STR', name: 'Strict' },
    });
    expect(ok.statusCode).toBe(201);
    const company = await app.inject({
      method: 'POST',
      url: '/api/Companies',
      headers: bearer(root),
      payload: {
        name: 'Nested Co',
        admin: { email: 'nested@strict.test', firstName: 'N', lastName: 'Co', nickname: 'x' },
      },
    });
    expect(company.statusCode).toBe(400);
    expect(company.json().errors).toHaveProperty(['admin.nickname'], ['Unknown field: admin.nickname']);
  });
});

describe('empty query values', () => {
  it('are not given: a list answers its first page, as without them', async () => {
    const blank = await app.inject({
      method: 'GET',
      url: '/api/Project?sortBy=&sortOrder=&search=&statusNames=',
      headers: bearer(admin),
    });
    expect(blank.statusCode, blank.body).toBe(200);
    const plain = await app.inject({ method: 'GET', url: '/api/Project', headers: bearer(admin) });
    expect(blank.json().data).toEqual(plain.json().data);
    // A value that is given is still checked.
    const bad = await app.inject({
      method: 'GET',
      url: '/api/Project?sortBy=nonsense',
      headers: bearer(admin),
    });
    expect(bad.statusCode).toBe(400);
  });
});
