import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildApp, type App } from '../app.ts';
import { type Database, openPostgres, rowsOf } from '../db/client.ts';
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
import { buildTestApp, testConfig } from '../test/build-app.ts';
import {
  bearer,
  buildCompany,
  buildUser,
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
  b = await buildApp({ db: (second ?? database).db, config: testConfig(), logger: false });
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

/** Both instances answer the same, right after the change (their caches were warm before it). */
async function expectBoth(s: Session, expected: { read: number; create?: number }) {
  for (const app of [a, b]) {
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
    const cache = authzCache(db(), 2);
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
