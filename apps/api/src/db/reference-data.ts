import { inArray, sql } from 'drizzle-orm';
import {
  ASSIGN_ROLE,
  MODULE_CATALOGUE,
  PERMISSIONS,
  PRIORITIES,
  ROLES,
  moduleOf,
  permissionParts,
  permissionType,
} from '@taskhive/contract';
import type { Db } from './client.ts';
import { modules, permissions, priorities } from './schema/index.ts';

/**
 * Brings the platform's reference data in line with the contract on every start: the module
 * catalogue, the permission catalogue and the priorities. Inserts what is missing, never deletes
 * (a Super Admin may have added modules or permissions of their own).
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
    await tx
      .insert(priorities)
      .values(PRIORITIES.map((p) => ({ name: p.name, sortOrder: p.sortOrder })))
      .onConflictDoNothing();
  });
}
