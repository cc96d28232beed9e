import { ne } from 'drizzle-orm';
import type { AccessLevel } from '@taskhive/contract';
import { companyModules, modules } from '../../db/schema/index.ts';
import type { Scope } from '../../lib/scope.ts';

/** The modules the scope's company is granted, each at an access level. */
export const companyModulesRepo = {
  /** Grants every active tenant module (all but Platform Administration) at `level`. */
  async grantAllTenantModules(scope: Scope, level: AccessLevel) {
    const mods = await scope.db.select({ id: modules.id }).from(modules).where(ne(modules.key, 'platform'));
    await grant(scope, mods, level);
  },
  /** Grants every module, Platform Administration included (the platform's own company). */
  async grantAll(scope: Scope, level: AccessLevel) {
    await grant(scope, await scope.db.select({ id: modules.id }).from(modules), level);
  },
};

async function grant(scope: Scope, mods: { id: string }[], level: AccessLevel) {
  if (mods.length === 0) return;
  await scope.db
    .insert(companyModules)
    .values(mods.map((m) => scope.values({ moduleId: m.id, accessLevel: level })))
    .onConflictDoNothing();
}
