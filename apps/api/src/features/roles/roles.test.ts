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
let otherAdmin: Session;
let acme: TestCompany;
let other: TestCompany;
let permId: Record<string, string>;

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  ({ acme, other, admin, employee, otherAdmin } = await twoTenants(app, database.db));
  root = await login(app, (await buildSuperAdmin(database.db)).email);
  const all = (await call('GET', '/api/Permissions', root)).json().data.items as {
    name: string;
    permissionId: string;
  }[];
  permId = Object.fromEntries(all.map((p) => [p.name, p.permissionId]));
});
afterAll(() => app.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, s?: Session, payload?: object) =>
  app.inject({ method, url, headers: s ? bearer(s) : {}, ...(payload ? { payload } : {}) });
const permsOf = async (s: Session) =>
  (await call('GET', '/api/auth/me', s)).json().data.permissions as string[];

async function createRole(s: Session, name: string) {
  const res = await call('POST', '/api/Roles', s, { name });
  expect(res.statusCode).toBe(201);
  return res.json().data as { roleId: string; companyId: string | null; roleType: string };
}

describe('/api/Roles', () => {
  it('401, 403 for an Employee, 400 with field errors', async () => {
    expect((await call('GET', '/api/Roles')).statusCode).toBe(401);
    expect((await call('POST', '/api/Roles', employee, { name: 'X' })).statusCode).toBe(403);
    const bad = await call('POST', '/api/Roles', admin, { name: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('name');
  });

  it('the Super Admin manages platform roles; a Company Admin its own company’s; another company’s role is 404', async () => {
    const platform = await createRole(root, 'Support Desk');
    expect(platform).toMatchObject({ companyId: null, roleType: 'platform' });
    const mine = await createRole(admin, 'Auditor');
    expect(mine).toMatchObject({ companyId: acme.companyId, roleType: 'company' });
    expect((await call('POST', '/api/Roles', admin, { name: 'auditor' })).statusCode).toBe(409);

    const list = (await call('GET', '/api/Roles', admin)).json().data;
    expect(list.pageSize).toBe(10);
    const names = list.items.map((r: { name: string }) => r.name);
    expect(names).toContain('Auditor');
    expect(names).not.toContain('Support Desk');
    const rootList = (await call('GET', '/api/Roles?pageSize=50', root)).json().data.items;
    expect(rootList.map((r: { name: string }) => r.name)).toContain('Support Desk');
    const acmeViaRoot = (await call('GET', `/api/Roles?companyId=${acme.companyId}`, root)).json().data.items;
    expect(acmeViaRoot.map((r: { name: string }) => r.name)).toContain('Auditor');

    expect((await call('PUT', `/api/Roles/${mine.roleId}`, otherAdmin, { name: 'Mine' })).statusCode).toBe(
      404,
    );
    expect((await call('PUT', `/api/Roles/${platform.roleId}`, admin, { name: 'Mine' })).statusCode).toBe(
      404,
    );
    const put = await call('PUT', `/api/Roles/${mine.roleId}`, admin, { description: 'Reads the books' });
    expect(put.json().data).toMatchObject({
      name: 'Auditor',
      description: 'Reads the books',
      isActive: true,
    });
    expect(
      (await call('PUT', `/api/Roles/${acme.roleIds.companyAdmin}`, admin, { name: 'Boss' })).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/api/Roles/${acme.roleIds.employee}`, admin)).statusCode).toBe(409);
    expect((await call('DELETE', `/api/Roles/${mine.roleId}`, otherAdmin)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/Roles/${mine.roleId}`, admin)).statusCode).toBe(200);
  });

  it('the Super Admin creates a role in a named company; anyone else only in their own', async () => {
    const res = await call('POST', '/api/Roles', root, { name: 'Field Crew', companyId: acme.companyId });
    expect(res.statusCode).toBe(201);
    const crew = res.json().data;
    expect(crew).toMatchObject({ name: 'Field Crew', companyId: acme.companyId, roleType: 'company' });
    const acmeRoles = (await call('GET', '/api/Roles?pageSize=50', admin)).json().data.items;
    expect(acmeRoles.map((r: { roleId: string }) => r.roleId)).toContain(crew.roleId);
    const platformRoles = (await call('GET', '/api/Roles?pageSize=50', root)).json().data.items;
    expect(platformRoles.map((r: { name: string }) => r.name)).not.toContain('Field Crew');
    // Names stay unique within the company named.
    expect(
      (await call('POST', '/api/Roles', root, { name: 'field crew', companyId: acme.companyId })).statusCode,
    ).toBe(409);
    expect(
      (await call('POST', '/api/Roles', root, { name: 'Field Crew', companyId: other.companyId })).statusCode,
    ).toBe(201);

    const missing = '00000000-0000-4000-8000-00000000dead';
    expect((await call('POST', '/api/Roles', root, { name: 'Ghost', companyId: missing })).statusCode).toBe(
      404,
    );
    expect(
      (await call('POST', '/api/Roles', admin, { name: 'Sneaky', companyId: other.companyId })).statusCode,
    ).toBe(404);
    const own = await call('POST', '/api/Roles', admin, { name: 'Own Crew', companyId: acme.companyId });
    expect(own.statusCode).toBe(201);
    expect(own.json().data).toMatchObject({ companyId: acme.companyId, roleType: 'company' });
    const bad = await call('POST', '/api/Roles', root, { name: 'X', companyId: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('companyId');
    const otherNames = (await call('GET', '/api/Roles?pageSize=50', otherAdmin)).json().data.items;
    expect(otherNames.map((r: { name: string }) => r.name)).not.toContain('Sneaky');
  });

  it("a role's permissions: only what the company's modules allow and the granter holds; changes count on the next request", async () => {
    const role = await createRole(admin, 'Reporter');
    const u = await buildUser(database.db, acme);
    const s = await login(app, u.email);
    const add = await call('POST', `/api/Users/${u.userId}/roles/${role.roleId}`, admin);
    expect(add.statusCode).toBe(201);
    expect(add.json().data).toMatchObject({ roleId: role.roleId, primary: false });

    const grant = await call(
      'POST',
      `/api/Roles/${role.roleId}/permissions/${permId['report:read:all']}`,
      admin,
    );
    expect(grant.statusCode).toBe(201);
    expect(await permsOf(s)).toContain('report:read:all');
    const perms = (await call('GET', `/api/Roles/${role.roleId}/permissions`, admin)).json().data;
    expect(perms.map((p: { name: string }) => p.name)).toEqual(['report:read:all']);

    const platform = await call(
      'POST',
      `/api/Roles/${role.roleId}/permissions/${permId['module:read']}`,
      admin,
    );
    expect(platform.statusCode).toBe(400);
    expect(
      (await call('POST', `/api/Roles/${role.roleId}/permissions/${permId['report:read']}`, otherAdmin))
        .statusCode,
    ).toBe(404);
    // A role the admin holds is theirs: no changing it.
    const own = await call(
      'POST',
      `/api/Roles/${acme.roleIds.companyAdmin}/permissions/${permId['report:read']}`,
      admin,
    );
    expect(own.statusCode).toBe(403);

    expect((await call('DELETE', `/api/Users/${u.userId}/roles/${role.roleId}`, admin)).statusCode).toBe(200);
    expect(await permsOf(s)).not.toContain('report:read:all');
    await call('POST', `/api/Users/${u.userId}/roles/${role.roleId}`, admin);
    expect(await permsOf(s)).toContain('report:read:all');
    expect(
      (await call('DELETE', `/api/Roles/${role.roleId}/permissions/${permId['report:read:all']}`, admin))
        .statusCode,
    ).toBe(200);
    expect(await permsOf(s)).not.toContain('report:read:all');
  });

  it("a user's roles: 401, 403, 404 across companies, another company's role is a 400, never to oneself", async () => {
    const u = await buildUser(database.db, acme);
    const url = `/api/Users/${u.userId}/roles`;
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('GET', url, employee)).statusCode).toBe(403);
    expect((await call('GET', url, otherAdmin)).statusCode).toBe(404);
    const roles = (await call('GET', url, admin)).json().data;
    expect(roles).toEqual([expect.objectContaining({ roleId: acme.roleIds.employee, primary: true })]);
    const foreign = await call('POST', `${url}/${other.roleIds.manager}`, root);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors.roleId).toEqual([MESSAGES.roles.notForThisUser]);
    expect((await call('POST', `${url}/${other.roleIds.manager}`, admin)).statusCode).toBe(404);
    const self = await call('POST', `/api/Users/${acme.adminUserId}/roles/${acme.roleIds.manager}`, admin);
    expect(self.statusCode).toBe(403);
    expect((await call('DELETE', `${url}/${acme.roleIds.manager}`, admin)).statusCode).toBe(404);
  });
});
