import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@taskhive/contract';
import type { App } from '../app.ts';
import type { Database } from '../db/client.ts';
import { userRoles } from '../db/schema/index.ts';
import { buildTestApp } from '../test/build-app.ts';
import {
  buildCompany,
  buildSuperAdmin,
  buildUser,
  deactivateRole,
  login,
  setModuleAccess,
  type TestCompany,
} from '../test/factories.ts';

let app: App;
let database: Database;
let company: TestCompany;

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  company = await buildCompany(database.db);
});
afterAll(() => app.close());

describe('effective permissions', () => {
  it('Super Admin holds every permission', async () => {
    const root = await buildSuperAdmin(database.db);
    const s = await login(app, root.email);
    expect([...s.permissions].sort()).toEqual([...PERMISSIONS].sort());
  });

  it('are the union of the primary role, extra roles and direct permissions', async () => {
    const u = await buildUser(database.db, company, { role: 'employee', permissions: ['project:create'] });
    let s = await login(app, u.email);
    expect(s.permissions).toContain('task:read'); // from Employee
    expect(s.permissions).toContain('project:create'); // direct
    expect(s.permissions).not.toContain('department:create');
    await database.db
      .insert(userRoles)
      .values({ companyId: company.companyId, userId: u.userId, roleId: company.roleIds.manager });
    s = await login(app, u.email);
    expect(s.permissions).toContain('department:create'); // from the extra Manager role
  });

  it('are limited to the modules granted to the company, at their access level', async () => {
    const other = await buildCompany(database.db);
    let s = await login(app, other.adminEmail);
    expect(s.permissions).toEqual(
      expect.arrayContaining(['project:read', 'project:create', 'project:delete']),
    );
    await setModuleAccess(database.db, other.companyId, 'projects', 'write');
    s = await login(app, other.adminEmail);
    expect(s.permissions).toEqual(
      expect.arrayContaining(['project:read', 'project:create', 'project:update']),
    );
    expect(s.permissions).not.toContain('project:delete');
    await setModuleAccess(database.db, other.companyId, 'projects', 'read');
    s = await login(app, other.adminEmail);
    expect(s.permissions).toContain('project:read:all');
    expect(s.permissions).not.toContain('project:create');
    await setModuleAccess(database.db, other.companyId, 'projects', null);
    s = await login(app, other.adminEmail);
    expect(s.permissions.some((p) => p.startsWith('project:'))).toBe(false);
    expect(s.permissions).toContain('task:read'); // other modules untouched
  });

  it('never include platform-only permissions for a company user, even granted directly', async () => {
    const u = await buildUser(database.db, company, {
      role: 'companyAdmin',
      permissions: ['company:read:all', 'package:create'],
    });
    const s = await login(app, u.email);
    expect(s.permissions).not.toContain('company:read:all');
    expect(s.permissions).not.toContain('package:create');
  });

  it('drop what an inactive role gave', async () => {
    const other = await buildCompany(database.db);
    const u = await buildUser(database.db, other, { role: 'manager' });
    await deactivateRole(database.db, other.roleIds.manager);
    const s = await login(app, u.email);
    expect(s.permissions).toEqual([]);
  });

  it('take effect on the next request, without signing in again', async () => {
    const other = await buildCompany(database.db);
    const s = await login(app, other.adminEmail);
    await setModuleAccess(database.db, other.companyId, 'employees', null);
    const me = await app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${s.token}` } });
    expect(me.json().data.permissions).not.toContain('employee:read:all');
  });
});
