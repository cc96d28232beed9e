import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_MESSAGES } from '@taskhive/contract';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { pendingMigrations } from '../../db/migrate.ts';
import { packageModules, packagePurchases } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-app.ts';
import {
  bearer,
  buildCompany,
  buildSuperAdmin,
  login,
  type Session,
  type TestCompany,
  twoTenants,
} from '../../test/factories.ts';

/**
 * Issue 23, defect 11: Platform Administration is never in a company package, and a company's
 * module grants follow its packages (purchases and package edits, in the same transaction).
 */
let app: App;
let database: Database;
let root: Session;
let admin: Session;
let acme: TestCompany;
let other: TestCompany;
let moduleIds: Record<string, string>;

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  ({ acme, other, admin } = await twoTenants(app, database.db));
  root = await login(app, (await buildSuperAdmin(database.db)).email);
  const mods = (await call('GET', '/api/Modules?pageSize=50', root)).json().data.items as {
    key: string;
    moduleId: string;
  }[];
  moduleIds = Object.fromEntries(mods.map((m) => [m.key, m.moduleId]));
});
afterAll(() => app.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, s?: Session, payload?: object) =>
  app.inject({ method, url, headers: s ? bearer(s) : {}, ...(payload ? { payload } : {}) });
const missing = '00000000-0000-4000-8000-000000000000';
const STARTER = ['projects', 'tasks', 'company'];
const TENANT_MODULES = [
  'company',
  'company-roles',
  'departments',
  'employees',
  'projects',
  'reports',
  'tasks',
  'time-tracking',
];

async function createPackage(keys: string[]) {
  const res = await call('POST', '/api/Package', root, {
    name: `Pkg ${Math.random().toString(36).slice(2, 8)}`,
    monthlyPrice: 10,
    yearlyPrice: 100,
    moduleIds: keys.map((k) => moduleIds[k]),
  });
  expect(res.statusCode).toBe(201);
  return res.json().data as { packageId: string; name: string };
}

const grantedKeys = async (companyId: string) =>
  ((await call('GET', `/api/Companies/${companyId}/modules`, root)).json().data as { key: string }[])
    .map((m) => m.key)
    .sort();
const packageKeys = async (packageId: string) =>
  ((await call('GET', `/api/Package/${packageId}/modules`, root)).json().data as { key: string }[])
    .map((m) => m.key)
    .sort();
const buy = (companyId: string, packageId: string, s: Session = root) =>
  call('POST', `/api/Companies/${companyId}/packages/${packageId}/purchase`, s, { billingCycle: 'monthly' });
const permsOf = async (s: Session) =>
  (await call('GET', '/api/auth/me', s)).json().data.permissions as string[];

