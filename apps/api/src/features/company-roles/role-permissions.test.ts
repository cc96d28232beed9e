import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@taskhive/contract';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-app.ts';
import {
  bearer,
  buildUser,
  login,
  type Session,
  setModuleAccess,
  type TestCompany,
  twoTenants,
} from '../../test/factories.ts';

/**
 * Issue 23, defect 12: a company role's permissions are set in the role's own create and update,
 * limited to what the company's modules allow (400) and what the editor holds (403).
 */
let app: App;
let database: Database;
let acme: TestCompany;
let other: TestCompany;
let admin: Session;
let employee: Session;
/** An Employee who may also create and edit roles, but holds no project:delete. */
let editor: Session;

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  ({ acme, other, admin, employee } = await twoTenants(app, database.db));
  const e = await buildUser(database.db, acme, {
    permissions: ['companyrole:create', 'companyrole:update'],
  });
  editor = await login(app, e.email);
});
afterAll(() => app.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, s?: Session, payload?: object) =>
  app.inject({ method, url, headers: s ? bearer(s) : {}, ...(payload ? { payload } : {}) });
const unique = (name: string) => `${name} ${Math.random().toString(36).slice(2, 8)}`;
const roleNames = async () =>
  ((await call('GET', '/api/CompanyRoles', admin)).json().data.items as { roleName: string }[]).map(
    (r) => r.roleName,
  );
const permissionsOf = async (id: string) =>
  (await call('GET', `/api/CompanyRoles/${id}`, admin)).json().data.permissions as string[];

