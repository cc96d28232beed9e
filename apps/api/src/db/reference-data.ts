import { inArray } from 'drizzle-orm';
import {
  MODULE_CATALOGUE,
  PERMISSIONS,
  PRIORITIES,
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
    await tx
      .insert(priorities)
      .values(PRIORITIES.map((p) => ({ name: p.name, sortOrder: p.sortOrder })))
      .onConflictDoNothing();
  });
}