describe('Platform Administration is never part of a company package', () => {
  it('a new package naming it is refused with 400 naming it, and nothing is created', async () => {
    const name = 'With platform';
    const res = await call('POST', '/api/Package', root, {
      name,
      monthlyPrice: 1,
      yearlyPrice: 10,
      moduleIds: [moduleIds.projects, moduleIds.platform],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ACCESS_MESSAGES.platformModuleInPackage);
    expect(res.json().message).toContain('Platform Administration');
    expect(res.json().errors.moduleIds).toEqual([ACCESS_MESSAGES.platformModuleInPackage]);
    const list = (await call('GET', `/api/Package?search=${encodeURIComponent(name)}`, root)).json().data;
    expect(list.totalCount).toBe(0);
  });

  it('adding it to a package is refused with 400 naming it; the package is unchanged', async () => {
    const p = await createPackage(['projects']);
    const res = await call('POST', `/api/Package/${p.packageId}/modules/${moduleIds.platform}`, root);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Platform Administration');
    expect(res.json().errors.moduleId).toEqual([ACCESS_MESSAGES.platformModuleInPackage]);
    expect(await packageKeys(p.packageId)).toEqual(['projects']);
  });

  it('401 without a token, 403 for a Company Admin, 404 for a package or module that does not exist', async () => {
    const p = await createPackage(['projects']);
    const url = (pkg: string, mod: string) => `/api/Package/${pkg}/modules/${mod}`;
    expect((await call('POST', url(p.packageId, moduleIds.tasks ?? ''))).statusCode).toBe(401);
    expect((await call('POST', url(p.packageId, moduleIds.tasks ?? ''), admin)).statusCode).toBe(403);
    expect((await call('POST', url(missing, moduleIds.tasks ?? ''), root)).statusCode).toBe(404);
    expect((await call('POST', url(p.packageId, missing), root)).statusCode).toBe(404);
    expect((await call('POST', url(p.packageId, 'nope'), root)).statusCode).toBe(400);
  });
});

describe("a company's grants follow its packages", () => {
  it('a new company starts with every tenant module; buying a package leaves what it includes', async () => {
    const company = await buildCompany(database.db);
    expect(await grantedKeys(company.companyId)).toEqual(TENANT_MODULES);
    const starter = await createPackage(STARTER);
    const companyAdmin = await login(app, company.adminEmail);
    expect(await permsOf(companyAdmin)).toContain('department:read');

    const res = await buy(company.companyId, starter.packageId, companyAdmin);
    expect(res.statusCode).toBe(201);
    expect(await grantedKeys(company.companyId)).toEqual([...STARTER].sort());
    // At once: the departments module went, so did its permissions.
    const perms = await permsOf(companyAdmin);
    expect(perms).not.toContain('department:read');
    expect(perms).toEqual(expect.arrayContaining(['project:create', 'task:create', 'company:update']));
    expect((await call('GET', '/api/Department', companyAdmin)).statusCode).toBe(403);
  });

  it("a second package adds its modules; the company's grants are the union of what it holds", async () => {
    const company = await buildCompany(database.db);
    const starter = await createPackage(STARTER);
    const extra = await createPackage(['reports']);
    expect((await buy(company.companyId, starter.packageId)).statusCode).toBe(201);
    expect((await buy(company.companyId, extra.packageId)).statusCode).toBe(201);
    expect(await grantedKeys(company.companyId)).toEqual([...STARTER, 'reports'].sort());
  });

  it("adding or removing a package's module changes the grants of every company holding it, and no other", async () => {
    const holder = await buildCompany(database.db);
    const bystander = await buildCompany(database.db);
    const starter = await createPackage(STARTER);
    const bystanderPackage = await createPackage(['projects', 'company']);
    expect((await buy(holder.companyId, starter.packageId)).statusCode).toBe(201);
    expect((await buy(bystander.companyId, bystanderPackage.packageId)).statusCode).toBe(201);
    const holderAdmin = await login(app, holder.adminEmail);

    const add = await call('POST', `/api/Package/${starter.packageId}/modules/${moduleIds.reports}`, root);
    expect(add.statusCode).toBe(201);
    expect(await grantedKeys(holder.companyId)).toEqual([...STARTER, 'reports'].sort());
    expect(await permsOf(holderAdmin)).toContain('report:create');

    const remove = await call('DELETE', `/api/Package/${starter.packageId}/modules/${moduleIds.tasks}`, root);
    expect(remove.statusCode).toBe(200);
    expect(await grantedKeys(holder.companyId)).toEqual(['company', 'projects', 'reports']);
    expect(await permsOf(holderAdmin)).not.toContain('task:create');
    expect(await grantedKeys(bystander.companyId)).toEqual(['company', 'projects']);

    // Removing a module another held package includes keeps the grant.
    const projectsToo = await createPackage(['projects']);
    expect((await buy(holder.companyId, projectsToo.packageId)).statusCode).toBe(201);
    await call('DELETE', `/api/Package/${starter.packageId}/modules/${moduleIds.projects}`, root);
    expect(await grantedKeys(holder.companyId)).toContain('projects');
  });

  it("the Super Admin's own grants stay when packages change", async () => {
    const company = await buildCompany(database.db);
    const starter = await createPackage(STARTER);
    expect((await buy(company.companyId, starter.packageId)).statusCode).toBe(201);
    const assign = await call(
      'POST',
      `/api/Companies/${company.companyId}/modules/${moduleIds.departments}`,
      root,
      {
        accessLevel: 'write',
      },
    );
    expect(assign.statusCode).toBe(201);
    await call('POST', `/api/Package/${starter.packageId}/modules/${moduleIds.reports}`, root);
    await call('DELETE', `/api/Package/${starter.packageId}/modules/${moduleIds.tasks}`, root);
    expect(await grantedKeys(company.companyId)).toEqual(['company', 'departments', 'projects', 'reports']);
  });

  it('a purchase refused (held already) changes no grant; another company is untouched', async () => {
    const starter = await createPackage(STARTER);
    const before = await grantedKeys(other.companyId);
    expect((await buy(acme.companyId, starter.packageId)).statusCode).toBe(201);
    const acmeGrants = await grantedKeys(acme.companyId);
    await call('POST', `/api/Package/${starter.packageId}/modules/${moduleIds.reports}`, root);
    await call('DELETE', `/api/Companies/${acme.companyId}/modules/${moduleIds.reports}`, root);
    expect((await buy(acme.companyId, starter.packageId)).statusCode).toBe(409);
    expect(await grantedKeys(acme.companyId)).toEqual(acmeGrants);
    expect(await grantedKeys(other.companyId)).toEqual(before);
  });
});

describe('migration 0025 fixes existing data', () => {
  /** Runs 0025's data statements again (its columns exist already), as an older database would. */
  async function runMigration0025Data() {
    const m = pendingMigrations().find((x) => x.tag === '0025_package_grants');
    if (!m) throw new Error('no migration 0025_package_grants');
    for (const stmt of m.sql.split('--> statement-breakpoint'))
      if (/^\s*(--.*\n\s*)*DELETE/i.test(stmt)) await database.db.execute(sql.raw(stmt));
  }

  it('a tenant holding a package keeps what its packages include; Platform Administration leaves packages', async () => {
    // As before the fix: every module granted, then a 3-module package bought without any change.
    const onStarter = await buildCompany(database.db);
    const noPackage = await buildCompany(database.db);
    const starter = await createPackage(STARTER);
    await database.db
      .insert(packagePurchases)
      .values({ companyId: onStarter.companyId, packageId: starter.packageId, amount: '0' });
    const withPlatform = await createPackage(['projects']);
    await database.db
      .insert(packageModules)
      .values({ packageId: withPlatform.packageId, moduleId: moduleIds.platform ?? '' });
    expect(await grantedKeys(onStarter.companyId)).toEqual(TENANT_MODULES);
    expect(await packageKeys(withPlatform.packageId)).toEqual(['platform', 'projects']);

    await runMigration0025Data();
    expect(await grantedKeys(onStarter.companyId)).toEqual([...STARTER].sort());
    expect(await grantedKeys(noPackage.companyId)).toEqual(TENANT_MODULES);
    expect(await packageKeys(withPlatform.packageId)).toEqual(['projects']);
  });
});
