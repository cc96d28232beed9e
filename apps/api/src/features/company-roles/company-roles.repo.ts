import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { CompanyRoleListQuery } from '@taskhive/contract';
import { permissions, rolePermissions, roles } from '../../db/schema/index.ts';
import { countAll, type ListResult, pageWindow, searchAny, sortBy, totalOf } from '../../lib/list.ts';
import type { Scope } from '../../lib/scope.ts';
import { usersReads } from '../users/index.ts';

export type CompanyRoleRow = {
  id: string;
  name: string;
  description: string | null;
  isActive: boolean;
  isDefault: boolean;
  userCount: number;
  /** The permission names the role carries, by name. */
  permissions: string[];
  createdAt: Date;
  updatedAt: Date;
};

/** What a role list asks for: no `pageSize` means every role on one page. */
export type CompanyRoleListParams = Pick<CompanyRoleListQuery, 'search' | 'sortBy' | 'sortOrder'> & {
  page?: number | undefined;
  pageNumber?: number | undefined;
  pageSize?: number | undefined;
};

/** The company's own roles (role_type 'company'), and any further conditions. */
const own = (scope: Scope, ...more: Parameters<Scope['own']>[1][]) =>
  scope.own(roles, eq(roles.roleType, 'company'), ...more);

/** Roles with their holder counts (joined, so sorting by count works). */
function select(scope: Scope) {
  const counts = usersReads.roleUserCounts(scope);
  const userCount = sql<number>`coalesce(${counts.userCount}, 0)`.mapWith(Number);
  const q = scope.db
    .select({
      id: roles.id,
      name: roles.name,
      description: roles.description,
      isActive: roles.isActive,
      isDefault: roles.isDefault,
      userCount,
      permissions: sql<string[]>`coalesce((
        select array_agg(p.name order by p.name) from role_permissions rp
          join permissions p on p.id = rp.permission_id
         where rp.role_id = ${roles.id}), '{}'::text[])`,
      createdAt: roles.createdAt,
      updatedAt: roles.updatedAt,
    })
    .from(roles)
    .leftJoin(counts, eq(counts.roleId, roles.id))
    .$dynamic();
  return { q, userCount };
}

