import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_ROLE_PERMISSIONS, INVITATION_TTL_SECONDS, MESSAGES } from '@taskhive/contract';
import { type App, buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { passwordTokens, projectMembers, projects, timeLogs, users } from '../../db/schema/index.ts';
import { buildTestApp, testConfig } from '../../test/build-app.ts';
import { tenantGuard } from '../../test/tenant-guard.ts';
import {
  bearer,
  buildCompany,
  buildUser,
  login,
  type Session,
  TEST_PASSWORD,
  type TestCompany,
  twoTenants,
} from '../../test/factories.ts';
import { EXE, multipart, PNG } from '../../test/files.fixtures.ts';

let app: App;
let database: Database;
let acme: TestCompany;
let other: TestCompany;
let admin: Session;
let employee: Session;
let employeeId: string;
let otherUserId: string;

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  ({ acme, other, admin, employee, employeeId } = await twoTenants(app, database.db, {
    employee: { firstName: 'Erin', lastName: 'Employee' },
  }));
  otherUserId = (await buildUser(database.db, other, { firstName: 'Oscar' })).userId;
});
afterAll(() => app.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, s?: Session, payload?: object) =>
  app.inject({ method, url, headers: s ? bearer(s) : {}, ...(payload ? { payload } : {}) });
const names = (res: { json(): { data: { items: { firstName: string }[] } } }) =>
  res.json().data.items.map((u) => u.firstName);

