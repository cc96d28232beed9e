import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@taskhive/contract';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { buildTestApp } from '../../test/build-app.ts';
import { bearer, buildUser, type Session, type TestCompany, twoTenants } from '../../test/factories.ts';

let app: App;
let database: Database;
let acme: TestCompany;
let other: TestCompany;
let admin: Session;
let employee: Session;
let otherAdmin: Session;

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  ({ acme, other, admin, employee, otherAdmin } = await twoTenants(app, database.db));
});
afterAll(() => app.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, s?: Session, payload?: object) =>
  app.inject({ method, url, headers: s ? bearer(s) : {}, ...(payload ? { payload } : {}) });

async function createRole(s: Session, body: object) {
  const res = await call('POST', '/api/CompanyRoles', s, body);
  expect(res.statusCode).toBe(201);
  return res.json().data as { companyRoleId: string; roleName: string; defaultRole: boolean };
}

describe('GET /api/CompanyRoles', () => {
  it('401 without a token', async () => {
    expect((await call('GET', '/api/CompanyRoles')).statusCode).toBe(401);
  });

  it('gives the whole list without paging parameters, with user counts, own company only', async () => {
    const res = await call('GET', '/api/CompanyRoles', employee);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.items.map((r: { roleName: string }) => r.roleName)).toEqual([
      'Company Admin',
      'Employee',
      'Manager',
    ]);
    expect(data.totalCount).toBe(3);
    const emp = data.items.find((r: { roleName: string }) => r.roleName === 'Employee');
    expect(emp).toMatchObject({ defaultRole: true, isActive: true, userCount: 1, isProtected: false });
    expect(emp.companyRoleId).toBe(acme.roleIds.employee);
    expect(data.items.find((r: { roleName: string }) => r.roleName === 'Company Admin')).toMatchObject({
      isProtected: true,
      userCount: 1,
    });
  });

  it('pages when asked, sorts and searches', async () => {
    const res = await call('GET', '/api/CompanyRoles?page=2&pageSize=2&sortBy=roleName&sortOrder=asc', admin);
    expect(res.json().data).toMatchObject({ totalCount: 3, pageNumber: 2, pageSize: 2, totalPages: 2 });
    expect(res.json().data.items.map((r: { roleName: string }) => r.roleName)).toEqual(['Manager']);
    const search = await call('GET', '/api/CompanyRoles?search=MAN', admin);
    expect(search.json().data.items.map((r: { roleName: string }) => r.roleName)).toEqual(['Manager']);
  });

  it('400 on a bad sort field', async () => {
    const res = await call('GET', '/api/CompanyRoles?sortBy=password', admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.sortBy).toBeDefined();
  });
});

