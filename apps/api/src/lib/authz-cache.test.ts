import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildApp, type App } from '../app.ts';
import { type Database, LISTENER_APPLICATION_NAME, openPostgres, rowsOf } from '../db/client.ts';
import {
  companies,
  companyModules,
  modules,
  permissions,
  rolePermissions,
  roles,
  sessions,
  userPermissions,
  userRoles,
  users,
} from '../db/schema/index.ts';
import { buildCountingApp, buildTestApp, testConfig } from '../test/build-app.ts';
import {
  bearer,
  buildCompany,
  buildSuperAdmin,
  buildUser,
  TEST_PASSWORD,
  login,
  setCompanyActive,
  setModuleAccess,
  type Session,
  type TestCompany,
} from '../test/factories.ts';
import { authzCache } from './authz-cache.ts';

// Two app instances on one database, as several API processes sharing one PostgreSQL: on
// PostgreSQL the second has a connection pool of its own; on PGlite both share the handle.
let a: App;
let b: App;
let database: Database;
let second: Database | undefined;
let company: TestCompany;

beforeAll(async () => {
  ({ app: a, database } = await buildTestApp());
  if (database.kind === 'postgres' && process.env.DATABASE_URL) {
    const [row] = rowsOf<{ name: string }>(await database.db.execute(sql`select current_database() as name`));
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${row?.name ?? ''}`;
    second = await openPostgres(url.toString(), 2);
  }
  const other = second ?? database;
  b = await buildApp({ db: other.db, config: testConfig(), logger: false, listen: other.listen });
  await b.ready();
  company = await buildCompany(database.db);
});
afterAll(async () => {
  await a.close();
  await b.close();
  await second?.close();
});

const db = () => database.db;

/** GET needs department:read; POST needs department:create (403 comes before body validation). */
async function can(app: App, s: Session) {
  const read = await app.inject({ method: 'GET', url: '/api/Department', headers: bearer(s) });
  const create = await app.inject({
    method: 'POST',
    url: '/api/Department',
    headers: bearer(s),
    payload: {},
  });
  return { read: read.statusCode, create: create.statusCode };
}

/**
 * Both instances answer the same, right after the change (their caches were warm before it).
 * Changes are made through A's connections: A must see them on its very next request. B, another
 * process on PostgreSQL, hears them through its listener; its next request is taken once the
 * notifications committed so far have been delivered (b.authz.sync(), a NOTIFY echo: well under a
 * millisecond), the honest form of "next request" across processes (ARCHITECTURE.md).
 */
async function expectBoth(s: Session, expected: { read: number; create?: number }) {
  for (const app of [a, b]) {
    if (app === b) await b.authz.sync();
    const got = await can(app, s);
    expect(got.read).toBe(expected.read);
    if (expected.create !== undefined) expect(got.create).toBe(expected.create);
  }
}

async function permissionId(name: string) {
  const [p] = await db().select({ id: permissions.id }).from(permissions).where(eq(permissions.name, name));
  if (!p) throw new Error(`no permission ${name}`);
  return p.id;
}

async function moduleId(key: string) {
  const [m] = await db().select({ id: modules.id }).from(modules).where(eq(modules.key, key));
  if (!m) throw new Error(`no module ${key}`);
  return m.id;
}

/** A signed-in user of `company` with no role and no permission; both caches warmed (403). */
async function bareUser() {
  const u = await buildUser(db(), company, { role: null });
  const s = await login(a, u.email);
  await expectBoth(s, { read: 403 });
  return { ...u, session: s };
}

describe('a change takes effect on the next request, in every instance', () => {
  it('a direct user permission granted, then taken away', async () => {
    const u = await bareUser();
    const pid = await permissionId('department:read');
    await db()
      .insert(userPermissions)
      .values({ companyId: company.companyId, userId: u.userId, permissionId: pid });
    await expectBoth(u.session, { read: 200 });
    await db().delete(userPermissions).where(eq(userPermissions.userId, u.userId));
    await expectBoth(u.session, { read: 403 });
  });

  it('the primary role changed', async () => {
    const u = await bareUser();
    await db().update(users).set({ roleId: company.roleIds.companyAdmin }).where(eq(users.id, u.userId));
    await expectBoth(u.session, { read: 200 });
    await db().update(users).set({ roleId: null }).where(eq(users.id, u.userId));
    await expectBoth(u.session, { read: 403 });
  });

  it('an additional role given, then removed', async () => {
    const u = await bareUser();
    await db()
      .insert(userRoles)
      .values({ companyId: company.companyId, userId: u.userId, roleId: company.roleIds.companyAdmin });
    await expectBoth(u.session, { read: 200 });
    await db().delete(userRoles).where(eq(userRoles.userId, u.userId));
    await expectBoth(u.session, { read: 403 });
  });

  it("a role's permissions changed, and the role deactivated and reactivated", async () => {
    const u = await bareUser();
    const [role] = await db()
      .insert(roles)
      .values({ companyId: company.companyId, name: `Custom ${u.userId}`, roleType: 'company' })
      .returning({ id: roles.id });
    if (!role) throw new Error('role not created');
    await db().update(users).set({ roleId: role.id }).where(eq(users.id, u.userId));
    await expectBoth(u.session, { read: 403 });
    await db()
      .insert(rolePermissions)
      .values({ roleId: role.id, permissionId: await permissionId('department:read') });
    await expectBoth(u.session, { read: 200 });
    await db().update(roles).set({ isActive: false }).where(eq(roles.id, role.id));
    await expectBoth(u.session, { read: 403 });
    await db().update(roles).set({ isActive: true }).where(eq(roles.id, role.id));
    await expectBoth(u.session, { read: 200 });
    await db().delete(rolePermissions).where(eq(rolePermissions.roleId, role.id));
    await expectBoth(u.session, { read: 403 });
  });

  it("the company's module grant and access level changed", async () => {
    const other = await buildCompany(db());
    const s = await login(a, other.adminEmail);
    await expectBoth(s, { read: 200, create: 400 });
    await setModuleAccess(db(), other.companyId, 'departments', 'read');
    await expectBoth(s, { read: 200, create: 403 });
    await setModuleAccess(db(), other.companyId, 'departments', null);
    await expectBoth(s, { read: 403, create: 403 });
    await db()
      .insert(companyModules)
      .values({ companyId: other.companyId, moduleId: await moduleId('departments'), accessLevel: 'full' });
    await expectBoth(s, { read: 200, create: 400 });
  });

  it('a module deactivated on the platform, then reactivated', async () => {
    const other = await buildCompany(db());
    const s = await login(a, other.adminEmail);
    await expectBoth(s, { read: 200 });
    const departmentsModule = await moduleId('departments');
    try {
      await db().update(modules).set({ status: 'inactive' }).where(eq(modules.id, departmentsModule));
      await expectBoth(s, { read: 403 });
    } finally {
      await db().update(modules).set({ status: 'active' }).where(eq(modules.id, departmentsModule));
    }
    await expectBoth(s, { read: 200 });
  });

  it("a permission's type changed in the catalogue", async () => {
    const other = await buildCompany(db());
    await setModuleAccess(db(), other.companyId, 'departments', 'write');
    const s = await login(a, other.adminEmail);
    await expectBoth(s, { read: 200, create: 400 });
    const pid = await permissionId('department:create');
    try {
      await db().update(permissions).set({ permissionType: 'delete' }).where(eq(permissions.id, pid));
      await expectBoth(s, { read: 200, create: 403 });
    } finally {
      await db().update(permissions).set({ permissionType: 'create' }).where(eq(permissions.id, pid));
    }
    await expectBoth(s, { read: 200, create: 400 });
  });

  it('the user deactivated, and the company deactivated', async () => {
    const other = await buildCompany(db());
    const u = await buildUser(db(), other, { role: 'companyAdmin' });
    const s = await login(a, u.email);
    await expectBoth(s, { read: 200 });
    await db().update(users).set({ status: 'inactive' }).where(eq(users.id, u.userId));
    await expectBoth(s, { read: 401 });
    await db().update(users).set({ status: 'active' }).where(eq(users.id, u.userId));
    await expectBoth(s, { read: 200 });
    await setCompanyActive(db(), other.companyId, false);
    await expectBoth(s, { read: 401 });
  });

  it('a logout on one instance, and a session revoked in the database', async () => {
    const u = await buildUser(db(), company, { role: 'companyAdmin' });
    const first = await login(a, u.email);
    const next = await login(b, u.email);
    await expectBoth(first, { read: 200 });
    await expectBoth(next, { read: 200 });
    expect(
      (await a.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(first) })).statusCode,
    ).toBe(200);
    await expectBoth(first, { read: 401 });
    await db().update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, u.userId));
    await expectBoth(next, { read: 401 });
  });
});

describe('the authorisation version', () => {
  async function version(companyId: string) {
    const [c] = await db()
      .select({ v: companies.authzVersion })
      .from(companies)
      .where(eq(companies.id, companyId));
    return Number(c?.v);
  }

  it('moves once for a bulk statement, and only for the company concerned', async () => {
    const other = await buildCompany(db());
    const u = await buildUser(db(), company, { role: null });
    const before = { mine: await version(company.companyId), theirs: await version(other.companyId) };
    const ids = await db().select({ id: permissions.id }).from(permissions).limit(5);
    await db()
      .insert(userPermissions)
      .values(ids.map((p) => ({ companyId: company.companyId, userId: u.userId, permissionId: p.id })));
    expect(await version(company.companyId)).toBe(before.mine + 1);
    expect(await version(other.companyId)).toBe(before.theirs);
  });

  it('does not move for changes that cannot alter permissions', async () => {
    const u = await buildUser(db(), company, { role: 'employee' });
    const before = await version(company.companyId);
    await db().update(users).set({ firstName: 'Renamed', status: 'inactive' }).where(eq(users.id, u.userId));
    await db().update(companies).set({ phone: '123' }).where(eq(companies.id, company.companyId));
    expect(await version(company.companyId)).toBe(before);
  });
});

describe('the permission cache', () => {
  it('answers the same set while the version stands, and holds at most its bound', async () => {
    const cache = authzCache(db(), { maxUsers: 2 });
    const made = await Promise.all([1, 2, 3].map(() => buildUser(db(), company, { role: 'employee' })));
    const states = [];
    for (const u of made) {
      const s = await login(a, u.email);
      const [row] = await db()
        .select({ id: sessions.id })
        .from(sessions)
        .where(eq(sessions.userId, s.userId));
      const state = await cache.session(row?.id ?? '', s.userId);
      if (!state) throw new Error('no live session');
      states.push(state);
    }
    const [first] = states;
    if (!first) throw new Error('no state');
    const p1 = await cache.permissions(first);
    expect(p1.has('task:read')).toBe(true);
    expect(await cache.permissions(first)).toBe(p1);
    for (const s of states) await cache.permissions(s);
    expect(cache.size).toBe(2);
  });
});

describe('the session cache: a warm request touches no database', () => {
  /** An instance whose every SQL statement is counted (on A's connections: the same process). */
  const countingApp = () => buildCountingApp(database);

  it('answers a warm request from memory, and a change on the next request', async () => {
    const { app, counter } = await countingApp();
    try {
      const u = await buildUser(db(), company, { role: 'employee' });
      const s = await login(a, u.email);
      const get = (url: string) => app.inject({ method: 'GET', url, headers: bearer(s) });
      expect((await get('/api/Taskpriorities')).statusCode).toBe(200); // cold: reads the session
      const before = counter.statements;
      expect(before).toBeGreaterThan(0);
      for (let i = 0; i < 3; i++) expect((await get('/api/Taskpriorities')).statusCode).toBe(200);
      expect(counter.statements).toBe(before);
      expect(app.authz.cache.sessions).toMatchObject({ listening: true, size: 1, hits: 3 });

      // A cached 403 too: the employee may not create departments, without a query.
      const post = await app.inject({
        method: 'POST',
        url: '/api/Department',
        headers: bearer(s),
        payload: {},
      });
      expect(post.statusCode).toBe(403);
      expect(counter.statements).toBe(before);

      await db().update(users).set({ status: 'inactive' }).where(eq(users.id, u.userId));
      expect((await get('/api/Taskpriorities')).statusCode).toBe(401);
      expect(counter.statements).toBeGreaterThan(before);
    } finally {
      await app.close();
    }
  });

  it('reads the database on every request while the listener is down, and starts empty again', async () => {
    const { app, counter } = await countingApp();
    try {
      const u = await buildUser(db(), company, { role: 'employee' });
      const s = await login(a, u.email);
      const get = () => app.inject({ method: 'GET', url: '/api/Taskpriorities', headers: bearer(s) });
      expect((await get()).statusCode).toBe(200);
      expect(app.authz.cache.sessions.size).toBe(1);

      app.authz.cache.listening(false);
      expect(app.authz.cache.sessions.size).toBe(0);
      for (let i = 0; i < 2; i++) {
        const before = counter.statements;
        expect((await get()).statusCode).toBe(200);
        expect(counter.statements).toBeGreaterThan(before);
      }
      expect(app.authz.cache.sessions.size).toBe(0);

      app.authz.cache.listening(true);
      expect((await get()).statusCode).toBe(200);
      const before = counter.statements;
      expect((await get()).statusCode).toBe(200);
      expect(counter.statements).toBe(before);
    } finally {
      await app.close();
    }
  });

  it.runIf(process.env.DATABASE_URL)(
    'a dropped PostgreSQL listener turns the cache off until it has reconnected (and emptied it)',
    async () => {
      const u = await buildUser(db(), company, { role: 'employee' });
      const s = await login(a, u.email);
      const get = () => b.inject({ method: 'GET', url: '/api/Taskpriorities', headers: bearer(s) });
      expect((await get()).statusCode).toBe(200);
      expect(b.authz.cache.sessions.listening).toBe(true);
      expect(b.authz.cache.sessions.size).toBeGreaterThan(0);

      await db().execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
             where application_name = ${LISTENER_APPLICATION_NAME} and datname = current_database()`,
      );
      await expect.poll(() => b.authz.cache.sessions.listening, { timeout: 2_000 }).toBe(false);
      const misses = b.authz.cache.sessions.misses;
      expect((await get()).statusCode).toBe(200);
      expect(b.authz.cache.sessions.misses).toBe(misses + 1);
      expect(b.authz.cache.sessions.size).toBe(0);

      await expect.poll(() => b.authz.cache.sessions.listening, { timeout: 5_000 }).toBe(true);
      const hits = b.authz.cache.sessions.hits;
      expect((await get()).statusCode).toBe(200);
      expect((await get()).statusCode).toBe(200);
      expect(b.authz.cache.sessions).toMatchObject({ size: 1, misses: misses + 2, hits: hits + 1 });
      // Listening again: B hears changes made elsewhere.
      await db().update(users).set({ status: 'inactive' }).where(eq(users.id, u.userId));
      await b.authz.sync();
      expect((await get()).statusCode).toBe(401);
    },
  );

  it("keeps an entry no longer than its TTL, nor past the session's expiry", async () => {
    let clock = Date.now();
    const cache = authzCache(db(), { ttlMs: 1_000, now: () => clock });
    cache.listening(true);
    const u = await buildUser(db(), company, { role: 'employee' });
    const s = await login(a, u.email);
    const [row] = await db().select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, s.userId));
    const sessionId = row?.id ?? '';
    await cache.authorise(sessionId, s.userId);
    await cache.authorise(sessionId, s.userId);
    expect(cache.sessions).toMatchObject({ hits: 1, misses: 1 });
    clock += 1_001;
    await cache.authorise(sessionId, s.userId);
    expect(cache.sessions).toMatchObject({ hits: 1, misses: 2 });
    // Another user's id with this session's id: never served from the entry.
    expect(await cache.authorise(sessionId, company.adminUserId)).toBeNull();
  });

  it('drops what a notification names, and keeps nothing read while one arrived', async () => {
    const cache = authzCache(db());
    cache.listening(true);
    const u = await buildUser(db(), company, { role: 'employee' });
    const s = await login(a, u.email);
    const [row] = await db().select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, s.userId));
    const sessionId = row?.id ?? '';
    const warm = async () => {
      await cache.authorise(sessionId, s.userId);
      expect(cache.sessions.size).toBe(1);
    };
    for (const payload of [`s:${sessionId}`, `u:${s.userId}`, `c:${company.companyId}`, '*']) {
      await warm();
      cache.invalidate(`c:${randomCompanyId}`);
      cache.invalidate(`u:${randomCompanyId}`);
      expect(cache.sessions.size).toBe(1);
      cache.invalidate(payload);
      expect(cache.sessions.size).toBe(0);
    }
    const reading = cache.authorise(sessionId, s.userId);
    cache.invalidate(`u:${randomCompanyId}`);
    expect(await reading).not.toBeNull();
    expect(cache.sessions.size).toBe(0);
  });
});

