import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { PLATFORM_ONLY, ROLES } from '@taskhive/contract';
import { type Db, rowsOf } from '../db/client.ts';
import { companies, roles, sessions, users } from '../db/schema/index.ts';

export type LiveSession = {
  userId: string;
  companyId: string;
  roleName: string | null;
  roleType: string | null;
  userStatus: string;
  companyActive: boolean;
};

/**
 * The reads the auth plugin makes on every authenticated request: is the session still live, and
 * what may this user do. Both are keyed by ids from a verified token.
 */
export function accessRepo(db: Db) {
  return {
    async liveSession(sessionId: string, userId: string): Promise<LiveSession | null> {
      const [row] = await db
        .select({
          userId: users.id,
          companyId: users.companyId,
          roleName: roles.name,
          roleType: roles.roleType,
          userStatus: users.status,
          companyActive: companies.isActive,
        })
        .from(sessions)
        .innerJoin(users, and(eq(users.id, sessions.userId), eq(users.companyId, sessions.companyId)))
        .innerJoin(companies, eq(companies.id, users.companyId))
        .leftJoin(roles, and(eq(roles.id, users.roleId), eq(roles.companyId, users.companyId)))
        .where(
          and(
            eq(sessions.id, sessionId),
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, sql`now()`),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /**
     * Effective permissions: the user's direct permissions ∪ those of their roles (primary and
     * additional, active ones), limited to modules granted to their company at an access level
     * that allows each permission's type. Platform-only permissions never come through a company.
     * The Super Admin holds every permission.
     */
    async effectivePermissions(userId: string, companyId: string, isSuperAdmin: boolean): Promise<string[]> {
      if (isSuperAdmin) {
        const rows = rowsOf<{ name: string }>(
          await db.execute(sql`select name from permissions order by name`),
        );
        return rows.map((r) => r.name);
      }
      const platformOnly = sql.join(
        PLATFORM_ONLY.map((p) => sql`${p}`),
        sql`, `,
      );
      const result = await db.execute(sql`
        with held as (
          select rp.permission_id
            from role_permissions rp
            join roles r on r.id = rp.role_id and r.is_active
           where r.company_id = ${companyId}
             and (r.id = (select role_id from users where id = ${userId} and company_id = ${companyId})
                  or r.id in (select role_id from user_roles where user_id = ${userId} and company_id = ${companyId}))
          union
          select permission_id from user_permissions where user_id = ${userId} and company_id = ${companyId}
        )
        select distinct p.name
          from permissions p
          join held h on h.permission_id = p.id
          join company_modules cm on cm.module_id = p.module_id and cm.company_id = ${companyId}
          join modules m on m.id = p.module_id and m.status = 'active'
         where (cm.access_level = 'full'
                or (cm.access_level = 'write' and p.permission_type <> 'delete')
                or (cm.access_level = 'read' and p.permission_type = 'read'))
           and p.name not in (${platformOnly})
         order by p.name`);
      return rowsOf<{ name: string }>(result).map((r) => r.name);
    },

    /**
     * What these roles of a company would give whoever holds them, whether active or not: their
     * permissions limited the same way as effective permissions (the company's modules and access
     * levels, never a platform-only one). Another company's role carries nothing here.
     */
    async roleCarries(companyId: string, roleIds: readonly string[]): Promise<string[]> {
      if (roleIds.length === 0) return [];
      const ids = sql.join(
        roleIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      );
      const platformOnly = sql.join(
        PLATFORM_ONLY.map((p) => sql`${p}`),
        sql`, `,
      );
      const result = await db.execute(sql`
        select distinct p.name
          from role_permissions rp
          join roles r on r.id = rp.role_id and r.company_id = ${companyId}
          join permissions p on p.id = rp.permission_id
          join company_modules cm on cm.module_id = p.module_id and cm.company_id = ${companyId}
          join modules m on m.id = p.module_id and m.status = 'active'
         where rp.role_id in (${ids})
           and (cm.access_level = 'full'
                or (cm.access_level = 'write' and p.permission_type <> 'delete')
                or (cm.access_level = 'read' and p.permission_type = 'read'))
           and p.name not in (${platformOnly})
         order by p.name`);
      return rowsOf<{ name: string }>(result).map((r) => r.name);
    },

    /** Whether the user holds the role, as primary or additional role. */
    async holdsRole(companyId: string, userId: string, roleId: string): Promise<boolean> {
      const result = await db.execute(sql`
        select 1 from users where id = ${userId} and company_id = ${companyId} and role_id = ${roleId}
        union all
        select 1 from user_roles where user_id = ${userId} and company_id = ${companyId} and role_id = ${roleId}
        limit 1`);
      return rowsOf(result).length > 0;
    },
  };
}

export const isSuperAdminRole = (roleName: string | null, roleType: string | null) =>
  roleName === ROLES.superAdmin && roleType === 'platform';
