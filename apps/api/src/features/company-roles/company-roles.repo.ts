import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { permissions, rolePermissions, roles } from '../../db/schema/index.ts';

/** A company's own roles (role_type 'company'). Every query is filtered by the company. */
export function companyRolesRepo(db: Db, companyId: string) {
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
  };
}