describe('POST /api/CompanyRoles', () => {
  it('401, 403 without companyrole:create, 400 with field errors', async () => {
    expect((await call('POST', '/api/CompanyRoles', undefined, { roleName: 'X' })).statusCode).toBe(401);
    expect((await call('POST', '/api/CompanyRoles', employee, { roleName: 'X' })).statusCode).toBe(403);
    const bad = await call('POST', '/api/CompanyRoles', admin, { roleName: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.roleName).toBeDefined();
  });

  it('creates a role with no permissions and says so; names are unique per company, case-insensitively', async () => {
    const res = await call('POST', '/api/CompanyRoles', admin, { roleName: 'Auditor' });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(MESSAGES.companyRoles.createdWithoutPermissions);
    expect(res.json().data).toMatchObject({
      roleName: 'Auditor',
      isActive: true,
      defaultRole: false,
      userCount: 0,
    });
    const dup = await call('POST', '/api/CompanyRoles', admin, { roleName: 'auditor' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors.roleName).toEqual([MESSAGES.companyRoles.nameTaken]);
    // Another company may use the same name.
    expect((await call('POST', '/api/CompanyRoles', otherAdmin, { roleName: 'Auditor' })).statusCode).toBe(
      201,
    );
  });
});

describe('the default role', () => {
  it('moves in one step: exactly one default per company', async () => {
    const lead = await createRole(admin, { roleName: 'Team Lead', defaultRole: true });
    expect(lead.defaultRole).toBe(true);
    const list = (await call('GET', '/api/CompanyRoles', admin)).json().data.items as {
      roleName: string;
      defaultRole: boolean;
    }[];
    expect(list.filter((r) => r.defaultRole).map((r) => r.roleName)).toEqual(['Team Lead']);

    const back = await call('PUT', `/api/CompanyRoles/${acme.roleIds.employee}`, admin, {
      defaultRole: true,
    });
    expect(back.statusCode).toBe(200);
    const again = (await call('GET', '/api/CompanyRoles', admin)).json().data.items as {
      roleName: string;
      defaultRole: boolean;
    }[];
    expect(again.filter((r) => r.defaultRole).map((r) => r.roleName)).toEqual(['Employee']);
    // The other company's default did not move.
    const theirs = (await call('GET', '/api/CompanyRoles', otherAdmin)).json().data.items as {
      roleName: string;
      defaultRole: boolean;
    }[];
    expect(theirs.filter((r) => r.defaultRole).map((r) => r.roleName)).toEqual(['Employee']);
  });

  it('cannot be unset directly, deactivated or deleted', async () => {
    const url = `/api/CompanyRoles/${acme.roleIds.employee}`;
    const unset = await call('PUT', url, admin, { defaultRole: false });
    expect(unset.statusCode).toBe(409);
    expect(unset.json().message).toBe(MESSAGES.companyRoles.defaultRequired);
    expect((await call('PUT', url, admin, { isActive: false })).statusCode).toBe(409);
    const del = await call('DELETE', url, admin);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(MESSAGES.companyRoles.defaultCannotBeDeleted);
  });
});

describe('GET/PUT/DELETE /api/CompanyRoles/{id}', () => {
  it("404 for another company's role, 401 without a token, 403 without the permission", async () => {
    const url = `/api/CompanyRoles/${other.roleIds.manager}`;
    expect((await call('GET', url, admin)).statusCode).toBe(404);
    expect((await call('PUT', url, admin, { roleName: 'Hacked' })).statusCode).toBe(404);
    expect((await call('DELETE', url, admin)).statusCode).toBe(404);
    expect((await call('GET', url)).statusCode).toBe(401);
    expect(
      (await call('PUT', `/api/CompanyRoles/${acme.roleIds.manager}`, employee, { roleName: 'X' }))
        .statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/api/CompanyRoles/${acme.roleIds.manager}`, employee)).statusCode).toBe(
      403,
    );
    expect((await call('GET', '/api/CompanyRoles/not-a-uuid', admin)).statusCode).toBe(400);
  });

  it('reads and renames a role; a taken name is 409', async () => {
    const role = await createRole(admin, { roleName: 'Intern' });
    const url = `/api/CompanyRoles/${role.companyRoleId}`;
    expect((await call('GET', url, employee)).json().data.roleName).toBe('Intern');
    const res = await call('PUT', url, admin, {
      roleName: 'Trainee',
      description: 'Learning',
      isActive: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ roleName: 'Trainee', description: 'Learning', isActive: false });
    expect((await call('PUT', url, admin, { roleName: 'manager' })).statusCode).toBe(409);
    const bad = await call('PUT', url, admin, { roleName: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.roleName).toBeDefined();
  });

  it('keeps the Company Admin role: no rename, no deactivation, no delete', async () => {
    const url = `/api/CompanyRoles/${acme.roleIds.companyAdmin}`;
    expect((await call('PUT', url, admin, { roleName: 'Boss' })).json().message).toBe(
      MESSAGES.companyRoles.protectedRole,
    );
    expect((await call('PUT', url, admin, { isActive: false })).statusCode).toBe(409);
    expect((await call('DELETE', url, admin)).statusCode).toBe(409);
    expect((await call('PUT', url, admin, { description: 'Runs everything' })).statusCode).toBe(200);
  });

  it('refuses to delete a role someone holds, and deletes one no one holds', async () => {
    await buildUser(database.db, acme, { role: 'manager', status: 'inactive' });
    const held = await call('DELETE', `/api/CompanyRoles/${acme.roleIds.manager}`, admin);
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toBe(MESSAGES.companyRoles.inUse);

    const spare = await createRole(admin, { roleName: 'Spare' });
    const del = await call('DELETE', `/api/CompanyRoles/${spare.companyRoleId}`, admin);
    expect(del.statusCode).toBe(200);
    expect((await call('GET', `/api/CompanyRoles/${spare.companyRoleId}`, admin)).statusCode).toBe(404);
  });
});
