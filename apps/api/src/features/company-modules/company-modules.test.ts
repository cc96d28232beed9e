import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { buildTestApp } from '../../test/build-app.ts';
import {
  bearer,
  buildSuperAdmin,
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
let acme: TestCompany;
let other: TestCompany;
let moduleIds: Record<string, string>;

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  ({ acme, other, admin, employee } = await twoTenants(app, database.db));
  root = await login(app, (await buildSuperAdmin(database.db)).email);
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
const url = (companyId: string, key?: string) =>
  `/api/Companies/${companyId}/modules${key ? `/${moduleIds[key]}` : ''}`;

describe('/api/Companies/{id}/modules', () => {
  it('401; a company reads its own grants, another company is 404; filters by access level', async () => {
    expect((await call('GET', url(acme.companyId))).statusCode).toBe(401);
    const res = await call('GET', url(acme.companyId), admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((m: { key: string }) => m.key)).toEqual(
      expect.arrayContaining(['employees', 'departments', 'company-roles', 'reports']),
    );
    expect(res.json().data.map((m: { key: string }) => m.key)).not.toContain('platform');
    expect((await call('GET', url(other.companyId), admin)).statusCode).toBe(404);
    expect((await call('GET', `${url(acme.companyId)}?accessLevel=read`, admin)).json().data).toEqual([]);
    expect((await call('GET', `${url(acme.companyId)}?accessLevel=owner`, admin)).statusCode).toBe(400);
  });

  it('assign, change and revoke are the Super Admin’s (403 for a Company Admin), 400 for a bad level', async () => {
    expect((await call('DELETE', url(acme.companyId, 'reports'), admin)).statusCode).toBe(403);
    expect(
      (await call('PUT', url(acme.companyId, 'reports'), admin, { accessLevel: 'read' })).statusCode,
    ).toBe(403);
    const bad = await call('PUT', url(acme.companyId, 'reports'), root, { accessLevel: 'owner' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('accessLevel');
    expect(
      (
        await call('PUT', url('00000000-0000-4000-8000-000000000000', 'reports'), root, {
          accessLevel: 'read',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('takes effect on the very next request: lowering to read removes writes, revoking removes all, assigning brings them back', async () => {
    expect(await permsOf(admin)).toEqual(
      expect.arrayContaining(['report:read', 'report:create', 'report:delete']),
    );
    expect((await call('GET', '/api/Department', admin)).statusCode).toBe(200);

    const down = await call('PUT', url(acme.companyId, 'departments'), root, { accessLevel: 'read' });
    expect(down.statusCode).toBe(200);
    expect(down.json().data).toMatchObject({ key: 'departments', accessLevel: 'read' });
    expect((await call('POST', '/api/Department', admin, { name: 'Blocked' })).statusCode).toBe(403);
    expect((await call('GET', '/api/Department', admin)).statusCode).toBe(200);

    expect((await call('DELETE', url(acme.companyId, 'departments'), root)).statusCode).toBe(200);
    expect((await call('GET', '/api/Department', admin)).statusCode).toBe(403);
    expect((await call('GET', '/api/Department', employee)).statusCode).toBe(403);
    expect((await call('DELETE', url(acme.companyId, 'departments'), root)).statusCode).toBe(404);

    const back = await call('POST', url(acme.companyId, 'departments'), root, { accessLevel: 'write' });
    expect(back.statusCode).toBe(201);
    expect((await call('POST', url(acme.companyId, 'departments'), root)).statusCode).toBe(409);
    expect((await call('POST', '/api/Department', admin, { name: 'Allowed' })).statusCode).toBe(201);
    expect(await permsOf(admin)).not.toContain('department:delete');
    // Other companies are untouched.
    expect(
      (await call('GET', url(other.companyId), root)).json().data.map((m: { key: string }) => m.key),
    ).toContain('departments');
  });
});
