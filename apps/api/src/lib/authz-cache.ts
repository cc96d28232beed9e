import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { companies, roles, sessions, users } from '../db/schema/index.ts';
import { accessRepo, isSuperAdminRole, type LiveSession } from './access.ts';

/** What the auth plugin learns about a token's session in its one query per request. */
export type SessionState = LiveSession & {
  /** The company's authorisation version: bumped by triggers on every permission-relevant change. */
  authzVersion: number;
};

type Entry = { companyId: string; version: number; superAdmin: boolean; permissions: ReadonlySet<string> };

/** How many users' permission sets a process keeps (least recently used go first). */
export const AUTHZ_CACHE_USERS = 10_000;

/**
 * Cheap authorisation. Per request: ONE prepared statement, by primary keys, returns whether the
 * session is live, the user's status and primary role, whether the company is active and the
 * company's `authz_version`. The effective permissions (a CTE over roles, grants and modules) are
 * computed only when that version differs from the one this process cached them under.
 *
 * Why this is never stale: the database bumps `companies.authz_version` in the same transaction
 * as any change to roles, role permissions, user permissions, user roles, a primary role, module
 * grants, modules or permissions (triggers in migration 0001, so no code path can forget), and
 * session, user status and company activity are read live. Permissions are computed after the
 * version is read, so a cached set is never older than the version it is stored under; every
 * process reads the version on every request, so a change counts from the next request everywhere.
 */
export function authzCache(db: Db, maxUsers = AUTHZ_CACHE_USERS) {
  const access = accessRepo(db);
  const stateQuery = db
    .select({
      userId: users.id,
      companyId: users.companyId,
      roleName: roles.name,
      roleType: roles.roleType,
      userStatus: users.status,
      companyActive: companies.isActive,
      authzVersion: companies.authzVersion,
    })
    .from(sessions)
    .innerJoin(users, and(eq(users.id, sessions.userId), eq(users.companyId, sessions.companyId)))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, sql.placeholder('userId')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1)
    .prepare('taskhive_authz_session_state');

  const byUser = new Map<string, Entry>();

  return {
    /** The live session's state, or null when it is revoked, expired or unknown. */
    async session(sessionId: string, userId: string): Promise<SessionState | null> {
      const [row] = await stateQuery.execute({ sessionId, userId });
      return row ? { ...row, authzVersion: Number(row.authzVersion) } : null;
    },

    /** The user's effective permissions at the session's authorisation version. */
    async permissions(state: SessionState): Promise<ReadonlySet<string>> {
      const superAdmin = isSuperAdminRole(state.roleName, state.roleType);
      const hit = byUser.get(state.userId);
      if (
        hit &&
        hit.version === state.authzVersion &&
        hit.companyId === state.companyId &&
        hit.superAdmin === superAdmin
      ) {
        byUser.delete(state.userId);
        byUser.set(state.userId, hit);
        return hit.permissions;
      }
      const permissions: ReadonlySet<string> = new Set(
        await access.effectivePermissions(state.userId, state.companyId, superAdmin),
      );
      byUser.delete(state.userId);
      byUser.set(state.userId, {
        companyId: state.companyId,
        version: state.authzVersion,
        superAdmin,
        permissions,
      });
      if (byUser.size > maxUsers) {
        const oldest = byUser.keys().next();
        if (!oldest.done) byUser.delete(oldest.value);
      }
      return permissions;
    },

    /** How many users' permission sets are held (tests check the bound). */
    get size() {
      return byUser.size;
    },
  };
}

export type AuthzCache = ReturnType<typeof authzCache>;
