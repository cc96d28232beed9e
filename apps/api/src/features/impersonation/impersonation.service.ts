import {
  IMPERSONATION_MESSAGES,
  IMPERSONATION_TTL_SECONDS,
  type Impersonation,
  type ImpersonationSession,
  MESSAGES,
  type OwnSession,
} from '@taskhive/contract';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { accessRepo, isSuperAdminRole } from '../../lib/access.ts';
import { conflict, forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import { type Actor, makeScope, type Scope, scopeForCompany } from '../../lib/scope.ts';
import { signAccessToken } from '../../lib/tokens.ts';
import { auditLog } from '../audit/index.ts';
import { userSessions } from '../auth/index.ts';
import { toSessionUser, usersReads } from '../users/index.ts';
import { impersonationRepo } from './impersonation.repo.ts';

/**
 * Impersonation (issue 24): the Super Admin acts as a company's Company Admin, for a reason and
 * for at most `ttlSeconds`. The impersonation is a session of the admin's (sessions.impersonator_id
 * and impersonation_reason say who and why) whose access token carries the `imp` claim and lasts
 * until the impersonation ends: there is no refresh token, so past the limit the token answers
 * 401. The Super Admin's own session goes on untouched, and ending gives its access token back.
 */
export function impersonationService(deps: { db: Db; config: Config }) {
  const { db, config } = deps;
  const ttlSeconds = config.impersonation?.ttlSeconds ?? IMPERSONATION_TTL_SECONDS;
  const access = accessRepo(db);

  /** The session of a user of the scope's company, as sign-in gives it. */
  async function sessionOf(
    scope: Scope,
    claims: { userId: string; sessionId: string; role: string; superAdmin: boolean },
    imp?: Actor['impersonation'],
  ): Promise<OwnSession> {
    const row = await usersReads.byId(scope, claims.userId);
    if (!row) throw unauthorized(MESSAGES.auth.sessionExpired);
    const token = await signAccessToken(config.jwtSecret, {
      userId: claims.userId,
      companyId: scope.companyId,
      role: claims.role,
      sessionId: claims.sessionId,
      ...(imp ? { imp } : {}),
    });
    const permissions = await access.effectivePermissions(claims.userId, scope.companyId, claims.superAdmin);
    return { token, accessToken: token, user: toSessionUser(row), permissions: [...permissions].sort() };
  }

  /** What the impersonation of an actor is, in words. */
  async function describe(scope: Scope, imp: NonNullable<Actor['impersonation']>): Promise<Impersonation> {
    const [admin, superAdmin, company] = await Promise.all([
      usersReads.person(scope, scope.actor.userId),
      // The Super Admin, of the platform's company: on the owner's handle (row-level security).
      usersReads.person(makeScope(scope.platformDb, scope.actor, imp.byCompanyId), imp.by),
      impersonationRepo.company(scope),
    ]);
    if (!admin || !superAdmin || !company) throw unauthorized(MESSAGES.auth.sessionExpired);
    return {
      actingAs: { userId: admin.id, name: admin.name, email: admin.email },
      companyId: scope.companyId,
      companyName: company.name,
      by: { userId: superAdmin.id, name: superAdmin.name },
      reason: imp.reason,
      expiresAt: new Date(imp.exp * 1000).toISOString(),
    };
  }

  return {
    /**
     * Starts acting as the company's Company Admin: 403 for anyone but the Super Admin (an
     * impersonation session is never one), 404 for an unknown company, 409 when the company is
     * inactive or has no active Company Admin. The start is audited in the company's log.
     */
    async start(scope: Scope, companyId: string, reason: string): Promise<ImpersonationSession> {
      const { actor } = scope;
      if (!actor.isSuperAdmin || actor.impersonation) throw forbidden();
      const target = scopeForCompany(scope, companyId);
      const company = await impersonationRepo.company(target);
      if (!company) throw notFound('Company');
      if (!company.isActive) throw conflict(IMPERSONATION_MESSAGES.companyInactive);
      const admin = await impersonationRepo.activeAdmin(target);
      if (!admin) throw conflict(IMPERSONATION_MESSAGES.noAdmin);

      const exp = Math.floor(Date.now() / 1000) + ttlSeconds;
      const imp = {
        by: actor.userId,
        byCompanyId: actor.companyId,
        bySessionId: actor.sessionId,
        reason,
        exp,
      };
      const sessionId = await target.transaction(async (tx) => {
        const id = await userSessions.create(tx, {
          userId: admin.userId,
          expiresAt: new Date(exp * 1000),
          ip: actor.client?.ip,
          userAgent: actor.client?.userAgent?.slice(0, 300),
          impersonatorId: actor.userId,
          impersonationReason: reason,
        });
        await auditLog.record(tx, {
          kind: 'impersonation.started',
          subjectUserId: admin.userId,
          details: { reason, minutes: Math.round(ttlSeconds / 60) },
        });
        return id;
      });
      const session = await sessionOf(
        target,
        { userId: admin.userId, sessionId, role: admin.role, superAdmin: false },
        imp,
      );
      const as = makeScope(db, { ...actor, userId: admin.userId, companyId, sessionId, impersonation: imp });
      return { ...session, impersonation: await describe(as, imp) };
    },

    /** The impersonation the caller's session carries, or null. */
    async current(scope: Scope): Promise<Impersonation | null> {
      const imp = scope.actor.impersonation;
      return imp ? describe(scope, imp) : null;
    },

    /**
     * Ends the impersonation the caller's session carries (audited; its session is revoked) and
     * answers the Super Admin's own session, still live. No session-ended change is sent: the tab
     * that ends it closes its stream as it switches sessions (a session-ended event would make it
     * read /auth/me with the revoked token in between); any other stream of the session closes
     * at its next re-check. Called with a
     * session that is no impersonation (the web after an impersonation ran out: its refresh gave
     * the Super Admin's token back), it answers that session as it is.
     */
    async end(scope: Scope): Promise<OwnSession> {
      const { actor } = scope;
      const imp = actor.impersonation;
      if (!imp) {
        return sessionOf(scope, {
          userId: actor.userId,
          sessionId: actor.sessionId,
          role: actor.role,
          superAdmin: actor.isSuperAdmin,
        });
      }
      await scope.transaction(async (tx) => {
        await userSessions.revoke(tx.db, actor.sessionId, 'impersonation-ended');
        await auditLog.record(tx, {
          kind: 'impersonation.ended',
          subjectUserId: actor.userId,
          details: { reason: imp.reason },
        });
      });
      const own = await access.liveSession(imp.bySessionId, imp.by);
      if (!own || own.userStatus !== 'active' || !own.companyActive)
        throw unauthorized(MESSAGES.auth.sessionExpired);
      const superAdmin = isSuperAdminRole(own.roleName, own.roleType);
      const ownActor: Actor = {
        userId: imp.by,
        companyId: own.companyId,
        sessionId: imp.bySessionId,
        role: own.roleName ?? '',
        isSuperAdmin: superAdmin,
        permissions: new Set(),
      };
      return sessionOf(makeScope(db, ownActor), {
        userId: imp.by,
        sessionId: imp.bySessionId,
        role: own.roleName ?? '',
        superAdmin,
      });
    },
  };
}

export type ImpersonationService = ReturnType<typeof impersonationService>;
