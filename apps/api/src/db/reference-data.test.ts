import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import type { App } from '../app.ts';
import { type Database, rowsOf } from './client.ts';
import { syncReferenceData } from './reference-data.ts';
import { companyModules, modules, packageModules, packages, permissions } from './schema/index.ts';
import { buildTestApp } from '../test/build-app.ts';
import { buildCompany, login } from '../test/factories.ts';

let app: App;
let database: Database;

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
});
afterAll(() => app.close());

const SPLIT = ['employees', 'departments', 'company-roles'];

/** Puts the database back to the catalogue before the split: one People module for three resources. */
async function oldCatalogue(companyId: string) {
  const db = database.db;
  const [people] = await db
    .insert(modules)
    .values({ key: 'people', name: 'People', category: 'Organisation' })
    .returning({ id: modules.id });
  if (!people) throw new Error('no people module');
  await db
    .update(permissions)
    .set({ moduleId: people.id })
    .where(inArray(permissions.category, ['employee', 'department', 'companyrole']));
  const split = await db.select({ id: modules.id }).from(modules).where(inArray(modules.key, SPLIT));
  const splitIds = split.map((m) => m.id);
  await db.delete(companyModules).where(inArray(companyModules.moduleId, splitIds));
  await db.delete(packageModules).where(inArray(packageModules.moduleId, splitIds));
  await db.delete(modules).where(inArray(modules.id, splitIds));
  await db.insert(companyModules).values({ companyId, moduleId: people.id, accessLevel: 'write' });
  const [pkg] = await db.insert(packages).values({ name: 'Old Business' }).returning({ id: packages.id });
  if (!pkg) throw new Error('no package');
  await db.insert(packageModules).values({ packageId: pkg.id, moduleId: people.id });
  return pkg.id;
}

describe('syncReferenceData on a database seeded with the old catalogue', () => {
  it('splits People: permissions, package links and company grants (same level) move to the new modules', async () => {
    const acme = await buildCompany(database.db, { name: 'Old Acme' });
    const packageId = await oldCatalogue(acme.companyId);
    const before = await login(app, acme.adminEmail);
    expect(before.permissions).toContain('employee:create');

    await syncReferenceData(database.db);
    await syncReferenceData(database.db); // and again: nothing left to move, nothing breaks

    const keys = (await database.db.select({ key: modules.key }).from(modules)).map((m) => m.key);
    expect(keys).not.toContain('people');
    expect(keys).toEqual(expect.arrayContaining(SPLIT));

    const placed = await database.db.execute(sql`
      select p.name, m.key from permissions p join modules m on m.id = p.module_id
       where p.name in ('employee:read:all', 'department:delete', 'companyrole:assign')`);
    const byName = Object.fromEntries(
      rowsOf<{ name: string; key: string }>(placed).map((r) => [r.name, r.key]),
    );
    expect(byName).toEqual({
      'employee:read:all': 'employees',
      'department:delete': 'departments',
      'companyrole:assign': 'company-roles',
    });

    const grants = await database.db
      .select({ key: modules.key, level: companyModules.accessLevel })
      .from(companyModules)
      .innerJoin(modules, eq(modules.id, companyModules.moduleId))
      .where(inArray(modules.key, SPLIT));
    expect(
      grants
        .filter((g) => g.level === 'write')
        .map((g) => g.key)
        .sort(),
    ).toEqual([...SPLIT].sort());

    const links = await database.db
      .select({ key: modules.key })
      .from(packageModules)
      .innerJoin(modules, eq(modules.id, packageModules.moduleId))
      .where(eq(packageModules.packageId, packageId));
    expect(links.map((l) => l.key).sort()).toEqual([...SPLIT].sort());

    // Write level: employees may be read and created, not deleted.
    const after = await login(app, acme.adminEmail);
    expect(after.permissions).toEqual(expect.arrayContaining(['employee:read:all', 'employee:create']));
    expect(after.permissions).not.toContain('employee:delete');
  });
});