describe('a role with its permissions: POST /api/CompanyRoles', () => {
  it('401 without a token', async () => {
    const res = await call('POST', '/api/CompanyRoles', undefined, {
      roleName: 'Anon',
      permissions: ['task:read'],
    });
    expect(res.statusCode).toBe(401);
  });

  it('creates the role with the permissions named, by name, in one go', async () => {
    const roleName = unique('Reviewer');
    const res = await call('POST', '/api/CompanyRoles', admin, {
      roleName,
      permissions: ['task:read', 'project:read', 'comment:create'],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(MESSAGES.companyRoles.created);
    expect(res.json().data).toMatchObject({
      roleName,
      permissions: ['comment:create', 'project:read', 'task:read'],
    });
    // Without permissions it starts empty, as before (and says so).
    const bare = await call('POST', '/api/CompanyRoles', admin, { roleName: unique('Bare') });
    expect(bare.statusCode).toBe(201);
    expect(bare.json().message).toBe(MESSAGES.companyRoles.createdWithoutPermissions);
    expect(bare.json().data.permissions).toEqual([]);
  });

  it('400 for an unknown name, a repeated one, or one the company’s modules do not allow; nothing is created', async () => {
    const roleName = unique('Refused');
    const unknown = await call('POST', '/api/CompanyRoles', admin, {
      roleName,
      permissions: ['task:read', 'task:fly'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.permissions).toEqual(['No such permission: task:fly']);

    const twice = await call('POST', '/api/CompanyRoles', admin, {
      roleName,
      permissions: ['task:read', 'task:read'],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors).toHaveProperty('permissions');

    // Platform-only permissions are in no company module.
    const platform = await call('POST', '/api/CompanyRoles', admin, {
      roleName,
      permissions: ['module:create'],
    });
    expect(platform.statusCode).toBe(400);
    expect(platform.json().message).toBe(MESSAGES.permissionsAdmin.notInCompanyModules);
    expect(platform.json().errors.permissions[0]).toContain('Create modules');
    expect(await roleNames()).not.toContain(roleName);
  });

  it('403 for a permission the editor does not hold; nothing is created', async () => {
    const roleName = unique('Beyond');
    const res = await call('POST', '/api/CompanyRoles', editor, {
      roleName,
      permissions: ['task:read', 'project:delete'],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MESSAGES.grants.beyondOwn);
    expect(await roleNames()).not.toContain(roleName);
    // What the editor holds, they may give.
    const ok = await call('POST', '/api/CompanyRoles', editor, {
      roleName,
      permissions: ['task:read'],
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.permissions).toEqual(['task:read']);
  });

  it('403 without companyrole:create', async () => {
    const res = await call('POST', '/api/CompanyRoles', employee, {
      roleName: unique('Nope'),
      permissions: ['task:read'],
    });
    expect(res.statusCode).toBe(403);
  });
});

describe("a role's permissions: PUT /api/CompanyRoles/{id}", () => {
  it('replaces the whole set: what is missing is taken away, what is new is given; the holder has it at once', async () => {
    const created = await call('POST', '/api/CompanyRoles', admin, {
      roleName: unique('Planner'),
      permissions: ['project:read', 'task:read'],
    });
    const id = created.json().data.companyRoleId as string;
    const res = await call('PUT', `/api/CompanyRoles/${id}`, admin, {
      permissions: ['task:read', 'task:create', 'department:read:all'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.permissions).toEqual(['department:read:all', 'task:create', 'task:read']);
    expect(await permissionsOf(id)).toEqual(['department:read:all', 'task:create', 'task:read']);

    // A user holding the role has exactly what it carries now.
    const holder = await buildUser(database.db, acme, { role: null });
    await database.db.update(users).set({ roleId: id }).where(eq(users.id, holder.userId));
    const perms = (await login(app, holder.email)).permissions;
    expect([...perms].sort()).toEqual(['department:read:all', 'task:create', 'task:read']);
  });

  it('401 without a token, 400 on a bad body, 404 for another company’s role (unchanged)', async () => {
    const otherRole = other.roleIds.manager;
    expect(
      (await call('PUT', `/api/CompanyRoles/${otherRole}`, undefined, { permissions: [] })).statusCode,
    ).toBe(401);
    expect(
      (await call('PUT', `/api/CompanyRoles/${acme.roleIds.manager}`, admin, { permissions: 'task:read' }))
        .statusCode,
    ).toBe(400);
    const before = (await call('GET', '/api/CompanyRoles', await login(app, other.adminEmail))).json().data
      .items;
    const res = await call('PUT', `/api/CompanyRoles/${otherRole}`, admin, { permissions: ['task:read'] });
    expect(res.statusCode).toBe(404);
    const after = (await call('GET', '/api/CompanyRoles', await login(app, other.adminEmail))).json().data
      .items;
    expect(after).toEqual(before);
  });

  it('403 for giving or taking away what the editor does not hold; unchanged permissions they lack stay', async () => {
    const created = await call('POST', '/api/CompanyRoles', admin, {
      roleName: unique('Cleaner'),
      permissions: ['project:read', 'project:delete'],
    });
    const id = created.json().data.companyRoleId as string;
    const give = await call('PUT', `/api/CompanyRoles/${id}`, editor, {
      permissions: ['project:read', 'project:delete', 'task:delete'],
    });
    expect(give.statusCode).toBe(403);
    const take = await call('PUT', `/api/CompanyRoles/${id}`, editor, { permissions: ['project:read'] });
    expect(take.statusCode).toBe(403);
    expect(take.json().message).toBe(MESSAGES.grants.beyondOwn);
    expect(await permissionsOf(id)).toEqual(['project:delete', 'project:read']);
    // Adding what they hold while keeping what they lack is fine.
    const keep = await call('PUT', `/api/CompanyRoles/${id}`, editor, {
      permissions: ['project:read', 'project:delete', 'task:read'],
    });
    expect(keep.statusCode).toBe(200);
    expect(keep.json().data.permissions).toEqual(['project:delete', 'project:read', 'task:read']);
  });

  it('403 on a role the editor holds (the Company Admin cannot change its own role)', async () => {
    const res = await call('PUT', `/api/CompanyRoles/${acme.roleIds.companyAdmin}`, admin, {
      permissions: ['task:read'],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MESSAGES.grants.ownRoleOrPermissions);
  });

  it('400 for a permission of a module the company no longer has; a failed update changes nothing', async () => {
    const created = await call('POST', '/api/CompanyRoles', admin, {
      roleName: unique('Reporter'),
      permissions: ['report:read'],
    });
    const id = created.json().data.companyRoleId as string;
    await setModuleAccess(database.db, acme.companyId, 'time-tracking', 'read');
    const res = await call('PUT', `/api/CompanyRoles/${id}`, admin, {
      roleName: unique('Renamed'),
      permissions: ['report:read', 'timelog:create'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.permissionsAdmin.notInCompanyModules);
    const after = (await call('GET', `/api/CompanyRoles/${id}`, admin)).json().data;
    expect(after.roleName).toBe(created.json().data.roleName);
    expect(after.permissions).toEqual(['report:read']);
    await setModuleAccess(database.db, acme.companyId, 'time-tracking', 'full');
  });
});
