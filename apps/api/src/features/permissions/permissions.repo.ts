import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PermissionListQuery, UserPermissionListQuery } from '@taskhive/contract';
import { modules, permissions, userPermissions } from '../../db/schema/index.ts';
import { countAll, type ListResult, pageWindow, searchAny, sortBy, totalOf } from '../../lib/list.ts';
import { MODULE_LEVEL_ALLOWS } from '../../lib/access.ts';
import type { Scope } from '../../lib/scope.ts';

export type PermissionRow = {
  id: string;
  name: string;
  permissionType: string;
  category: string;
  moduleId: string;
  moduleName: string;
  description: string | null;
  createdAt: Date;
  updatedAt: Date;
};

function select(scope: Scope) {
  return scope.db
    .select({
      id: permissions.id,
      name: permissions.name,
      permissionType: permissions.permissionType,
      category: permissions.category,
      moduleId: permissions.moduleId,
      moduleName: modules.name,
      description: permissions.description,
      createdAt: permissions.createdAt,
      updatedAt: permissions.updatedAt,
    })
    .from(permissions)
    .innerJoin(modules, eq(modules.id, permissions.moduleId));
}

const KEYS = {
  name: permissions.name,
  category: permissions.category,
  createdAt: permissions.createdAt,
};

/** The only place that touches `permissions` and `user_permissions`. */
export const permissionsRepo = {
  /** A page of permissions; `within` narrows to those a company may see (see the service). */
  async list(scope: Scope, q: PermissionListQuery, within?: SQL): Promise<ListResult<PermissionRow>> {
    const where = and(
      within,
      searchAny(q.search, permissions.name, permissions.category, permissions.description),
      q.moduleId ? eq(permissions.moduleId, q.moduleId) : undefined,
      q.category ? eq(permissions.category, q.category) : undefined,
      q.permissionType ? eq(permissions.permissionType, q.permissionType) : undefined,
    );
    const { limit, offset } = pageWindow(q);
    const [rows, total] = await Promise.all([
      select(scope)
        .where(where)
        .orderBy(...sortBy(KEYS, q.sortBy, q.sortOrder, permissions.id))
        .limit(limit)
        .offset(offset),
      totalOf(scope.db.select({ n: countAll() }).from(permissions).where(where)),
    ]);
    return { rows, total };
  },

  async ofModule(scope: Scope, moduleId: string): Promise<PermissionRow[]> {
    return select(scope).where(eq(permissions.moduleId, moduleId)).orderBy(permissions.name);
  },

  async byIds(scope: Scope, ids: readonly string[]): Promise<PermissionRow[]> {
    if (ids.length === 0) return [];
    return select(scope)
      .where(inArray(permissions.id, [...ids]))
      .orderBy(permissions.category, permissions.name);
  },

  async byId(scope: Scope, id: string): Promise<PermissionRow | null> {
    const [row] = await select(scope).where(eq(permissions.id, id));
    return row ?? null;
  },

  async insert(
    scope: Scope,
    p: {
      name: string;
      permissionType: string;
      category: string;
      moduleId: string;
      description: string | null;
    },
  ) {
    const [row] = await scope.db.insert(permissions).values(p).returning({ id: permissions.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  },

  async update(
    scope: Scope,
    id: string,
    patch: Partial<{
      name: string;
      permissionType: string;
      category: string;
      moduleId: string;
      description: string | null;
    }>,
  ) {
    if (Object.keys(patch).length === 0) return;
    await scope.db.update(permissions).set(patch).where(eq(permissions.id, id));
  },

  async delete(scope: Scope, id: string) {
    await scope.db.delete(permissions).where(eq(permissions.id, id));
  },

  /** Permissions the company's module grants allow (module active, level covers the type). */
  allowedForCompany(companyId: string): SQL {
    return sql`${permissions.id} in (
      select p.id from permissions p
        join modules m on m.id = p.module_id and m.status = 'active'
        join company_modules cm on cm.module_id = p.module_id and cm.company_id = ${companyId}
       where ${MODULE_LEVEL_ALLOWS})`;
  },

  /** Permissions by name, each with whether the scope's company's modules allow it (unknown names are left out). */
  async byNames(
    scope: Scope,
    names: readonly string[],
  ): Promise<{ id: string; name: string; allowed: boolean }[]> {
    if (names.length === 0) return [];
    return scope.db
      .select({
        id: permissions.id,
        name: permissions.name,
        allowed: sql<boolean>`${permissionsRepo.allowedForCompany(scope.companyId)}`,
      })
      .from(permissions)
      .where(inArray(permissions.name, [...names]));
  },

  /** Whether the scope's company's modules allow the permission. */
  async allowedInScope(scope: Scope, permissionId: string): Promise<boolean> {
    const [row] = await scope.db
      .select({ id: permissions.id })
      .from(permissions)
      .where(and(eq(permissions.id, permissionId), permissionsRepo.allowedForCompany(scope.companyId)));
    return !!row;
  },

  /** A user's direct permissions, paged; the user belongs to the scope's company. */
  async ofUser(scope: Scope, userId: string, q: UserPermissionListQuery): Promise<ListResult<PermissionRow>> {
    const mine = inArray(
      permissions.id,
      scope.db
        .select({ id: userPermissions.permissionId })
        .from(userPermissions)
        .where(scope.own(userPermissions, eq(userPermissions.userId, userId))),
    );
    const { limit, offset } = pageWindow(q);
    const [rows, total] = await Promise.all([
      select(scope)
        .where(mine)
        .orderBy(...sortBy(KEYS, 'name', q.sortOrder, permissions.id))
        .limit(limit)
        .offset(offset),
      totalOf(scope.db.select({ n: countAll() }).from(permissions).where(mine)),
    ]);
    return { rows, total };
  },

  /** False when the user already held it. */
  async grantToUser(scope: Scope, userId: string, permissionId: string): Promise<boolean> {
    const rows = await scope.db
      .insert(userPermissions)
      .values(scope.values({ userId, permissionId }))
      .onConflictDoNothing()
      .returning({ id: userPermissions.permissionId });
    return rows.length > 0;
  },

  async revokeFromUser(scope: Scope, userId: string, permissionId: string) {
    const rows = await scope.db
      .delete(userPermissions)
      .where(
        scope.own(
          userPermissions,
          eq(userPermissions.userId, userId),
          eq(userPermissions.permissionId, permissionId),
        ),
      )
      .returning({ id: userPermissions.permissionId });
    return rows.length > 0;
  },
};
