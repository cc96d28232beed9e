import { and, asc, count, desc, eq, ilike, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { CompanyRoleListQuery } from '@taskhive/contract';
import type { Db } from '../../db/client.ts';
import { permissions, rolePermissions, roles } from '../../db/schema/index.ts';
import { containsPattern, roleUserCounts } from '../users/users.repo.ts';

export type CompanyRoleRow = {
  id: string;
  name: string;
  description: string | null;
  isActive: boolean;
  isDefault: boolean;
  userCount: number;
  createdAt: Date;
  updatedAt: Date;
};

/** A company's own roles (role_type 'company'). Every query is filtered by the company. */
export function companyRolesRepo(db: Db, companyId: string) {
  const mine = and(eq(roles.companyId, companyId), eq(roles.roleType, 'company'));
  const select = () => {
    const counts = roleUserCounts(db, companyId);
    const userCount = sql<number>`coalesce(${counts.userCount}, 0)`.mapWith(Number);
    const q = db
      .select({
        id: roles.id,
        name: roles.name,
        description: roles.description,
        isActive: roles.isActive,
        isDefault: roles.isDefault,
        userCount,
        createdAt: roles.createdAt,
        updatedAt: roles.updatedAt,
      })
      .from(roles)
      .leftJoin(counts, eq(counts.roleId, roles.id));
    return { q, userCount };
  };
  const SORT: Record<Exclude<CompanyRoleListQuery['sortBy'], 'userCount'>, SQL> = {
    roleName: sql`lower(${roles.name})`,
    createdAt: sql`${roles.createdAt}`,
    updatedAt: sql`${roles.updatedAt}`,
    isActive: sql`${roles.isActive}`,
    defaultRole: sql`${roles.isDefault}`,
  };

  return {
    async insert(r: { name: string; description?: string | null; isActive?: boolean; isDefault?: boolean }) {
      const [row] = await db
        .insert(roles)
        .values({ ...r, companyId, roleType: 'company' })
        .returning({ id: roles.id });
      if (!row) throw new Error('insert returned no row');
      return row.id;
    },

    /** Replaces nothing: adds the named permissions to one of this company's roles. */
    async grant(roleId: string, permissionNames: readonly string[]) {
      if (permissionNames.length === 0) return;
      const [role] = await db
        .select({ id: roles.id })
        .from(roles)
        .where(and(eq(roles.id, roleId), eq(roles.companyId, companyId)));
      if (!role) throw new Error('role not in company');
      const perms = await db
        .select({ id: permissions.id })
        .from(permissions)
        .where(inArray(permissions.name, [...permissionNames]));
      await db
        .insert(rolePermissions)
        .values(perms.map((p) => ({ roleId, permissionId: p.id })))
        .onConflictDoNothing();
    },

    async byName(name: string) {
      const [row] = await db
        .select({ id: roles.id, name: roles.name })
        .from(roles)
        .where(and(eq(roles.companyId, companyId), eq(roles.name, name)));
      return row ?? null;
    },

    /** The roles with their holder counts, filtered and sorted; paged when `page` is given. */
    async list(
      q: Pick<CompanyRoleListQuery, 'search' | 'sortBy' | 'sortOrder'>,
      page?: { number: number; size: number },
    ) {
      const where = and(mine, q.search ? ilike(roles.name, containsPattern(q.search)) : undefined);
      const dir = q.sortOrder === 'desc' ? desc : asc;
      const { q: base, userCount } = select();
      const sortBy = q.sortBy === 'userCount' ? userCount : SORT[q.sortBy];
      const ordered = base.where(where).orderBy(dir(sortBy), dir(roles.id));
      const rows: CompanyRoleRow[] = page
        ? await ordered.limit(page.size).offset((page.number - 1) * page.size)
        : await ordered;
      if (!page) return { rows, total: rows.length };
      const [total] = await db.select({ n: count() }).from(roles).where(where);
      return { rows, total: total?.n ?? 0 };
    },

    async byId(roleId: string): Promise<CompanyRoleRow | null> {
      const [row] = await select().q.where(and(mine, eq(roles.id, roleId)));
      return row ?? null;
    },

    /** The role new employees get. */
    async defaultRole() {
      const [row] = await db
        .select({ id: roles.id, isActive: roles.isActive })
        .from(roles)
        .where(and(mine, eq(roles.isDefault, true)));
      return row ?? null;
    },

    /** An active role of this company (for assigning to a user), or null. */
    async activeRole(roleId: string) {
      const [row] = await db
        .select({ id: roles.id, name: roles.name })
        .from(roles)
        .where(and(mine, eq(roles.id, roleId), eq(roles.isActive, true)));
      return row ?? null;
    },

    async update(
      roleId: string,
      patch: { name?: string; description?: string | null; isActive?: boolean; isDefault?: boolean },
    ) {
      await db
        .update(roles)
        .set(patch)
        .where(and(mine, eq(roles.id, roleId)));
    },

    /**
     * Every role of the company, locked until the transaction ends, in id order (so two writers
     * never lock in opposite orders and deadlock). Role rules are checked on these rows.
     */
    lockAll() {
      return db
        .select({ id: roles.id, name: roles.name, isActive: roles.isActive, isDefault: roles.isDefault })
        .from(roles)
        .where(mine)
        .orderBy(asc(roles.id))
        .for('update');
    },

    /** An active role of this company, locked against deletion until the transaction ends. */
    async lockActiveRole(roleId: string) {
      const [row] = await db
        .select({ id: roles.id })
        .from(roles)
        .where(and(mine, eq(roles.id, roleId), eq(roles.isActive, true)))
        .for('share');
      return row ?? null;
    },

    /** Clears the default flag from every role but `keep` (first step of moving the default). */
    async clearDefault(keep?: string) {
      await db
        .update(roles)
        .set({ isDefault: false })
        .where(and(mine, eq(roles.isDefault, true), keep ? ne(roles.id, keep) : undefined));
    },

    async delete(roleId: string): Promise<boolean> {
      const rows = await db
        .delete(roles)
        .where(and(mine, eq(roles.id, roleId)))
        .returning({ id: roles.id });
      return rows.length > 0;
    },
  };
}