/** The only place that touches a company's `roles` and their permissions. Every statement goes through the scope. */
export const companyRolesRepo = {
  async insert(
    scope: Scope,
    r: { name: string; description?: string | null; isActive?: boolean; isDefault?: boolean },
  ) {
    const [row] = await scope.db
      .insert(roles)
      .values(scope.values({ ...r, roleType: 'company' }))
      .returning({ id: roles.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  },

  /** Replaces nothing: adds the named permissions to one of this company's roles. */
  async grant(scope: Scope, roleId: string, permissionNames: readonly string[]) {
    if (permissionNames.length === 0) return;
    const [role] = await scope.db
      .select({ id: roles.id })
      .from(roles)
      .where(scope.own(roles, eq(roles.id, roleId)));
    if (!role) throw new Error('role not in company');
    const perms = await scope.db
      .select({ id: permissions.id })
      .from(permissions)
      .where(inArray(permissions.name, [...permissionNames]));
    await scope.db
      .insert(rolePermissions)
      .values(perms.map((p) => ({ roleId, permissionId: p.id })))
      .onConflictDoNothing();
  },

  /**
   * Gives and takes away permissions (by id) of one of this company's roles; the caller checked
   * the role and the grants. Answers nothing: role_permissions' triggers bump the authz version.
   */
  async setPermissions(scope: Scope, roleId: string, add: readonly string[], remove: readonly string[]) {
    const [role] = await scope.db
      .select({ id: roles.id })
      .from(roles)
      .where(own(scope, eq(roles.id, roleId)));
    if (!role) throw new Error('role not in company');
    if (add.length > 0)
      await scope.db
        .insert(rolePermissions)
        .values(add.map((permissionId) => ({ roleId, permissionId })))
        .onConflictDoNothing();
    if (remove.length > 0)
      await scope.db
        .delete(rolePermissions)
        .where(and(eq(rolePermissions.roleId, roleId), inArray(rolePermissions.permissionId, [...remove])));
  },

  async byName(scope: Scope, name: string) {
    const [row] = await scope.db
      .select({ id: roles.id, name: roles.name })
      .from(roles)
      .where(scope.own(roles, eq(roles.name, name)));
    return row ?? null;
  },

  /** The roles with their holder counts, filtered and sorted: one page, or all of them without `pageSize`. */
  async list(scope: Scope, q: CompanyRoleListParams): Promise<ListResult<CompanyRoleRow>> {
    const where = own(scope, searchAny(q.search, roles.name));
    const { q: base, userCount } = select(scope);
    const keys = {
      roleName: sql`lower(${roles.name})`,
      createdAt: roles.createdAt,
      updatedAt: roles.updatedAt,
      isActive: roles.isActive,
      defaultRole: roles.isDefault,
      userCount,
    };
    const ordered = base.where(where).orderBy(...sortBy(keys, q.sortBy, q.sortOrder, roles.id));
    if (q.pageSize === undefined) {
      const rows = await ordered;
      return { rows, total: rows.length };
    }
    const { limit, offset } = pageWindow({ ...q, pageSize: q.pageSize });
    const [rows, total] = await Promise.all([
      ordered.limit(limit).offset(offset),
      totalOf(scope.db.select({ n: countAll() }).from(roles).where(where)),
    ]);
    return { rows, total };
  },

  async byId(scope: Scope, roleId: string): Promise<CompanyRoleRow | null> {
    const [row] = await select(scope).q.where(own(scope, eq(roles.id, roleId)));
    return row ?? null;
  },

  /** The role new employees get. */
  async defaultRole(scope: Scope) {
    const [row] = await scope.db
      .select({ id: roles.id, isActive: roles.isActive })
      .from(roles)
      .where(own(scope, eq(roles.isDefault, true)));
    return row ?? null;
  },

  /** An active role of this company (for assigning to a user), or null. */
  async activeRole(scope: Scope, roleId: string) {
    const [row] = await scope.db
      .select({ id: roles.id, name: roles.name })
      .from(roles)
      .where(own(scope, eq(roles.id, roleId), eq(roles.isActive, true)));
    return row ?? null;
  },

  async update(
    scope: Scope,
    roleId: string,
    patch: { name?: string; description?: string | null; isActive?: boolean; isDefault?: boolean },
  ) {
    await scope.db
      .update(roles)
      .set(patch)
      .where(own(scope, eq(roles.id, roleId)));
  },

  /** Clears the default flag from every role but `keep` (first step of moving the default). */
  /**
   * Every role of the company, locked until the transaction ends, in id order (so two writers
   * never lock in opposite orders and deadlock). Role rules are checked on these rows.
   */
  lockAll(scope: Scope) {
    return scope.db
      .select({ id: roles.id, name: roles.name, isActive: roles.isActive, isDefault: roles.isDefault })
      .from(roles)
      .where(scope.own(roles))
      .orderBy(asc(roles.id))
      .for('update');
  },

  /** An active role of this company, locked against deletion until the transaction ends. */
  async lockActiveRole(scope: Scope, roleId: string) {
    const [row] = await scope.db
      .select({ id: roles.id })
      .from(roles)
      .where(scope.own(roles, eq(roles.id, roleId), eq(roles.isActive, true)))
      .for('share');
    return row ?? null;
  },

  async clearDefault(scope: Scope, keep?: string) {
    await scope.db
      .update(roles)
      .set({ isDefault: false })
      .where(own(scope, eq(roles.isDefault, true), keep ? ne(roles.id, keep) : undefined));
  },

  async delete(scope: Scope, roleId: string): Promise<boolean> {
    const rows = await scope.db
      .delete(roles)
      .where(own(scope, eq(roles.id, roleId)))
      .returning({ id: roles.id });
    return rows.length > 0;
  },
};
