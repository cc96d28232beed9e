import { eq, inArray, sql } from 'drizzle-orm';
import {
  ASSIGN_ROLE,
  MODULE_CATALOGUE,
  PERMISSIONS,
  DEFAULT_ROLE_PERMISSIONS,
  PRIORITIES,
  RETIRED_MODULES,
  ROLES,
  moduleOf,
  permissionParts,
  permissionType,
} from '@taskhive/contract';
import type { Db } from './client.ts';
import { modules, permissions, priorities } from './schema/index.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Moves everything of a retired module (RETIRED_MODULES) to its successors in one go: companies
 * that had it granted get every successor at the same access level (a grant they already have is
 * kept), packages that carried it carry the successors, and its permissions move to the successor
 * whose resources name their category (the first successor otherwise). Then the retired module goes.
 */
async function retireModules(tx: Tx, moduleId: ReadonlyMap<string, string>) {
  for (const [retiredKey, successors] of Object.entries(RETIRED_MODULES)) {
    const [retired] = await tx.select({ id: modules.id }).from(modules).where(eq(modules.key, retiredKey));
    if (!retired) continue;
    const targets = successors.map((key) => {
      const id = moduleId.get(key);
      const entry = MODULE_CATALOGUE.find((m) => m.key === key);
      if (!id || !entry) throw new Error(`successor module ${key} missing`);
      return { id, resources: entry.resources as readonly string[] };
    });
    const ids = sql.join(
      targets.map((t) => sql`(${t.id}::uuid)`),
      sql`, `,
    );
    await tx.execute(sql`
      insert into company_modules (company_id, module_id, access_level, assigned_at)
      select cm.company_id, s.id, cm.access_level, cm.assigned_at
        from company_modules cm cross join (values ${ids}) as s(id)
       where cm.module_id = ${retired.id}
      on conflict do nothing`);
    await tx.execute(sql`
      insert into package_modules (package_id, module_id)
      select pm.package_id, s.id from package_modules pm cross join (values ${ids}) as s(id)
       where pm.module_id = ${retired.id}
      on conflict do nothing`);
    const perms = await tx
      .select({ id: permissions.id, category: permissions.category })
      .from(permissions)
      .where(eq(permissions.moduleId, retired.id));
    for (const t of targets) {
      const mine = perms
        .filter((p) => (targets.find((x) => x.resources.includes(p.category)) ?? targets[0]) === t)
        .map((p) => p.id);
      if (mine.length > 0)
        await tx.update(permissions).set({ moduleId: t.id }).where(inArray(permissions.id, mine));
    }
    await tx.execute(sql`delete from company_modules where module_id = ${retired.id}`);
    await tx.execute(sql`delete from package_modules where module_id = ${retired.id}`);
    await tx.delete(modules).where(eq(modules.id, retired.id));
  }
}

/**
 * Brings the platform's reference data in line with the contract on every start: the module
 * catalogue, the permission catalogue and the priorities. Inserts what is missing and never
 * deletes what a Super Admin added; the only removal is a module the catalogue retired, whose
 * permissions and grants first move to its successors (an existing database keeps working).
 */
export async function syncReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(modules)
      .values(
        MODULE_CATALOGUE.map((m) => ({
          key: m.key,
          name: m.name,
          category: m.category,
          moduleType: m.key === 'platform' ? 'platform' : 'core',
          description: `${m.name}: ${m.resources.join(', ')}`,
        })),
      )
      .onConflictDoNothing();
    const mods = await tx
      .select({ id: modules.id, key: modules.key })
      .from(modules)
      .where(
        inArray(
          modules.key,
          MODULE_CATALOGUE.map((m) => m.key),
        ),
      );
    const moduleId = new Map(mods.map((m) => [m.key, m.id]));
    await retireModules(tx, moduleId);
    await tx
      .insert(permissions)
      .values(
        PERMISSIONS.map((p) => {
          const id = moduleId.get(moduleOf(p));
          if (!id) throw new Error(`module for ${p} missing`);
          return {
            name: p,
            permissionType: permissionType(p),
            category: permissionParts(p).resource,
            moduleId: id,
          };
        }),
      )
      .onConflictDoNothing();
    // Permissions added to the catalogue after a company was provisioned reach its Company Admin
    // role here (the role holds every company permission; assigning roles came later).
    await tx.execute(sql`
      insert into role_permissions (role_id, permission_id)
      select r.id, p.id from roles r cross join permissions p
       where r.role_type = 'company' and r.name = ${ROLES.companyAdmin} and p.name = ${ASSIGN_ROLE}
      on conflict do nothing`);
    // Likewise the comment permissions, the audit log's and the timesheets' (issue 25) reach the
    // seeded roles that hold them by default (the audit log and timesheets: the Company Admin only).
    for (const [role, held] of Object.entries(DEFAULT_ROLE_PERMISSIONS)) {
      const names = held.filter(
        (p) => p.startsWith('comment:') || p === 'audit:read' || p.startsWith('timesheet:'),
      );
      if (names.length === 0) continue;
      await tx.execute(sql`
        insert into role_permissions (role_id, permission_id)
        select r.id, p.id from roles r cross join permissions p
         where r.role_type = 'company' and r.name = ${role}
           and p.name in (${sql.join(
             names.map((n) => sql`${n}`),
             sql`, `,
           )})
        on conflict do nothing`);
    }
    await tx
      .insert(priorities)
      .values(PRIORITIES.map((p) => ({ name: p.name, sortOrder: p.sortOrder })))
      .onConflictDoNothing();
  });
}
