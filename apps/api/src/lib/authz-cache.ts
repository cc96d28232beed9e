import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { companies, roles, sessions, users } from '../db/schema/index.ts';
import { accessRepo, isSuperAdminRole, type LiveSession } from './access.ts';

/** What the auth plugin learns about a token's session when it reads it from the database. */
export type SessionState = LiveSession & {
  /** The company's authorisation version: bumped by triggers on every permission-relevant change. */
  authzVersion: number;
  /** When the session expires (checked on every cached use too). */
  expiresAt: Date;
  /** A Company Admin set the password: only the routes that change it are open (issue 24). */
  mustChangePassword: boolean;
};

/** A token's authorisation: the session's state and the permissions it gives. */
export type Authorisation = { state: SessionState; permissions: ReadonlySet<string> };

type Entry = { companyId: string; version: number; superAdmin: boolean; permissions: ReadonlySet<string> };
type SessionEntry = Authorisation & { sessionId: string; validUntil: number };

/** How many users' permission sets a process keeps (least recently used go first). */
export const AUTHZ_CACHE_USERS = 10_000;
/** How many sessions' state a process keeps (the first kept go first). */
export const AUTHZ_CACHE_SESSIONS = 10_000;
/** The last safety net: a cached session state is read again from the database after this. */
export const AUTHZ_CACHE_TTL_MS = 60_000;

export type AuthzCacheOptions = {
  maxUsers?: number;
  maxSessions?: number;
  ttlMs?: number;
  now?: () => number;
};

/**
 * Cheap authorisation: a warm request touches no database.
 *
 * Session state (session live, user status and primary role, company active, its
 * `authz_version`) and the effective permissions are kept per session id, in a bounded map (first in,
 * first out: a hit costs one look-up) with a
 * TTL. The database pushes every change that can alter them: triggers (migration 0007) NOTIFY
 * `taskhive_authz` with the company, session or user concerned when `companies.authz_version` is
 * bumped (every permission-relevant change: migration 0002), a company is (de)activated, a session
 * is revoked, re-dated or deleted, a user's status, primary role or company changes; the auth
 * plugin feeds those to `invalidate`, which drops the matching entries.
 *
 * Never stale: the cache is used only while the listener is connected (`listening(true)`), and it
 * is emptied whenever the listener (re)connects or drops, so a notification missed during an
 * outage cannot leave an entry behind; meanwhile every request reads the database as before. An
 * entry is stored only when no notification arrived while it was being read (a change committed
 * during the read may have been missed by it). In the writing process the change's notification
 * arrives on the writer's own connection before its COMMIT answers (db/client.ts), so the next
 * request there sees it; another process sees it once the notification is delivered (well under a
 * millisecond on one host).
 *
 * On a miss, ONE prepared statement by primary keys reads the state; the effective permissions (a
 * CTE over roles, grants and modules) are computed only when the company's version differs from
 * the one this process cached them under.
 */
export function authzCache(db: Db, options: AuthzCacheOptions = {}) {
  const maxUsers = options.maxUsers ?? AUTHZ_CACHE_USERS;
  const maxSessions = options.maxSessions ?? AUTHZ_CACHE_SESSIONS;
  const ttlMs = options.ttlMs ?? AUTHZ_CACHE_TTL_MS;
  const now = options.now ?? Date.now;
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
      expiresAt: sessions.expiresAt,
      mustChangePassword: users.mustChangePassword,
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
  const bySession = new Map<string, SessionEntry>();
  let listening = false;
  /** Moves on every notification: a read that saw it move may hold what the change replaced. */
  let epoch = 0;
  const counts = { hits: 0, misses: 0 };

  function dropWhere(match: (e: SessionEntry) => boolean) {
    for (const [id, e] of bySession) if (match(e)) bySession.delete(id);
  }

  async function session(sessionId: string, userId: string): Promise<SessionState | null> {
    const [row] = await stateQuery.execute({ sessionId, userId });
    return row
      ? { ...row, authzVersion: Number(row.authzVersion), expiresAt: new Date(row.expiresAt) }
      : null;
  }

  async function permissions(state: SessionState): Promise<ReadonlySet<string>> {
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
    const set: ReadonlySet<string> = new Set(
      await access.effectivePermissions(state.userId, state.companyId, superAdmin),
    );
    byUser.delete(state.userId);
    byUser.set(state.userId, {
      companyId: state.companyId,
      version: state.authzVersion,
      superAdmin,
      permissions: set,
    });
    if (byUser.size > maxUsers) {
      const oldest = byUser.keys().next();
      if (!oldest.done) byUser.delete(oldest.value);
    }
    return set;
  }

  /**
   * The session's authorisation from memory, at once, when the cache holds it and may be used;
   * undefined: ask `authorise`, which reads the database.
   */
  function cached(sessionId: string, userId: string): Authorisation | undefined {
    if (!listening) return undefined;
    const hit = bySession.get(sessionId);
    if (!hit) return undefined;
    const t = now();
    if (hit.state.userId !== userId || t >= hit.validUntil || t >= hit.state.expiresAt.getTime()) {
      bySession.delete(sessionId);
      return undefined;
    }
    // No reordering on a hit (first in, first out): an entry lives 60 s at most anyway.
    counts.hits++;
    return hit;
  }

  return {
    /** The live session's state, read from the database, or null when revoked, expired or unknown. */
    session,

    /** The user's effective permissions at the session's authorisation version. */
    permissions,

    /** `authorise` from memory only, at once (the auth hook's path without a promise). */
    cached,

    /**
     * The token's session state and permissions: from memory when warm (no database), else read
     * (and kept when the listener is connected). Null when the session is not live.
     */
    async authorise(sessionId: string, userId: string): Promise<Authorisation | null> {
      const hit = cached(sessionId, userId);
      if (hit) return hit;
      const t = now();
      counts.misses++;
      const seen = epoch;
      const state = await session(sessionId, userId);
      if (!state) return null;
      const found = { state, permissions: await permissions(state) };
      if (listening && epoch === seen) {
        bySession.set(sessionId, { ...found, sessionId, validUntil: t + ttlMs });
        if (bySession.size > maxSessions) {
          const oldest = bySession.keys().next();
          if (!oldest.done) bySession.delete(oldest.value);
        }
      }
      return found;
    },

    /** A notification from the database: drops what it names ('c:', 's:', 'u:' + id, or '*'). */
    invalidate(payload: string) {
      if (payload.startsWith('sync:')) return;
      epoch++;
      const id = payload.slice(2);
      if (payload.startsWith('s:')) bySession.delete(id);
      else if (payload.startsWith('u:')) dropWhere((e) => e.state.userId === id);
      else if (payload.startsWith('c:')) dropWhere((e) => e.state.companyId === id);
      else bySession.clear();
    },

    /** The listener's state: the cache is used only while it listens, and emptied on each change. */
    listening(up: boolean) {
      epoch++;
      bySession.clear();
      listening = up;
    },

    /** How many users' permission sets are held (tests check the bound). */
    get size() {
      return byUser.size;
    },

    /** How many sessions' states are held, and whether they are used. */
    get sessions() {
      return { size: bySession.size, listening, ...counts };
    },
  };
}

export type AuthzCache = ReturnType<typeof authzCache>;
