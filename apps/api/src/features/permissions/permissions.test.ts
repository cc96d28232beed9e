import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@taskhive/contract';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { buildTestApp } from '../../test/build-app.ts';
import {
  bearer,
  buildSuperAdmin,
  buildUser,
  login,
  type Session,
  type TestCompany,
  twoTenants,
} from '../../test/factories.ts';

let app: App;
let database: Database;
let root: Session;
let admin: Session;
let employee: Session;
let employeeId: string;
let otherAdmin: Session;
let acme: TestCompany;
let other: TestCompany;
let permId: Record<string, string>;
let moduleIds: Record<string, string>;

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  ({ acme, other, admin, employee, employeeId, otherAdmin } = await twoTenants(app, database.db));
  root = await login(app, (await buildSuperAdmin(database.db)).email);
  const all = (await call('GET', '/api/Permissions', root)).json().data.items as {
    name: string;
    permissionId: string;
  }[];
  permId = Object.fromEntries(all.map((p) => [p.name, p.permissionId]));
  const mods = (await call('GET', '/api/Modules?pageSize=50', root)).json().data.items as {
    key: string;
    moduleId: string;
  }[];
  moduleIds = Object.fromEntries(mods.map((m) => [m.key, m.moduleId]));
});
afterAll(() => app.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, s?: Session, payload?: object) =>
  app.inject({ method, url, headers: s ? bearer(s) : {}, ...(payload ? { payload } : {}) });
const permsOf = async (s: Session) =>
  (await call('GET', '/api/auth/me', s)).json().data.permissions as string[];
const missing = '00000000-0000-4000-8000-000000000000';

describe('/api/Permissions', () => {
  it('401; the Super Admin sees the whole catalogue (200 a page); a Company Admin only what its modules allow', async () => {
    expect((await call('GET', '/api/Permissions')).statusCode).toBe(401);
    expect((await call('GET', '/api/Permissions', employee)).statusCode).toBe(403);
    const all = (await call('GET', '/api/Permissions', root)).json().data;
    expect(all.pageSize).toBe(200);
    expect(all.items.map((p: { name: string }) => p.name)).toContain('module:create');
    const mine = (await call('GET', '/api/Permissions', admin))
      .json()
      .data.items.map((p: { name: string }) => p.name);
    expect(mine).toContain('report:read');
    expect(mine).not.toContain('module:create');
    expect((await call('GET', `/api/Permissions/${permId['module:create']}`, admin)).statusCode).toBe(404);
    expect((await call('GET', `/api/Permissions/${permId['report:read']}`, admin)).statusCode).toBe(200);
  });

  it('create (201), update keeping other fields, delete; 400 with field errors; 403 for a Company Admin; 409 on a taken name', async () => {
    const body = {
      name: 'invoice:read',
      permissionType: 'read',
      category: 'invoice',
      moduleId: moduleIds.reports,
    };
    expect((await call('POST', '/api/Permissions', admin, body)).statusCode).toBe(403);
    const bad = await call('POST', '/api/Permissions', root, {
      name: 'Not A Name',
      permissionType: 'x',
      moduleId: 'no',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      name: [expect.any(String)],
      permissionType: [expect.any(String)],
      moduleId: [expect.any(String)],
      category: [expect.any(String)],
    });
    expect((await call('POST', '/api/Permissions', root, { ...body, moduleId: missing })).statusCode).toBe(
      400,
    );
    const res = await call('POST', '/api/Permissions', root, body);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(MESSAGES.permissionsAdmin.created);
    const p = res.json().data;
    expect(p).toMatchObject({ name: 'invoice:read', moduleId: moduleIds.reports, moduleName: 'Reports' });
    expect((await call('POST', '/api/Permissions', root, body)).statusCode).toBe(409);
    const put = await call('PUT', `/api/Permissions/${p.permissionId}`, root, {
      description: 'See invoices',
    });
    expect(put.json().data).toMatchObject({
      name: 'invoice:read',
      description: 'See invoices',
      category: 'invoice',
    });
    expect(
      (await call('PUT', `/api/Permissions/${p.permissionId}`, admin, { description: 'x' })).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/api/Permissions/${p.permissionId}`, root)).statusCode).toBe(200);
    expect((await call('GET', `/api/Permissions/${p.permissionId}`, root)).statusCode).toBe(404);
  });
});

describe('/api/Users/{id}/permissions', () => {
  it('401, 403 without the permission, 404 for another company’s user, 400 for a bad id', async () => {
    const url = `/api/Users/${employeeId}/permissions`;
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('GET', url, employee)).statusCode).toBe(403);
    expect((await call('GET', url, otherAdmin)).statusCode).toBe(404);
    expect((await call('POST', `${url}/${permId['report:read:all']}`, otherAdmin)).statusCode).toBe(404);
    expect((await call('POST', `${url}/${permId['report:read:all']}`, employee)).statusCode).toBe(403);
    expect((await call('GET', '/api/Users/nope/permissions', admin)).statusCode).toBe(400);
  });

  it('a grant counts on the next request; revoking takes it away; effective permissions are listed', async () => {
    const u = await buildUser(database.db, acme);
    const s = await login(app, u.email);
    expect(await permsOf(s)).not.toContain('report:read:all');
    const add = await call('POST', `/api/Users/${u.userId}/permissions/${permId['report:read:all']}`, admin);
    expect(add.statusCode).toBe(201);
    expect(await permsOf(s)).toContain('report:read:all');
    const view = (await call('GET', `/api/Users/${u.userId}/permissions`, admin)).json().data;
    expect(view.items.map((p: { name: string }) => p.name)).toEqual(['report:read:all']);
    expect(view.pageSize).toBe(200);
    expect(view.effective).toEqual(expect.arrayContaining(['report:read:all', 'task:read']));
    expect(
      (await call('DELETE', `/api/Users/${u.userId}/permissions/${permId['report:read:all']}`, admin))
        .statusCode,
    ).toBe(200);
    expect(await permsOf(s)).not.toContain('report:read:all');
    expect(
      (await call('DELETE', `/api/Users/${u.userId}/permissions/${permId['report:read:all']}`, admin))
        .statusCode,
    ).toBe(404);
  });

  it('never a platform permission or one outside the company’s modules; never to oneself; the Super Admin reaches every company', async () => {
    const u = await buildUser(database.db, acme);
    const platform = await call(
      'POST',
      `/api/Users/${u.userId}/permissions/${permId['module:create']}`,
      admin,
    );
    expect(platform.statusCode).toBe(400);
    expect(platform.json().errors.permissionId).toEqual([MESSAGES.permissionsAdmin.notInCompanyModules]);
    const self = await call(
      'POST',
      `/api/Users/${acme.adminUserId}/permissions/${permId['report:read:all']}`,
      admin,
    );
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(MESSAGES.grants.ownRoleOrPermissions);
    const o = await buildUser(database.db, other);
    expect(
      (await call('POST', `/api/Users/${o.userId}/permissions/${permId['report:read:all']}`, root))
        .statusCode,
    ).toBe(201);
    expect((await call('GET', `/api/Users/${o.userId}/permissions`, root)).json().data.totalCount).toBe(1);
  });

  it('a Manager cannot hand out what they do not hold', async () => {
    const m = await buildUser(database.db, acme, { role: 'manager', permissions: ['companyrole:assign'] });
    const ms = await login(app, m.email);
    const u = await buildUser(database.db, acme);
    const res = await call('POST', `/api/Users/${u.userId}/permissions/${permId['company:update']}`, ms);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MESSAGES.grants.beyondOwn);
  });
});
