import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { RoleListQuery } from '@taskhive/contract';
import { rolePermissions, roles, userRoles, users } from '../../db/schema/index.ts';
import { countAll, type ListResult, pageWindow, searchAny, sortBy, totalOf } from '../../lib/list.ts';
import type { Scope } from '../../lib/scope.ts';

export type RoleRow = {
  id: string;
  name: string;
  roleType: string;
  companyId: string;
  description: string | null;
  isActive: boolean;
  permissionCount: number;
  createdAt: Date;
  updatedAt: Date;
};

const permissionCount =
  sql<number>`(select count(*) from role_permissions rp where rp.role_id = "roles"."id")`.mapWith(Number);

function select(scope: Scope) {
  return scope.db
    .select({
      id: roles.id,
      name: roles.name,
      roleType: roles.roleType,
      companyId: roles.companyId,
      description: roles.description,
      isActive: roles.isActive,
      permissionCount,
      createdAt: roles.createdAt,
      updatedAt: roles.updatedAt,
    })
    .from(roles);
}

/**
 * Roles administration through /api/Roles: platform roles (role_type platform, owned by the
 * platform's own company) and a company's roles. `owner` selects which; the service decides which the actor sees.
 */
export const rolesRepo = {
  async list(scope: Scope, q: RoleListQuery, owner: SQL): Promise<ListResult<RoleRow>> {
    const where = and(
      owner,
      searchAny(q.search, roles.name, roles.description),
      q.roleType ? eq(roles.roleType, q.roleType) : undefined,
    );
    const { limit, offset } = pageWindow(q);
    const keys = { name: sql`lower(${roles.name})`, createdAt: roles.createdAt };
    const [rows, total] = await Promise.all([
      select(scope)
        .where(where)
        .orderBy(...sortBy(keys, q.sortBy, q.sortOrder, roles.id))
        .limit(limit)
        .offset(offset),
      totalOf(scope.db.select({ n: countAll() }).from(roles).where(where)),
    ]);
    return { rows, total };
  },

  /** Platform roles: the Super Admin's, owned by the platform's own company (the Super Admin's scope). */
  platform: (scope: Scope): SQL => scope.own(roles, eq(roles.roleType, 'platform')),
  ofCompany: (companyId: string): SQL => eq(roles.companyId, companyId),

  /**
   * A role by id: of the scope's company, or of any company for the Super Admin (the one
   * cross-tenant read here, allow-listed in the tenant guard; the policy decides what is visible).
   */
  async byId(scope: Scope, id: string): Promise<RoleRow | null> {
    const [row] = await select(scope).where(
      scope.actor.isSuperAdmin ? eq(roles.id, id) : scope.own(roles, eq(roles.id, id)),
    );
    return row ?? null;
  },

  async insert(
    scope: Scope,
    r: { name: string; description: string | null; isActive: boolean; roleType: 'platform' | 'company' },
  ) {
    const [row] = await scope.db.insert(roles).values(scope.values(r)).returning({ id: roles.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  },

  async update(
    scope: Scope,
    id: string,
    patch: Partial<{ name: string; description: string | null; isActive: boolean }>,
  ) {
    if (Object.keys(patch).length === 0) return;
    await scope.db
      .update(roles)
      .set(patch)
      .where(scope.own(roles, eq(roles.id, id)));
  },

  async delete(scope: Scope, id: string) {
    await scope.db.delete(roles).where(scope.own(roles, eq(roles.id, id)));
  },

  /**
   * The statements below take the scope of the role's own company (`rolesService` builds it from
   * the loaded role, so the Super Admin reaches any company's role through the same conditions).
   */
  /** How many users hold the role, as primary or additional role. */
  async holders(scope: Scope, id: string): Promise<number> {
    const [a, b] = await Promise.all([
      totalOf(
        scope.db
          .select({ n: countAll() })
          .from(users)
          .where(scope.own(users, eq(users.roleId, id))),
      ),
      totalOf(
        scope.db
          .select({ n: countAll() })
          .from(userRoles)
          .where(scope.own(userRoles, eq(userRoles.roleId, id))),
      ),
    ]);
    return a + b;
  },

  async permissionIds(scope: Scope, roleId: string): Promise<string[]> {
    const rows = await scope.db
      .select({ id: rolePermissions.permissionId })
      .from(rolePermissions)
      .where(eq(rolePermissions.roleId, roleId));
    return rows.map((r) => r.id);
  },

  /** False when the role already held it. */
  async grant(scope: Scope, roleId: string, permissionId: string): Promise<boolean> {
    const rows = await scope.db
      .insert(rolePermissions)
      .values({ roleId, permissionId })
      .onConflictDoNothing()
      .returning({ id: rolePermissions.roleId });
    return rows.length > 0;
  },

  async revoke(scope: Scope, roleId: string, permissionId: string) {
    const rows = await scope.db
      .delete(rolePermissions)
      .where(and(eq(rolePermissions.roleId, roleId), eq(rolePermissions.permissionId, permissionId)))
      .returning({ id: rolePermissions.roleId });
    return rows.length > 0;
  },

  /** A user's roles: the primary one (users.role_id) and the additional ones (user_roles). */
  async ofUser(scope: Scope, userId: string, primaryRoleId: string | null): Promise<RoleRow[]> {
    const extra = scope.db
      .select({ id: userRoles.roleId })
      .from(userRoles)
      .where(scope.own(userRoles, eq(userRoles.userId, userId)));
    const ids = primaryRoleId
      ? sql`${roles.id} = ${primaryRoleId} or ${inArray(roles.id, extra)}`
      : inArray(roles.id, extra);
    return select(scope)
      .where(scope.own(roles, ids))
      .orderBy(sql`lower(${roles.name})`);
  },

  /** False when the user already had it. */
  async addToUser(scope: Scope, userId: string, roleId: string): Promise<boolean> {
    const rows = await scope.db
      .insert(userRoles)
      .values(scope.values({ userId, roleId }))
      .onConflictDoNothing()
      .returning({ id: userRoles.roleId });
    return rows.length > 0;
  },

  async removeFromUser(scope: Scope, userId: string, roleId: string) {
    const rows = await scope.db
      .delete(userRoles)
      .where(scope.own(userRoles, eq(userRoles.userId, userId), eq(userRoles.roleId, roleId)))
      .returning({ id: userRoles.roleId });
    return rows.length > 0;
  },
};
