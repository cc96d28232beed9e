import { eq, gte, lt, ne } from 'drizzle-orm';
import type { AccessLevel } from '@taskhive/contract';
import { companyModules, modules } from '../../db/schema/index.ts';
import type { Scope } from '../../lib/scope.ts';
import { dayAfter } from '../modules/index.ts';

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

export type CompanyModuleRow = {
  companyId: string;
  moduleId: string;
  key: string;
  name: string;
  category: string;
  status: string;
  accessLevel: string;
  assignedAt: Date;
};

/**
 * Module grants administered through /api/Companies/{id}/modules and purchases. The scope is the
 * granted company's (the Super Admin's routes build it from the path).
 */
export const companyGrants = {
  async list(
    scope: Scope,
    q: {
      accessLevel?: AccessLevel | undefined;
      assignedDateFrom?: string | undefined;
      assignedDateTo?: string | undefined;
    },
  ): Promise<CompanyModuleRow[]> {
    return scope.db
      .select({
        companyId: companyModules.companyId,
        moduleId: companyModules.moduleId,
        key: modules.key,
        name: modules.name,
        category: modules.category,
        status: modules.status,
        accessLevel: companyModules.accessLevel,
        assignedAt: companyModules.assignedAt,
      })
      .from(companyModules)
      .innerJoin(modules, eq(modules.id, companyModules.moduleId))
      .where(
        scope.own(
          companyModules,
          q.accessLevel ? eq(companyModules.accessLevel, q.accessLevel) : undefined,
          q.assignedDateFrom ? gte(companyModules.assignedAt, new Date(q.assignedDateFrom)) : undefined,
          q.assignedDateTo ? lt(companyModules.assignedAt, dayAfter(q.assignedDateTo)) : undefined,
        ),
      )
      .orderBy(modules.category, modules.name);
  },

  async one(scope: Scope, moduleId: string): Promise<CompanyModuleRow | null> {
    const rows = await companyGrants.list(scope, {});
    return rows.find((r) => r.moduleId === moduleId) ?? null;
  },

  /** A new grant; false when the company already has the module. */
  async assign(scope: Scope, moduleId: string, accessLevel: AccessLevel): Promise<boolean> {
    const rows = await scope.db
      .insert(companyModules)
      .values(scope.values({ moduleId, accessLevel }))
      .onConflictDoNothing()
      .returning({ id: companyModules.moduleId });
    return rows.length > 0;
  },

  async setLevel(scope: Scope, moduleId: string, accessLevel: AccessLevel): Promise<boolean> {
    const rows = await scope.db
      .update(companyModules)
      .set({ accessLevel })
      .where(scope.own(companyModules, eq(companyModules.moduleId, moduleId)))
      .returning({ id: companyModules.moduleId });
    return rows.length > 0;
  },

  async revoke(scope: Scope, moduleId: string): Promise<boolean> {
    const rows = await scope.db
      .delete(companyModules)
      .where(scope.own(companyModules, eq(companyModules.moduleId, moduleId)))
      .returning({ id: companyModules.moduleId });
    return rows.length > 0;
  },

  /** Full access to these modules (full is the highest level, so no grant is lowered). */
  async grantFull(scope: Scope, moduleIds: readonly string[]) {
    if (moduleIds.length === 0) return;
    await scope.db
      .insert(companyModules)
      .values(moduleIds.map((moduleId) => scope.values({ moduleId, accessLevel: 'full' as const })))
      .onConflictDoUpdate({
        target: [companyModules.companyId, companyModules.moduleId],
        set: { accessLevel: 'full' },
      });
  },

  /** Every company's grant of a module (the module is being deleted). */
  async revokeEverywhere(scope: Scope, moduleId: string) {
    await scope.db.delete(companyModules).where(eq(companyModules.moduleId, moduleId));
  },
};
