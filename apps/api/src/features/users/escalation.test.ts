import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@taskhive/contract';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { projectMembers, projects, timeLogs } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-app.ts';
import {
  bearer,
  buildCompany,
  buildUser,
  login,
  type Session,
  type TestCompany,
} from '../../test/factories.ts';

/**
 * Issue 21's defects inside one company: the default role, an employee's status, what a profile
 * shows of someone's time and projects, and who manages a department. Each rule is in
 * grants.policy.ts (or the time-log and project rules) and shown here from the caller's side.
 */

let app: App;
let database: Database;

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
});
afterAll(() => app.close());

const call = (s: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(s), ...(payload ? { payload } : {}) });

async function defaultRoleName(admin: Session) {
  const roles = (await call(admin, 'GET', '/api/CompanyRoles')).json().data.items as {
    roleName: string;
    defaultRole: boolean;
  }[];
  return roles.find((r) => r.defaultRole)?.roleName;
}

const statusOf = async (admin: Session, userId: string) =>
  (await call(admin, 'GET', `/api/CompanyUsers/details/user/${userId}`)).json().data.status;

describe('the default role (PUT /api/CompanyRoles/{id}, POST /api/CompanyUsers)', () => {
  let acme: TestCompany;
  let admin: Session;
  beforeAll(async () => {
    acme = await buildCompany(database.db, { name: 'Defaults' });
    admin = await login(app, acme.adminEmail);
  });

  it('companyrole:update without companyrole:assign cannot move the default, to any role', async () => {
    const u = await buildUser(database.db, acme, {
      role: null,
      permissions: ['companyrole:read', 'companyrole:update', 'employee:create'],
    });
    const s = await login(app, u.email);
    const toAdmin = await call(s, 'PUT', `/api/CompanyRoles/${acme.roleIds.companyAdmin}`, {
      defaultRole: true,
    });
    expect(toAdmin.statusCode).toBeGreaterThanOrEqual(403);
    expect(toAdmin.statusCode).toBeLessThan(500);
    const toManager = await call(s, 'PUT', `/api/CompanyRoles/${acme.roleIds.manager}`, {
      defaultRole: true,
    });
    expect(toManager.statusCode).toBe(403);
    const created = await call(s, 'POST', '/api/CompanyRoles', { roleName: 'Sneaky', defaultRole: true });
    expect(created.statusCode).toBe(403);
    expect(await defaultRoleName(admin)).toBe('Employee');
    // The rest of a role stays theirs to edit.
    const described = await call(s, 'PUT', `/api/CompanyRoles/${acme.roleIds.manager}`, {
      description: 'Leads',
    });
    expect(described.statusCode).toBe(200);
  });

  it('the Company Admin role is never the default, not even by a Company Admin', async () => {
    const res = await call(admin, 'PUT', `/api/CompanyRoles/${acme.roleIds.companyAdmin}`, {
      defaultRole: true,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MESSAGES.companyRoles.protectedNotDefault);
    const made = await call(admin, 'POST', '/api/CompanyRoles', {
      roleName: 'Company Admin',
      defaultRole: true,
    });
    expect(made.statusCode).toBe(409);
    expect(await defaultRoleName(admin)).toBe('Employee');
  });

  it('with companyrole:assign, only a role within what one holds becomes the default', async () => {
    const u = await buildUser(database.db, acme, {
      role: 'employee',
      permissions: ['companyrole:read', 'companyrole:update', 'companyrole:assign'],
    });
    const s = await login(app, u.email);
    const res = await call(s, 'PUT', `/api/CompanyRoles/${acme.roleIds.manager}`, { defaultRole: true });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MESSAGES.grants.beyondOwn);
    expect(await defaultRoleName(admin)).toBe('Employee');
  });

  it('an invitation without a role is checked against the inviter: the default must lie within their rights', async () => {
    const inviter = await buildUser(database.db, acme, {
      role: 'employee',
      permissions: ['employee:create'],
    });
    const s = await login(app, inviter.email);
    // The admin makes Manager the default (allowed: they hold all it carries).
    expect(
      (await call(admin, 'PUT', `/api/CompanyRoles/${acme.roleIds.manager}`, { defaultRole: true }))
        .statusCode,
    ).toBe(200);
    const refused = await call(s, 'POST', '/api/CompanyUsers', {
      firstName: 'New',
      lastName: 'Hire',
      email: 'new-hire@defaults.test',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MESSAGES.grants.defaultRoleBeyondOwn);
    const list = await call(admin, 'GET', '/api/CompanyUsers/details?search=new-hire');
    expect(list.json().data.totalCount).toBe(0);
    // Naming a role they hold still works, and the admin's invitation gets the default.
    const named = await call(s, 'POST', '/api/CompanyUsers', {
      firstName: 'New',
      lastName: 'Hire',
      email: 'new-hire@defaults.test',
      roleId: acme.roleIds.employee,
    });
    expect(named.statusCode).toBe(403); // naming a role needs companyrole:assign
    const byAdmin = await call(admin, 'POST', '/api/CompanyUsers', {
      firstName: 'Other',
      lastName: 'Hire',
      email: 'other-hire@defaults.test',
    });
    expect(byAdmin.statusCode).toBe(201);
    expect(byAdmin.json().data.roleName).toBe('Manager');
    // Back to Employee: the plain invitation goes through again.
    await call(admin, 'PUT', `/api/CompanyRoles/${acme.roleIds.employee}`, { defaultRole: true });
    const plain = await call(s, 'POST', '/api/CompanyUsers', {
      firstName: 'New',
      lastName: 'Hire',
      email: 'new-hire@defaults.test',
    });
    expect(plain.statusCode).toBe(201);
    expect(plain.json().data.roleName).toBe('Employee');
  });
});

describe("an employee's status (PUT /api/CompanyUsers/user/{id} status, DELETE /api/CompanyUsers/user/{id})", () => {
  let acme: TestCompany;
  let admin: Session;
  beforeAll(async () => {
    acme = await buildCompany(database.db, { name: 'Statuses' });
    admin = await login(app, acme.adminEmail);
  });

  it('employee:update alone deactivates and reactivates nobody, a Company Admin least of all', async () => {
    const u = await buildUser(database.db, acme, {
      role: 'employee',
      permissions: ['employee:update', 'employee:read:all'],
    });
    const s = await login(app, u.email);
    const other = await buildUser(database.db, acme, { role: 'companyAdmin' });
    const res = await call(s, 'PUT', `/api/CompanyUsers/user/${other.userId}`, { status: 'inactive' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MESSAGES.grants.statusNeedsDelete);
    expect(await statusOf(admin, other.userId)).toBe('active');
    // The other admin's session still works.
    const theirs = await login(app, other.email);
    expect((await call(theirs, 'GET', '/api/auth/me')).statusCode).toBe(200);
    const peer = await buildUser(database.db, acme, { role: 'employee', status: 'inactive' });
    const back = await call(s, 'PUT', `/api/CompanyUsers/user/${peer.userId}`, { status: 'active' });
    expect(back.statusCode).toBe(403);
    expect(await statusOf(admin, peer.userId)).toBe('inactive');
    // Editing the rest of a profile stays theirs.
    const named = await call(s, 'PUT', `/api/CompanyUsers/user/${other.userId}`, { jobTitle: 'Chief' });
    expect(named.statusCode).toBe(200);
  });

  it('with employee:delete, nobody changes the status of someone holding rights they lack', async () => {
    const u = await buildUser(database.db, acme, {
      role: 'employee',
      permissions: ['employee:update', 'employee:delete', 'employee:read:all'],
    });
    const s = await login(app, u.email);
    const manager = await buildUser(database.db, acme, { role: 'manager' });
    const put = await call(s, 'PUT', `/api/CompanyUsers/user/${manager.userId}`, { status: 'inactive' });
    expect(put.statusCode).toBe(403);
    expect(put.json().message).toBe(MESSAGES.grants.statusBeyondOwn);
    const del = await call(s, 'DELETE', `/api/CompanyUsers/user/${manager.userId}`);
    expect(del.statusCode).toBe(403);
    expect(await statusOf(admin, manager.userId)).toBe('active');
    // Someone holding nothing beyond them: both ways work.
    const peer = await buildUser(database.db, acme, { role: 'employee' });
    expect(
      (await call(s, 'PUT', `/api/CompanyUsers/user/${peer.userId}`, { status: 'inactive' })).statusCode,
    ).toBe(200);
    expect(await statusOf(admin, peer.userId)).toBe('inactive');
    expect(
      (await call(s, 'PUT', `/api/CompanyUsers/user/${peer.userId}`, { status: 'active' })).statusCode,
    ).toBe(200);
    expect((await call(s, 'DELETE', `/api/CompanyUsers/user/${peer.userId}`)).statusCode).toBe(200);
    expect(await statusOf(admin, peer.userId)).toBe('inactive');
  });
});

describe('a profile shows what the reader may see (GET /api/CompanyUsers/details/user/{id})', () => {
  let acme: TestCompany;
  beforeAll(async () => {
    acme = await buildCompany(database.db, { name: 'Profiles' });
  });

  it("an Employee sees a colleague's shared projects only, and none of their time", async () => {
    const reader = await buildUser(database.db, acme, { role: 'employee' });
    const target = await buildUser(database.db, acme, { role: 'employee' });
    const [shared, secret] = await database.db
      .insert(projects)
      .values([
        { companyId: acme.companyId, name: 'Shared' },
        { companyId: acme.companyId, name: 'Secret' },
      ])
      .returning({ id: projects.id });
    if (!shared || !secret) throw new Error('no projects');
    await database.db.insert(projectMembers).values([
      { companyId: acme.companyId, projectId: shared.id, userId: reader.userId },
      { companyId: acme.companyId, projectId: shared.id, userId: target.userId },
      { companyId: acme.companyId, projectId: secret.id, userId: target.userId },
    ]);
    await database.db.insert(timeLogs).values([
      {
        companyId: acme.companyId,
        userId: target.userId,
        projectId: secret.id,
        loggedAt: new Date(Date.UTC(2026, 5, 1)),
        durationMinutes: 45,
        description: 'Secret work',
      },
    ]);
    const s = await login(app, reader.email);
    const res = await call(s, 'GET', `/api/CompanyUsers/details/user/${target.userId}`);
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.projects).toEqual([{ projectId: shared.id, name: 'Shared' }]);
    expect(d.recentTimeLogs).toEqual([]);
    expect(res.body).not.toContain('Secret');
    // The person themself and the Company Admin see it all.
    const own = (
      await call(await login(app, target.email), 'GET', `/api/CompanyUsers/details/user/${target.userId}`)
    ).json().data;
    expect(own.projects).toHaveLength(2);
    expect(own.recentTimeLogs.map((l: { description: string }) => l.description)).toEqual(['Secret work']);
    const byAdmin = (
      await call(await login(app, acme.adminEmail), 'GET', `/api/CompanyUsers/details/user/${target.userId}`)
    ).json().data;
    expect(byAdmin.projects).toHaveLength(2);
    expect(byAdmin.recentTimeLogs).toHaveLength(1);
  });

  it("a department's manager sees their members' time on the profile", async () => {
    const admin = await login(app, acme.adminEmail);
    const manager = await buildUser(database.db, acme, { role: 'employee' });
    const member = await buildUser(database.db, acme, { role: 'employee' });
    const dept = (
      await call(admin, 'POST', '/api/Department', { name: 'Ops', managerId: manager.userId })
    ).json().data;
    expect(
      (await call(admin, 'PUT', `/api/CompanyUsers/user/${member.userId}`, { departmentId: dept.deptId }))
        .statusCode,
    ).toBe(200);
    const [p] = await database.db
      .insert(projects)
      .values({ companyId: acme.companyId, name: 'Ops work' })
      .returning({ id: projects.id });
    if (!p) throw new Error('no project');
    await database.db.insert(timeLogs).values({
      companyId: acme.companyId,
      userId: member.userId,
      projectId: p.id,
      loggedAt: new Date(Date.UTC(2026, 5, 2)),
      durationMinutes: 30,
      description: 'Night shift',
    });
    const d = (
      await call(await login(app, manager.email), 'GET', `/api/CompanyUsers/details/user/${member.userId}`)
    ).json().data;
    expect(d.recentTimeLogs.map((l: { description: string }) => l.description)).toEqual(['Night shift']);
  });
});

describe('who manages whom (departments and department moves)', () => {
  let acme: TestCompany;
  let admin: Session;
  beforeAll(async () => {
    acme = await buildCompany(database.db, { name: 'Managers' });
    admin = await login(app, acme.adminEmail);
  });

  it('department:update alone cannot make anyone a manager, themself least of all', async () => {
    const u = await buildUser(database.db, acme, {
      role: 'employee',
      permissions: ['department:create', 'department:update'],
    });
    const s = await login(app, u.email);
    const dept = (await call(admin, 'POST', '/api/Department', { name: 'Sales' })).json().data;
    const self = await call(s, 'PUT', `/api/Department/${dept.deptId}`, { managerId: u.userId });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(MESSAGES.grants.managementBeyondOwn);
    const created = await call(s, 'POST', '/api/Department', { name: 'Mine', managerId: u.userId });
    expect(created.statusCode).toBe(403);
    const after = (await call(admin, 'GET', `/api/Department/${dept.deptId}`)).json().data;
    expect(after.managerId ?? null).toBeNull();
    // Renaming stays theirs, as does a department without a manager.
    expect((await call(s, 'PUT', `/api/Department/${dept.deptId}`, { name: 'Sales EU' })).statusCode).toBe(
      200,
    );
    expect((await call(s, 'POST', '/api/Department', { name: 'Plain' })).statusCode).toBe(201);
  });

  it('a Manager (who reads all time and reports) names managers', async () => {
    const m = await buildUser(database.db, acme, { role: 'manager' });
    const s = await login(app, m.email);
    const dept = (await call(admin, 'POST', '/api/Department', { name: 'Support' })).json().data;
    const res = await call(s, 'PUT', `/api/Department/${dept.deptId}`, { managerId: m.userId });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.managerId).toBe(m.userId);
  });

  it('employee:update cannot move people into or out of a department someone manages', async () => {
    const u = await buildUser(database.db, acme, {
      role: 'employee',
      permissions: ['employee:update', 'employee:create', 'employee:read:all'],
    });
    const s = await login(app, u.email);
    const managed = (
      await call(admin, 'POST', '/api/Department', { name: 'Mine too', managerId: u.userId })
    ).json().data;
    const open = (await call(admin, 'POST', '/api/Department', { name: 'Unmanaged' })).json().data;
    const target = await buildUser(database.db, acme, { role: 'employee' });
    const into = await call(s, 'PUT', `/api/CompanyUsers/user/${target.userId}`, {
      departmentId: managed.deptId,
    });
    expect(into.statusCode).toBe(403);
    expect(into.json().message).toBe(MESSAGES.grants.managementBeyondOwn);
    const invited = await call(s, 'POST', '/api/CompanyUsers', {
      firstName: 'Into',
      lastName: 'Managed',
      email: 'into-managed@managers.test',
      departmentId: managed.deptId,
    });
    expect(invited.statusCode).toBe(403);
    const detail = (await call(admin, 'GET', `/api/CompanyUsers/details/user/${target.userId}`)).json().data;
    expect(detail.departmentId ?? null).toBeNull();
    // A department nobody manages is an ordinary edit.
    expect(
      (await call(s, 'PUT', `/api/CompanyUsers/user/${target.userId}`, { departmentId: open.deptId }))
        .statusCode,
    ).toBe(200);
    // The admin moves them in; the same caller cannot move them out again.
    expect(
      (await call(admin, 'PUT', `/api/CompanyUsers/user/${target.userId}`, { departmentId: managed.deptId }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call(s, 'PUT', `/api/CompanyUsers/user/${target.userId}`, { departmentId: null })).statusCode,
    ).toBe(403);
  });
});
