import { eq, ne } from 'drizzle-orm';
import type { AccessLevel } from '@taskhive/contract';
import type { Db } from '../../db/client.ts';
import { companyModules, modules } from '../../db/schema/index.ts';

/** The modules a company is granted, each at an access level. */
export function companyModulesRepo(db: Db, companyId: string) {
  return {
    /** Grants every active tenant module (all but Platform Administration) at `level`. */
    async grantAllTenantModules(level: AccessLevel) {
      const mods = await db.select({ id: modules.id }).from(modules).where(ne(modules.key, 'platform'));
      if (mods.length === 0) return;
      await db
        .insert(companyModules)
        .values(mods.map((m) => ({ companyId, moduleId: m.id, accessLevel: level })))
        .onConflictDoNothing();
    },
    async grantAll(level: AccessLevel) {
      const mods = await db.select({ id: modules.id }).from(modules);
      await db
        .insert(companyModules)
        .values(mods.map((m) => ({ companyId, moduleId: m.id, accessLevel: level })))
        .onConflictDoNothing();
    },
    list() {
      return db.select().from(companyModules).where(eq(companyModules.companyId, companyId));
    },
  };
}
