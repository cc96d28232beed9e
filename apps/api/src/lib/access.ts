import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { PLATFORM_ONLY, ROLES } from '@taskhive/contract';
import { type Db, rowsOf } from '../db/client.ts';
import { companies, roles, sessions, users } from '../db/schema/index.ts';

/**
 * The one statement of the module access-level rule, over a `company_modules` row `cm` and a
 * `permissions` row `p`: `full` allows every permission of the module, `write` all but deletes,
 * `read` only reads. Effective permissions, what a role carries and what a company's grants allow
 * all use it.
 */
export const MODULE_LEVEL_ALLOWS = sql.raw(`(cm.access_level = 'full'
  or (cm.access_level = 'write' and p.permission_type <> 'delete')
  or (cm.access_level = 'read' and p.permission_type = 'read'))`);

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
  const repo = {
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
      return [...((await repo.effectivePermissionsOf(companyId, [userId])).get(userId) ?? [])];
    },

    /**
     * `effectivePermissions` of several users of one company in one query (by name, each user's
     * set; a user who holds none is absent), optionally only among `among`. Not for the Super
     * Admin, who belongs to no company.
     */
    async effectivePermissionsOf(
      companyId: string,
      userIds: readonly string[],
      among?: readonly string[],
    ): Promise<Map<string, Set<string>>> {
      const out = new Map<string, Set<string>>();
      if (userIds.length === 0 || among?.length === 0) return out;
      const list = (xs: readonly string[], cast = sql``) =>
        sql.join(
          xs.map((x) => sql`${x}${cast}`),
          sql`, `,
        );
      const ids = list(userIds, sql`::uuid`);
      const result = await db.execute(sql`
        with held as (
          select u.id as user_id, rp.permission_id
            from users u
            join roles r on r.company_id = u.company_id and r.is_active
                        and (r.id = u.role_id
                             or r.id in (select role_id from user_roles ur
                                          where ur.user_id = u.id and ur.company_id = u.company_id))
            join role_permissions rp on rp.role_id = r.id
           where u.company_id = ${companyId} and u.id in (${ids})
          union
          select user_id, permission_id from user_permissions
           where company_id = ${companyId} and user_id in (${ids})
        )
        select distinct h.user_id, p.name
          from permissions p
          join held h on h.permission_id = p.id
          join company_modules cm on cm.module_id = p.module_id and cm.company_id = ${companyId}
          join modules m on m.id = p.module_id and m.status = 'active'
         where ${MODULE_LEVEL_ALLOWS}
           and p.name not in (${list(PLATFORM_ONLY)})
           ${among ? sql`and p.name in (${list(among)})` : sql``}
         order by p.name`);
      for (const r of rowsOf<{ user_id: string; name: string }>(result)) {
        const set = out.get(r.user_id) ?? new Set<string>();
        set.add(r.name);
        out.set(r.user_id, set);
      }
      return out;
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
           and ${MODULE_LEVEL_ALLOWS}
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
  return repo;
}

export const isSuperAdminRole = (roleName: string | null, roleType: string | null) =>
  roleName === ROLES.superAdmin && roleType === 'platform';
