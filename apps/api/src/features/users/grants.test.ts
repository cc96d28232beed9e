import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@taskhive/contract';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { buildTestApp } from '../../test/build-app.ts';
import {
  bearer,
  buildCompany,
  buildUser,
  login,
  type Session,
  type TestCompany,
} from '../../test/factories.ts';

let app: App;
let database: Database;
let acme: TestCompany;
let admin: Session;

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  acme = await buildCompany(database.db, { name: 'Grants' });
  admin = await login(app, acme.adminEmail);
});
afterAll(() => app.close());

const put = (s: Session, userId: string, payload: object) =>
  app.inject({ method: 'PUT', url: `/api/CompanyUsers/user/${userId}`, headers: bearer(s), payload });
const invite = (s: Session, payload: object) =>
  app.inject({ method: 'POST', url: '/api/CompanyUsers', headers: bearer(s), payload });
const roleOf = async (userId: string) =>
  (
    await app.inject({
      method: 'GET',
      url: `/api/CompanyUsers/details/user/${userId}`,
      headers: bearer(admin),
    })
  ).json().data.roleName;

describe('giving roles (PUT /api/CompanyUsers/user/{id}, POST /api/CompanyUsers)', () => {
  it('the seeded Company Admin holds companyrole:assign; a Manager does not', async () => {
    expect(admin.permissions).toContain('companyrole:assign');
    const m = await buildUser(database.db, acme, { role: 'manager' });
    expect((await login(app, m.email)).permissions).not.toContain('companyrole:assign');
  });

  it('a Manager (employee:update) cannot make themself Company Admin', async () => {
    const m = await buildUser(database.db, acme, { role: 'manager' });
    const s = await login(app, m.email);
    const res = await put(s, m.userId, { roleId: acme.roleIds.companyAdmin });
    expect(res.statusCode).toBe(403);
    expect(await roleOf(m.userId)).toBe('Manager');
    const perms = (await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(s) })).json().data
      .permissions;
    expect(perms).not.toContain('company:update');
  });

  it("employee:update alone cannot change anyone's role, but still edits the rest", async () => {
    const m = await buildUser(database.db, acme, { role: 'manager' });
    const s = await login(app, m.email);
    const target = await buildUser(database.db, acme);
    expect((await put(s, target.userId, { roleId: acme.roleIds.manager })).statusCode).toBe(403);
    expect(await roleOf(target.userId)).toBe('Employee');
    // Sending the role the user already has is not a change.
    const same = await put(s, target.userId, { firstName: 'Kept', roleId: acme.roleIds.employee });
    expect(same.statusCode).toBe(200);
    expect(same.json().data.firstName).toBe('Kept');
  });

  it('nobody changes their own role, not even a Company Admin', async () => {
    await buildUser(database.db, acme, { role: 'companyAdmin' });
    const res = await put(admin, acme.adminUserId, { roleId: acme.roleIds.manager });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MESSAGES.grants.ownRoleOrPermissions);
    expect(await roleOf(acme.adminUserId)).toBe('Company Admin');
  });

  it('with companyrole:assign, nobody gives or takes away a role holding more than they hold', async () => {
    const a = await buildUser(database.db, acme, {
      role: 'employee',
      permissions: ['employee:update', 'employee:read:all', 'companyrole:assign'],
    });
    const s = await login(app, a.email);
    const target = await buildUser(database.db, acme, { role: null });
    const up = await put(s, target.userId, { roleId: acme.roleIds.companyAdmin });
    expect(up.statusCode).toBe(403);
    expect(up.json().message).toBe(MESSAGES.grants.beyondOwn);
    expect((await put(s, target.userId, { roleId: acme.roleIds.manager })).statusCode).toBe(403);
    expect(await roleOf(target.userId)).toBeNull();
    // A role within what they hold may be given.
    expect((await put(s, target.userId, { roleId: acme.roleIds.employee })).statusCode).toBe(200);
    // Taking a Manager's role away is taking away more than they hold.
    const m = await buildUser(database.db, acme, { role: 'manager' });
    expect((await put(s, m.userId, { roleId: acme.roleIds.employee })).statusCode).toBe(403);
    expect(await roleOf(m.userId)).toBe('Manager');
  });

  it('an invitation naming a role follows the same rule; without one it gets the default role', async () => {
    const a = await buildUser(database.db, acme, { role: 'employee', permissions: ['employee:create'] });
    const s = await login(app, a.email);
    const base = { firstName: 'In', lastName: 'Vitee' };
    const named = await invite(s, { ...base, email: 'named@grants.test', roleId: acme.roleIds.companyAdmin });
    expect(named.statusCode).toBe(403);
    const plain = await invite(s, { ...base, email: 'plain@grants.test' });
    expect(plain.statusCode).toBe(201);
    expect(plain.json().data.roleName).toBe('Employee');
    const byAdmin = await invite(admin, { ...base, email: 'boss@grants.test', roleId: acme.roleIds.manager });
    expect(byAdmin.statusCode).toBe(201);
    expect(byAdmin.json().data.roleName).toBe('Manager');
  });
});
