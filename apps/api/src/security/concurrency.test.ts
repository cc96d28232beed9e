import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DEFAULT_ROLE_PERMISSIONS, MESSAGES } from '@taskhive/contract';
import type { App } from '../app.ts';
import type { Database } from '../db/client.ts';
import { packagePurchases, roles, users } from '../db/schema/index.ts';
import { buildTestApp } from '../test/build-app.ts';
import {
  bearer,
  buildCompany,
  buildSuperAdmin,
  buildUser,
  login,
  type Session,
  type TestCompany,
} from '../test/factories.ts';

/**
 * Role and admin invariants under 20 parallel requests, asserted on both databases. On PostgreSQL
 * (DATABASE_URL) the requests race; PGlite runs one query at a time, so there the same requests
 * interleave without racing and the assertions check the rules themselves. A race is only
 * exercised on PostgreSQL, which CI runs (`.ci/run`).
 */
const onPostgres = !!process.env.DATABASE_URL;
const PARALLEL = 20;

let app: App;
let database: Database;

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
});
afterAll(() => app.close());

async function company(): Promise<{ c: TestCompany; admin: Session }> {
  const c = await buildCompany(database.db);
  return { c, admin: await login(app, c.adminEmail) };
}
const createRole = async (admin: Session, roleName: string) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/CompanyRoles',
    headers: bearer(admin),
    payload: { roleName },
  });
  expect(res.statusCode).toBe(201);
  // The answer names it companyRoleId: reading roleId gave undefined, and every race below
  // addressed /api/CompanyRoles/undefined (400) and checked nothing.
  const id: unknown = res.json().data.companyRoleId;
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  return id as string;
};
const put = (s: Session, url: string, payload: object) =>
  app.inject({ method: 'PUT', url, headers: bearer(s), payload });
const del = (s: Session, url: string) => app.inject({ method: 'DELETE', url, headers: bearer(s) });
const companyRoles = (companyId: string) =>
  database.db
    .select({ id: roles.id, isActive: roles.isActive, isDefault: roles.isDefault })
    .from(roles)
    .where(and(eq(roles.companyId, companyId), eq(roles.roleType, 'company')));
const statuses = (res: { statusCode: number }[]) => res.map((r) => r.statusCode);

