import { and, eq, gte, inArray, lt, ne, notInArray } from 'drizzle-orm';
import type { AccessLevel } from '@taskhive/contract';
import { companyModules, modules } from '../../db/schema/index.ts';
import type { Scope } from '../../lib/scope.ts';
import { dayAfter } from '../modules/index.ts';

/** The modules the scope's company is granted, each at an access level. */
export const companyModulesRepo = {
  /**
   * Grants every tenant module (all but Platform Administration) at `level`: a new company's
   * start, as package grants, so its first package replaces them (ARCHITECTURE.md, Subscriptions).
   */
  async grantAllTenantModules(scope: Scope, level: AccessLevel) {
    const mods = await scope.db.select({ id: modules.id }).from(modules).where(ne(modules.key, 'platform'));
    await grant(scope, mods, level, 'package');
  },
  /** Grants every module, Platform Administration included (the platform's own company, kept). */
  async grantAll(scope: Scope, level: AccessLevel) {
    await grant(scope, await scope.db.select({ id: modules.id }).from(modules), level, 'admin');
  },
};

/** Of these modules, the ones a tenant may be granted (Platform Administration never is). */
async function tenantModules(scope: Scope, moduleIds: readonly string[]): Promise<string[]> {
  if (moduleIds.length === 0) return [];
  const rows = await scope.db
    .select({ id: modules.id })
    .from(modules)
    .where(and(inArray(modules.id, [...moduleIds]), ne(modules.key, 'platform')));
  return rows.map((r) => r.id);
}

async function grant(scope: Scope, mods: { id: string }[], level: AccessLevel, source: 'package' | 'admin') {
  if (mods.length === 0) return;
  await scope.db
    .insert(companyModules)
    .values(mods.map((m) => scope.values({ moduleId: m.id, accessLevel: level, source })))
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

  /** A new grant by the Super Admin (kept when packages change); false when the company already has the module. */
  async assign(scope: Scope, moduleId: string, accessLevel: AccessLevel): Promise<boolean> {
    const rows = await scope.db
      .insert(companyModules)
      .values(scope.values({ moduleId, accessLevel, source: 'admin' }))
      .onConflictDoNothing()
      .returning({ id: companyModules.moduleId });
    return rows.length > 0;
  },

  /** The Super Admin's level for a module: from now on the grant is theirs (kept when packages change). */
  async setLevel(scope: Scope, moduleId: string, accessLevel: AccessLevel): Promise<boolean> {
    const rows = await scope.db
      .update(companyModules)
      .set({ accessLevel, source: 'admin' })
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

  /**
   * Full access to a bought package's modules, as the package's (full is the highest level, so no
   * grant is lowered).
   */
  async grantFull(scope: Scope, moduleIds: readonly string[]) {
    const ids = await tenantModules(scope, moduleIds);
    if (ids.length === 0) return;
    await scope.db
      .insert(companyModules)
      .values(ids.map((moduleId) => scope.values({ moduleId, accessLevel: 'full', source: 'package' })))
      .onConflictDoUpdate({
        target: [companyModules.companyId, companyModules.moduleId],
        set: { accessLevel: 'full', source: 'package' },
      });
  },

  /**
   * Makes the company's package grants what its packages include (`moduleIds`, Platform
   * Administration never): a package grant of a module no longer included goes, an included
   * module not yet granted comes at full access; the Super Admin's own grants stay as they are.
   * Answers the modules granted and revoked.
   */
  async followPackages(
    scope: Scope,
    moduleIds: readonly string[],
  ): Promise<{ granted: string[]; revoked: string[] }> {
    const ids = await tenantModules(scope, moduleIds);
    const revoked = await scope.db
      .delete(companyModules)
      .where(
        scope.own(
          companyModules,
          eq(companyModules.source, 'package'),
          ids.length > 0 ? notInArray(companyModules.moduleId, ids) : undefined,
        ),
      )
      .returning({ id: companyModules.moduleId });
    const granted =
      ids.length === 0
        ? []
        : await scope.db
            .insert(companyModules)
            .values(ids.map((moduleId) => scope.values({ moduleId, accessLevel: 'full', source: 'package' })))
            .onConflictDoNothing()
            .returning({ id: companyModules.moduleId });
    return { granted: granted.map((r) => r.id), revoked: revoked.map((r) => r.id) };
  },

  /** Every company's grant of a module (the module is being deleted). */
  async revokeEverywhere(scope: Scope, moduleId: string) {
    await scope.db.delete(companyModules).where(eq(companyModules.moduleId, moduleId));
  },
};
