import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@taskhive/contract';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { buildTestApp } from '../../test/build-app.ts';
import { bearer, buildSuperAdmin, login, type Session, twoTenants } from '../../test/factories.ts';

let app: App;
let database: Database;
let root: Session;
let admin: Session;

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  ({ admin } = await twoTenants(app, database.db));
  root = await login(app, (await buildSuperAdmin(database.db)).email);
});
afterAll(() => app.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, s?: Session, payload?: object) =>
  app.inject({ method, url, headers: s ? bearer(s) : {}, ...(payload ? { payload } : {}) });
const missing = '00000000-0000-4000-8000-000000000000';

describe('/api/Modules', () => {
  it('401 without a token, 403 for a Company Admin (module:* is platform-only)', async () => {
    expect((await call('GET', '/api/Modules')).statusCode).toBe(401);
    expect((await call('GET', '/api/Modules', admin)).statusCode).toBe(403);
    expect((await call('POST', '/api/Modules', admin, { name: 'X', category: 'Y' })).statusCode).toBe(403);
  });

  it('the catalogue is split: People is gone, Employees, Departments and Company Roles sell separately', async () => {
    const res = await call('GET', '/api/Modules?pageSize=50', root);
    expect(res.statusCode).toBe(200);
    const keys = res.json().data.items.map((m: { key: string }) => m.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'projects',
        'tasks',
        'time-tracking',
        'reports',
        'employees',
        'departments',
        'company-roles',
        'company',
      ]),
    );
    expect(keys).not.toContain('people');
    expect(res.json().data.pageSize).toBe(50);
    expect((await call('GET', '/api/Modules', root)).json().data.pageSize).toBe(10);
  });

  it('400 with field errors on bad input and filters', async () => {
    const bad = await call('POST', '/api/Modules', root, { name: '', category: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ name: [expect.any(String)], category: [expect.any(String)] });
    expect((await call('GET', '/api/Modules?status=maybe', root)).statusCode).toBe(400);
    expect((await call('GET', '/api/Modules?packageId=nope', root)).statusCode).toBe(400);
  });

  it('creates, reads, updates (keeping other fields), filters and deletes a module', async () => {
    const res = await call('POST', '/api/Modules', root, {
      name: 'Invoicing',
      category: 'Finance',
      description: 'Bills',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(MESSAGES.modules.created);
    const m = res.json().data;
    expect(m).toMatchObject({ key: 'invoicing', name: 'Invoicing', moduleType: 'addon', status: 'active' });
    expect((await call('POST', '/api/Modules', root, { name: 'INVOICING', category: 'F' })).statusCode).toBe(
      409,
    );

    const put = await call('PUT', `/api/Modules/${m.moduleId}`, root, { status: 'inactive' });
    expect(put.json().data).toMatchObject({ name: 'Invoicing', category: 'Finance', status: 'inactive' });

    const found = await call('GET', '/api/Modules?category=finance&status=inactive&search=invo', root);
    expect(found.json().data.items.map((x: { moduleId: string }) => x.moduleId)).toEqual([m.moduleId]);
    const today = new Date().toISOString().slice(0, 10);
    const dated = await call(
      'GET',
      `/api/Modules?createdDateFrom=${today}&createdDateTo=${today}&category=Finance`,
      root,
    );
    expect(dated.json().data.totalCount).toBe(1);

    expect((await call('GET', `/api/Modules/${m.moduleId}/permissions`, root)).json().data).toEqual([]);
    expect((await call('DELETE', `/api/Modules/${m.moduleId}`, root)).statusCode).toBe(200);
    expect((await call('GET', `/api/Modules/${m.moduleId}`, root)).statusCode).toBe(404);
  });

  it("lists a module's permissions, refuses to delete a module that has some, 404 for a missing one", async () => {
    const list = (await call('GET', '/api/Modules?search=reports', root)).json().data.items;
    const reports = list.find((m: { key: string }) => m.key === 'reports');
    const perms = await call('GET', `/api/Modules/${reports.moduleId}/permissions`, root);
    expect(perms.json().data.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['report:read', 'report:read:all']),
    );
    const del = await call('DELETE', `/api/Modules/${reports.moduleId}`, root);
    expect(del.statusCode).toBe(409);
    expect((await call('GET', `/api/Modules/${missing}`, root)).statusCode).toBe(404);
    expect((await call('PUT', `/api/Modules/${missing}`, root, { name: 'Z' })).statusCode).toBe(404);
  });
});