describe('GET /api/CompanyUsers/details', () => {
  let people: Record<string, string>;
  beforeAll(async () => {
    const c = await buildCompany(database.db, { name: 'Listco' });
    const s = await login(app, c.adminEmail);
    const mk = async (firstName: string, lastName: string, o: Parameters<typeof buildUser>[2] = {}) =>
      (await buildUser(database.db, c, { firstName, lastName, ...o })).userId;
    people = {
      admin: c.adminUserId,
      bob: await mk('Bob', 'Stone', { role: 'manager' }),
      carla: await mk('Carla', 'Diaz', { status: 'inactive' }),
      dan: await mk('Dan', 'Ng', { status: 'invited', email: 'dan.special@example.test' }),
      eve: await mk('Eve', 'Under_Score'),
    };
    const [p] = await database.db
      .insert(projects)
      .values({ companyId: c.companyId, name: 'Apollo' })
      .returning({ id: projects.id });
    if (!p) throw new Error('no project');
    await database.db.insert(projectMembers).values(
      [people.bob, people.eve].map((userId) => ({
        companyId: c.companyId,
        projectId: p.id,
        userId: userId ?? '',
      })),
    );
    listAdmin = s;
  });
  let listAdmin: Session;
  const list = (q: string) => call('GET', `/api/CompanyUsers/details${q}`, listAdmin);

  it('401 without a token, 403 without employee:read:all, 400 on bad filters', async () => {
    expect((await call('GET', '/api/CompanyUsers/details')).statusCode).toBe(401);
    expect((await call('GET', '/api/CompanyUsers/details', employee)).statusCode).toBe(403);
    const bad = await list('?statusNames=active,sleeping&memberUserId=nope&sortBy=password');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(
      expect.arrayContaining(['statusNames.1', 'memberUserId', 'sortBy']),
    );
  });

  it('pages 50 by default, sorted by first name, own company only, no secrets', async () => {
    const res = await list('');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ totalCount: 5, pageNumber: 1, pageSize: 50, totalPages: 1 });
    expect(names(res)).toEqual(['Ada', 'Bob', 'Carla', 'Dan', 'Eve']);
    expect(res.json().data.items[0]).not.toHaveProperty('passwordHash');
    expect(res.json().data.items[1]).toMatchObject({ roleName: 'Manager', status: 'active' });
  });

  it('filters by status, role and department names, and searches name and email', async () => {
    expect(names(await list('?statusNames=inactive,invited'))).toEqual(['Carla', 'Dan']);
    expect(names(await list('?statusNames=active&statusNames=invited'))).toEqual([
      'Ada',
      'Bob',
      'Dan',
      'Eve',
    ]);
    expect(names(await list('?roleNames=manager,Company%20Admin'))).toEqual(['Ada', 'Bob']);
    expect(names(await list('?departmentNames=general'))).toEqual(['Ada']);
    expect(names(await list('?search=STONE'))).toEqual(['Bob']);
    expect(names(await list('?search=bob%20st'))).toEqual(['Bob']);
    expect(names(await list('?search=special@'))).toEqual(['Dan']);
    // LIKE wildcards in the term are literal.
    expect(names(await list('?search=r_s'))).toEqual(['Eve']);
    expect(names(await list('?search=%25'))).toEqual([]);
  });

  it('keeps only people sharing a project with memberUserId; memberUserId=null is no filter', async () => {
    expect(names(await list(`?memberUserId=${people.bob}`))).toEqual(['Bob', 'Eve']);
    expect(names(await list(`?memberUserId=${people.admin}`))).toEqual([]);
    expect(names(await list('?memberUserId=null'))).toHaveLength(5);
  });

  it('sorts and pages', async () => {
    const page = await list('?sortBy=lastName&sortOrder=desc&page=2&pageSize=2');
    expect(page.json().data).toMatchObject({ totalCount: 5, pageNumber: 2, pageSize: 2, totalPages: 3 });
    expect(names(page)).toEqual(['Dan', 'Carla']);
    expect(names(await list('?sortBy=roleName&pageSize=1'))).toEqual(['Ada']);
    expect(names(await list('?sortBy=roleName&sortOrder=desc&pageSize=1'))).toEqual(['Bob']);
  });

  it('makes the same number of queries whatever the page size (no query per row)', async () => {
    let queries = 0;
    const counted = database.withLogger({
      logQuery: (query, params) => {
        queries++;
        tenantGuard.logQuery(query, params);
      },
    });
    const counting = await buildApp({ db: counted, config: testConfig(), logger: false });
    try {
      const run = async (pageSize: number) => {
        queries = 0;
        const res = await counting.inject({
          url: `/api/CompanyUsers/details?pageSize=${pageSize}&memberUserId=${people.bob}`,
          headers: bearer(listAdmin),
        });
        expect(res.statusCode).toBe(200);
        return { queries, rows: res.json().data.items.length as number };
      };
      await run(1); // the first request of a user also computes their permissions (then cached)
      const one = await run(1);
      const all = await run(50);
      expect(one.rows).toBe(1);
      expect(all.rows).toBe(2);
      expect(all.queries).toBe(one.queries);
      // The session check (auth; permissions come from the cache) + page + count.
      expect(all.queries).toBeLessThanOrEqual(3);
    } finally {
      await counting.close();
    }
  });
});

describe('GET /api/CompanyUsers/details/user/{id}', () => {
  it("401 without a token; another company's user is 404", async () => {
    expect((await call('GET', `/api/CompanyUsers/details/user/${employeeId}`)).statusCode).toBe(401);
    expect((await call('GET', `/api/CompanyUsers/details/user/${otherUserId}`, admin)).statusCode).toBe(404);
    expect((await call('GET', '/api/CompanyUsers/details/user/123', admin)).statusCode).toBe(400);
  });

  it('lets a user without employee:read read only themself', async () => {
    const noRole = await buildUser(database.db, acme, { role: null });
    const s = await login(app, noRole.email);
    expect((await call('GET', `/api/CompanyUsers/details/user/${noRole.userId}`, s)).statusCode).toBe(200);
    expect((await call('GET', `/api/CompanyUsers/details/user/${employeeId}`, s)).statusCode).toBe(403);
  });

  it('gives the profile with projects and the last 5 time logs', async () => {
    const [p] = await database.db
      .insert(projects)
      .values({ companyId: acme.companyId, name: 'Zephyr' })
      .returning({ id: projects.id });
    if (!p) throw new Error('no project');
    await database.db
      .insert(projectMembers)
      .values({ companyId: acme.companyId, projectId: p.id, userId: employeeId });
    await database.db.insert(timeLogs).values(
      Array.from({ length: 7 }, (_, i) => ({
        companyId: acme.companyId,
        userId: employeeId,
        projectId: p.id,
        loggedAt: new Date(Date.UTC(2026, 0, i + 1)),
        durationMinutes: 30 + i,
        description: `Day ${i + 1}`,
      })),
    );
    const res = await call('GET', `/api/CompanyUsers/details/user/${employeeId}`, employee);
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({
      userId: employeeId,
      firstName: 'Erin',
      roleName: 'Employee',
      projects: [{ projectId: p.id, name: 'Zephyr' }],
    });
    expect(d.recentTimeLogs.map((l: { description: string }) => l.description)).toEqual([
      'Day 7',
      'Day 6',
      'Day 5',
      'Day 4',
      'Day 3',
    ]);
    expect(d.recentTimeLogs[0]).toMatchObject({ projectName: 'Zephyr', durationMinutes: 36, taskId: null });
  });
});