describe(`concurrency invariants on ${onPostgres ? 'PostgreSQL' : 'PGlite'} (20 parallel requests)`, () => {
  it('"make X default" racing "deactivate X": the default role is always active, and there is one', async () => {
    for (let trial = 0; trial < PARALLEL / 2; trial++) {
      const { c, admin } = await company();
      const x = await createRole(admin, `X${trial}`);
      const res = await Promise.all(
        Array.from({ length: PARALLEL }, (_, i) =>
          put(admin, `/api/CompanyRoles/${x}`, i % 2 ? { isActive: false } : { defaultRole: true }),
        ),
      );
      expect(statuses(res).filter((s) => s >= 500)).toEqual([]);
      expect(statuses(res).filter((s) => s !== 200 && s !== 409)).toEqual([]);
      const rows = await companyRoles(c.companyId);
      const defaults = rows.filter((r) => r.isDefault);
      expect(defaults).toHaveLength(1);
      expect(defaults[0]?.isActive).toBe(true);
    }
  });

  it('"make X default" racing "delete X": one default role stays, and a new employee gets it', async () => {
    for (let trial = 0; trial < PARALLEL / 2; trial++) {
      const { c, admin } = await company();
      const x = await createRole(admin, `Y${trial}`);
      const res = await Promise.all(
        Array.from({ length: PARALLEL }, (_, i) =>
          i % 2
            ? del(admin, `/api/CompanyRoles/${x}`)
            : put(admin, `/api/CompanyRoles/${x}`, { defaultRole: true }),
        ),
      );
      expect(statuses(res).filter((s) => s >= 500)).toEqual([]);
      // One delete wins; the others, and the defaults that come after it, find no role.
      expect(statuses(res).filter((s) => s !== 200 && s !== 404 && s !== 409)).toEqual([]);
      expect(statuses(res).filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
      expect((await companyRoles(c.companyId)).filter((r) => r.isDefault)).toHaveLength(1);
      const invited = await app.inject({
        method: 'POST',
        url: '/api/CompanyUsers',
        headers: bearer(admin),
        payload: { firstName: 'New', lastName: 'Hire', email: `hire-${trial}-${c.companyId}@x.test` },
      });
      expect(invited.statusCode).toBe(201);
      expect(invited.json().data.roleId).not.toBeNull();
    }
  });

  it('a role deleted while being assigned: 409 or success, never a 500, never a dangling role', async () => {
    const { c, admin } = await company();
    const targets = await Promise.all(Array.from({ length: PARALLEL - 1 }, () => buildUser(database.db, c)));
    const x = await createRole(admin, 'Doomed');
    const [deleted, ...assigned] = await Promise.all([
      del(admin, `/api/CompanyRoles/${x}`),
      ...targets.map((t) => put(admin, `/api/CompanyUsers/user/${t.userId}`, { roleId: x })),
    ]);
    expect(statuses([deleted, ...assigned]).filter((s) => s >= 500)).toEqual([]);
    expect([200, 409]).toContain(deleted?.statusCode);
    const holders = await database.db.select({ id: users.id }).from(users).where(eq(users.roleId, x));
    const exists = (await companyRoles(c.companyId)).some((r) => r.id === x);
    // The answers tell the truth: the role is gone exactly when its delete succeeded, and the
    // users holding it are exactly those whose assignment succeeded (none once it is gone).
    expect(exists).toBe(deleted?.statusCode !== 200);
    const assignedIds = targets.filter((_t, i) => assigned[i]?.statusCode === 200).map((t) => t.userId);
    expect(holders.map((h) => h.id).sort()).toEqual(exists ? assignedIds.sort() : []);
    if (!exists) expect(assignedIds).toEqual([]);
  });

  it('two admins demoting each other at once: one admin always remains', async () => {
    for (let trial = 0; trial < PARALLEL / 2; trial++) {
      const c = await buildCompany(database.db);
      // Two holders of every company permission without the admin role do the demoting.
      const keepers = await Promise.all(
        [0, 1].map(() =>
          buildUser(database.db, c, {
            role: null,
            permissions: DEFAULT_ROLE_PERMISSIONS['Company Admin'].slice(),
          }),
        ),
      );
      const [k1, k2] = await Promise.all(keepers.map((k) => login(app, k.email)));
      const second = await buildUser(database.db, c, { role: 'companyAdmin' });
      if (!k1 || !k2) throw new Error('no keepers');
      const res = await Promise.all([
        put(k1, `/api/CompanyUsers/user/${c.adminUserId}`, { roleId: c.roleIds.employee }),
        put(k2, `/api/CompanyUsers/user/${second.userId}`, { roleId: c.roleIds.employee }),
      ]);
      expect(statuses(res).filter((s) => s >= 500)).toEqual([]);
      const admins = await database.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.companyId, c.companyId), eq(users.roleId, c.roleIds.companyAdmin)));
      expect(admins.length).toBeGreaterThanOrEqual(1);
    }
  });

  it('20 roles created with one name at once: one is created, the rest answer 409', async () => {
    const { c, admin } = await company();
    const res = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        app.inject({
          method: 'POST',
          url: '/api/CompanyRoles',
          headers: bearer(admin),
          payload: { roleName: 'Twin' },
        }),
      ),
    );
    expect(statuses(res).filter((s) => s === 201)).toHaveLength(1);
    expect(statuses(res).filter((s) => s !== 201 && s !== 409)).toEqual([]);
    expect((await companyRoles(c.companyId)).length).toBe(4);
  });

  describe('buying a package the company holds (ARCHITECTURE.md, Subscriptions)', () => {
    const newPackage = async () => {
      const root = await login(app, (await buildSuperAdmin(database.db)).email);
      // With every tenant module: the company's grants follow its packages, and it keeps them all.
      const mods = await app.inject({
        method: 'GET',
        url: '/api/Modules?pageSize=50',
        headers: bearer(root),
      });
      const moduleIds = (mods.json().data.items as { key: string; moduleId: string }[])
        .filter((m) => m.key !== 'platform')
        .map((m) => m.moduleId);
      const res = await app.inject({
        method: 'POST',
        url: '/api/Package',
        headers: bearer(root),
        payload: { name: `Race ${randomUUID().slice(0, 8)}`, monthlyPrice: 10, yearlyPrice: 100, moduleIds },
      });
      expect(res.statusCode).toBe(201);
      return res.json().data.packageId as string;
    };
    const buy = (s: Session, companyId: string, packageId: string, key?: string) =>
      app.inject({
        method: 'POST',
        url: `/api/Companies/${companyId}/packages/${packageId}/purchase`,
        headers: { ...bearer(s), ...(key ? { 'idempotency-key': key } : {}) },
        payload: { billingCycle: 'monthly' },
      });
    const purchases = (companyId: string, packageId: string) =>
      database.db
        .select({ id: packagePurchases.id })
        .from(packagePurchases)
        .where(and(eq(packagePurchases.companyId, companyId), eq(packagePurchases.packageId, packageId)));

    it('20 purchases at once: one is recorded, the other 19 answer 409', async () => {
      const { c, admin } = await company();
      const packageId = await newPackage();
      const res = await Promise.all(
        Array.from({ length: PARALLEL }, () => buy(admin, c.companyId, packageId)),
      );
      expect(statuses(res).filter((s) => s === 201)).toHaveLength(1);
      expect(statuses(res).filter((s) => s === 409)).toHaveLength(PARALLEL - 1);
      for (const r of res.filter((x) => x.statusCode === 409))
        expect(r.json().message).toBe(MESSAGES.packages.alreadyActive);
      expect(await purchases(c.companyId, packageId)).toHaveLength(1);
    });

    it('20 purchases at once with one Idempotency-Key: one purchase, 20 identical answers', async () => {
      const { c, admin } = await company();
      const packageId = await newPackage();
      const key = randomUUID();
      const res = await Promise.all(
        Array.from({ length: PARALLEL }, () => buy(admin, c.companyId, packageId, key)),
      );
      expect(statuses(res)).toEqual(Array.from({ length: PARALLEL }, () => 201));
      const ids = new Set(res.map((r) => r.json().data.purchaseId as string));
      expect(ids.size).toBe(1);
      expect(res.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(PARALLEL - 1);
      expect((await purchases(c.companyId, packageId)).map((p) => p.id)).toEqual([...ids]);
    });
  });
});