const randomCompanyId = '00000000-0000-4000-8000-000000000000';

describe('changes made through instance A reach a warm instance B on its next request', () => {
  const as = (s: Session) => bearer(s);
  async function readOnB(s: Session) {
    await b.authz.sync();
    return (await b.inject({ method: 'GET', url: '/api/Department', headers: as(s) })).statusCode;
  }
  /** department:create (the Employee role lacks it): 400 for the empty body, or 403. */
  async function createOnB(s: Session) {
    await b.authz.sync();
    return (await b.inject({ method: 'POST', url: '/api/Department', headers: as(s), payload: {} }))
      .statusCode;
  }

  it('a password change ends the other sessions', async () => {
    const u = await buildUser(db(), company, { role: 'companyAdmin' });
    const here = await login(a, u.email);
    const elsewhere = await login(b, u.email);
    expect(await readOnB(here)).toBe(200);
    expect(await readOnB(elsewhere)).toBe(200);
    const res = await a.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: as(here),
      payload: {
        currentPassword: TEST_PASSWORD,
        newPassword: 'A-new-passw0rd',
        confirmPassword: 'A-new-passw0rd',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(await readOnB(elsewhere)).toBe(401);
    expect(await readOnB(here)).toBe(200);
  });

  it("an employee's role changed, then the employee deactivated, by the admin", async () => {
    const other = await buildCompany(db());
    const admin = await login(a, other.adminEmail);
    const u = await buildUser(db(), other, { role: 'companyAdmin' });
    const s = await login(b, u.email);
    expect(await createOnB(s)).toBe(400);
    const put = await a.inject({
      method: 'PUT',
      url: `/api/CompanyUsers/user/${u.userId}`,
      headers: as(admin),
      payload: { roleId: other.roleIds.employee },
    });
    expect(put.statusCode).toBe(200);
    expect(await createOnB(s)).toBe(403);
    const del = await a.inject({
      method: 'DELETE',
      url: `/api/CompanyUsers/user/${u.userId}`,
      headers: as(admin),
    });
    expect(del.statusCode).toBe(200);
    expect(await readOnB(s)).toBe(401);
  });

  it("a module revoked, then the company deactivated, by the platform's super admin", async () => {
    const other = await buildCompany(db());
    const root = await login(a, (await buildSuperAdmin(db())).email);
    const s = await login(b, other.adminEmail);
    expect(await readOnB(s)).toBe(200);
    const departments = await moduleId('departments');
    const revoke = await a.inject({
      method: 'DELETE',
      url: `/api/Companies/${other.companyId}/modules/${departments}`,
      headers: as(root),
    });
    expect(revoke.statusCode).toBe(200);
    expect(await readOnB(s)).toBe(403);
    const off = await a.inject({
      method: 'PUT',
      url: `/api/Companies/${other.companyId}/status`,
      headers: as(root),
      payload: { isActive: false },
    });
    expect(off.statusCode).toBe(200);
    expect(await readOnB(s)).toBe(401);
  });
});