describe('POST /api/CompanyUsers (invitation)', () => {
  it('401, 403 without employee:create, 400 with field errors', async () => {
    const body = { firstName: 'New', lastName: 'Person', email: 'new.person@example.test' };
    expect((await call('POST', '/api/CompanyUsers', undefined, body)).statusCode).toBe(401);
    expect((await call('POST', '/api/CompanyUsers', employee, body)).statusCode).toBe(403);
    const bad = await call('POST', '/api/CompanyUsers', admin, { firstName: '', email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      firstName: [expect.any(String)],
      lastName: [expect.any(String)],
      email: [expect.any(String)],
    });
  });

  it('refuses a department or role of another company as a field error, and a taken email with 409', async () => {
    const base = { firstName: 'New', lastName: 'Person', email: 'cross@example.test' };
    const dept = await call('POST', '/api/CompanyUsers', admin, {
      ...base,
      departmentId: other.departmentId,
    });
    expect(dept.statusCode).toBe(400);
    expect(dept.json().errors.departmentId).toEqual([MESSAGES.users.departmentNotInCompany]);
    const role = await call('POST', '/api/CompanyUsers', admin, {
      ...base,
      roleId: other.roleIds.companyAdmin,
    });
    expect(role.statusCode).toBe(400);
    expect(role.json().errors.roleId).toEqual([MESSAGES.users.roleNotInCompany]);
    const taken = await call('POST', '/api/CompanyUsers', admin, {
      ...base,
      email: other.adminEmail.toUpperCase(),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors.email).toEqual([MESSAGES.auth.emailTaken]);
  });

  it('creates an invited user with the default role, emails a 7-day link; the link sets a password and they sign in', async () => {
    const email = 'invitee@example.test';
    const res = await call('POST', '/api/CompanyUsers', admin, {
      firstName: 'Ivy',
      lastName: 'Invitee',
      email,
      jobTitle: 'Analyst',
      departmentId: acme.departmentId,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(MESSAGES.users.created);
    const user = res.json().data;
    expect(user).toMatchObject({
      email,
      status: 'invited',
      roleId: acme.roleIds.employee,
      roleName: 'Employee',
      departmentName: 'General',
      jobTitle: 'Analyst',
    });

    // The token and its mail are made by the invitation's job, after the commit.
    await app.jobs.drain();
    const [token] = await database.db
      .select()
      .from(passwordTokens)
      .where(eq(passwordTokens.userId, user.userId));
    expect(token?.purpose).toBe('invite');
    const ttl = ((token?.expiresAt.getTime() ?? 0) - Date.now()) / 1000;
    expect(Math.abs(ttl - INVITATION_TTL_SECONDS)).toBeLessThan(60);

    expect(
      (await call('POST', '/api/auth/login', undefined, { email, password: TEST_PASSWORD })).statusCode,
    ).toBe(401);
    const mail = app.mailer.outbox().find((m) => m.to === email);
    const link = mail?.text.match(
      /http:\/\/localhost:3000\/reset-password\?token=([^&\s]+)&email=([^&\s]+)&purpose=invite\s/,
    );
    expect(link).toBeTruthy();
    const reset = await call('POST', '/api/auth/reset-password', undefined, {
      email: decodeURIComponent(link?.[2] ?? ''),
      token: decodeURIComponent(link?.[1] ?? ''),
      newPassword: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);
    const s = await login(app, email);
    expect(s.userId).toBe(user.userId);
    expect(
      (await call('GET', `/api/CompanyUsers/details/user/${user.userId}`, admin)).json().data.status,
    ).toBe('active');
  });

  it('uses the role given', async () => {
    const res = await call('POST', '/api/CompanyUsers', admin, {
      firstName: 'Max',
      lastName: 'Manager',
      email: 'max@example.test',
      roleId: acme.roleIds.manager,
    });
    expect(res.json().data.roleName).toBe('Manager');
  });
});

describe('PUT /api/CompanyUsers/user/{id}', () => {
  it('401, 403 without employee:update, 400, 404 across tenants', async () => {
    const url = `/api/CompanyUsers/user/${employeeId}`;
    expect((await call('PUT', url, undefined, { firstName: 'X' })).statusCode).toBe(401);
    expect((await call('PUT', url, employee, { firstName: 'X' })).statusCode).toBe(403);
    const bad = await call('PUT', url, admin, { firstName: '', status: 'invited' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      firstName: [expect.any(String)],
      status: [expect.any(String)],
    });
    expect(
      (await call('PUT', `/api/CompanyUsers/user/${otherUserId}`, admin, { firstName: 'X' })).statusCode,
    ).toBe(404);
  });

  it('updates names, role and department', async () => {
    const u = await buildUser(database.db, acme);
    const res = await call('PUT', `/api/CompanyUsers/user/${u.userId}`, admin, {
      firstName: 'Renamed',
      phone: '+1 555',
      roleId: acme.roleIds.manager,
      departmentId: acme.departmentId,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      firstName: 'Renamed',
      phone: '+1 555',
      roleName: 'Manager',
      departmentName: 'General',
    });
    const cleared = await call('PUT', `/api/CompanyUsers/user/${u.userId}`, admin, { departmentId: null });
    expect(cleared.json().data.departmentId).toBeNull();
  });

  it("deactivating ends the user's sessions at once", async () => {
    const u = await buildUser(database.db, acme);
    const s = await login(app, u.email);
    expect((await call('GET', '/api/auth/me', s)).statusCode).toBe(200);
    const res = await call('PUT', `/api/CompanyUsers/user/${u.userId}`, admin, { status: 'inactive' });
    expect(res.json().data.status).toBe('inactive');
    expect((await call('GET', '/api/auth/me', s)).statusCode).toBe(401);
  });

  it('the last active Company Admin cannot be demoted or deactivated', async () => {
    const c = await buildCompany(database.db);
    const s = await login(app, c.adminEmail);
    const url = `/api/CompanyUsers/user/${c.adminUserId}`;
    // Nobody changes their own role (grants.policy.ts), so stepping down is someone else's act:
    // here a user holding every company permission directly, without the Company Admin role.
    expect((await call('PUT', url, s, { roleId: c.roleIds.employee })).statusCode).toBe(403);
    const keeper = await buildUser(database.db, c, {
      role: null,
      permissions: DEFAULT_ROLE_PERMISSIONS['Company Admin'].slice(),
    });
    const k = await login(app, keeper.email);
    const demote = await call('PUT', url, k, { roleId: c.roleIds.employee });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe(MESSAGES.users.lastAdmin);
    expect((await call('PUT', url, k, { status: 'inactive' })).statusCode).toBe(409);
    // With a second admin, the first may be moved.
    await buildUser(database.db, c, { role: 'companyAdmin' });
    expect((await call('PUT', url, k, { roleId: c.roleIds.manager })).statusCode).toBe(200);
  });
});

describe('DELETE /api/CompanyUsers/user/{id}', () => {
  it('401, 403 without employee:delete, 404 across tenants', async () => {
    expect((await call('DELETE', `/api/CompanyUsers/user/${employeeId}`)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/CompanyUsers/user/${employeeId}`, employee)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/CompanyUsers/user/${otherUserId}`, admin)).statusCode).toBe(404);
  });

  it('deactivates, keeps the record and ends their sessions', async () => {
    const u = await buildUser(database.db, acme);
    const s = await login(app, u.email);
    const res = await call('DELETE', `/api/CompanyUsers/user/${u.userId}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MESSAGES.users.deleted);
    const [row] = await database.db
      .select({ status: users.status })
      .from(users)
      .where(eq(users.id, u.userId));
    expect(row?.status).toBe('inactive');
    expect((await call('GET', '/api/auth/me', s)).statusCode).toBe(401);
  });

  it('refuses self-delete and removing the last Company Admin', async () => {
    const self = await call('DELETE', `/api/CompanyUsers/user/${acme.adminUserId}`, admin);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(MESSAGES.users.cannotDeleteSelf);

    const c = await buildCompany(database.db);
    // A Manager with employee:delete lacks the admin's rights, so may not deactivate them at all
    // (grants.policy); someone holding all of them directly, without the role, meets the 409.
    const manager = await buildUser(database.db, c, { role: 'manager', permissions: ['employee:delete'] });
    const refused = await call(
      'DELETE',
      `/api/CompanyUsers/user/${c.adminUserId}`,
      await login(app, manager.email),
    );
    expect(refused.statusCode).toBe(403);
    const hr = await buildUser(database.db, c, {
      role: 'manager',
      permissions: [...DEFAULT_ROLE_PERMISSIONS['Company Admin']],
    });
    const last = await call('DELETE', `/api/CompanyUsers/user/${c.adminUserId}`, await login(app, hr.email));
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe(MESSAGES.users.lastAdmin);
  });
});

describe('profile photos', () => {
  const upload = (id: string, s: Session | undefined, content: Buffer | string, name = 'me.png') => {
    const m = multipart({ name, content, type: 'image/png' });
    return app.inject({
      method: 'POST',
      url: `/api/CompanyUsers/upload-profile-photo/${id}`,
      payload: m.payload,
      headers: { ...(s ? bearer(s) : {}), ...m.headers },
    });
  };

  it("401 without a token; own photo always; someone else's needs employee:update; other tenants 404", async () => {
    expect((await upload(employeeId, undefined, PNG)).statusCode).toBe(401);
    expect((await upload(acme.adminUserId, employee, PNG)).statusCode).toBe(403);
    expect((await upload(otherUserId, admin, PNG)).statusCode).toBe(404);
    const own = await upload(employeeId, employee, PNG);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.profilePhotoUrl).toMatch(
      new RegExp(`^/api/CompanyUsers/photo/${employeeId}\\?v=\\d+$`),
    );
    expect((await upload(employeeId, admin, PNG)).statusCode).toBe(200);
  });

  it('415 for a spoofed image, 400 without a file', async () => {
    expect((await upload(employeeId, employee, EXE)).statusCode).toBe(415);
    expect((await upload(employeeId, employee, 'hello', 'me.png')).statusCode).toBe(415);
    const none = await app.inject({
      method: 'POST',
      url: `/api/CompanyUsers/upload-profile-photo/${employeeId}`,
      headers: bearer(employee),
      payload: { file: 'x' },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors.file).toBeDefined();
  });

  it('serves the photo to the same company only, inline, typed from its bytes, with nosniff', async () => {
    await upload(employeeId, employee, PNG, 'holiday.jpg');
    const res = await call('GET', `/api/CompanyUsers/photo/${employeeId}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-disposition'])).toMatch(/^inline;/);
    expect(res.rawPayload.equals(PNG)).toBe(true);
    expect((await call('GET', `/api/CompanyUsers/photo/${employeeId}`)).statusCode).toBe(401);
    expect(
      (await call('GET', `/api/CompanyUsers/photo/${employeeId}`, await login(app, other.adminEmail)))
        .statusCode,
    ).toBe(404);
    expect((await call('GET', `/api/CompanyUsers/photo/${acme.adminUserId}`, admin)).statusCode).toBe(404);
  });
});
