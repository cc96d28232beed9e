import {
  type ChangePasswordBody,
  type LoginResult,
  MESSAGES,
  PASSWORD_RESET_TTL_SECONDS,
  PROFILE_MESSAGES,
  REFRESH_TOKEN_TTL_SECONDS,
  RESET_EXPIRED_CODE,
  type RefreshResult,
  type RegisterBody,
  type ResetPasswordBody,
  SESSION_ABSOLUTE_TTL_SECONDS,
  type UpdateOwnProfileBody,
} from '@taskhive/contract';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import {
  conflict,
  fieldError,
  forbidden,
  HttpError,
  notFound,
  uniqueViolation,
  unauthorized,
} from '../../lib/errors.ts';
import { accessRepo, isSuperAdminRole } from '../../lib/access.ts';
import { escapeHtml } from '../../lib/html.ts';
import type { Background } from '../../lib/background.ts';
import { enqueue, type JobHandler } from '../../lib/jobs.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { assertAcceptablePassword, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { type Scope, systemScope } from '../../lib/scope.ts';
import { hashToken, randomToken, signAccessToken } from '../../lib/tokens.ts';
import { auditLog } from '../audit/index.ts';
import { provisionCompany } from '../companies/index.ts';
import { platformReads } from '../platform/index.ts';
import { toSessionUser, toUserProfile, usersWrites, usersReads } from '../users/index.ts';
import { type LiveBus, sessionEnded } from '../../lib/live-events.ts';
import { sessionsRepo } from './sessions.repo.ts';

export type AuthDeps = {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  background: Background;
  /** Where a public route's session ends are told (signed-in routes publish their scope's events). */
  live: Pick<LiveBus, 'publish'>;
};
type Client = { ip?: string; userAgent?: string };
/** A result carrying a refresh token, with the moment that token ends. */
type Issued<T> = T & { refreshExpiresAt: Date };

const seconds = (s: number) => new Date(Date.now() + s * 1000);

/** The job that mails a password reset link (lib/jobs.ts). */
export const RESET_MAIL = 'mail:password-reset';

const resetPayloadSchema = z.object({ email: z.string() });

/**
 * Mails a reset link, for a real, active account only: a fresh token (stored hashed) made when
 * the mail goes out, so no usable link waits in the database. An unknown or inactive address
 * mails nothing. A mailer failure throws and the job is tried again with a new token.
 */
export function passwordResetMail(deps: { db: Db; config: Config; mailer: Mailer }): JobHandler {
  const { db, config, mailer } = deps;
  return async (payload) => {
    const { email } = resetPayloadSchema.parse(payload);
    const row = await platformReads.userForSignIn(db, email);
    if (!row || row.status !== 'active' || !row.companyActive) return;
    const token = randomToken();
    await sessionsRepo.createPasswordToken(systemScope(db, row.companyId), {
      userId: row.userId,
      purpose: 'reset',
      tokenHash: hashToken(token),
      expiresAt: seconds(PASSWORD_RESET_TTL_SECONDS),
    });
    const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(row.email)}`;
    await mailer.send({
      to: row.email,
      subject: 'Reset your Taskhive password',
      text: `Hello ${row.firstName},\n\nSomeone asked to reset the password of your Taskhive account. Open this link within 30 minutes to choose a new one:\n\n${link}\n\nIf it was not you, ignore this message: your password stays as it is.\n`,
      html: `<p>Hello ${escapeHtml(row.firstName)},</p><p>Someone asked to reset the password of your Taskhive account. Open this link within 30 minutes to choose a new one:</p><p><a href="${escapeHtml(link)}">Reset my password</a></p><p>If it was not you, ignore this message: your password stays as it is.</p>`,
    });
  };
}

/** Sign-in, sessions and passwords. Routes call these; nothing here knows about HTTP. */
export function authService({ db, config, log, background, live }: AuthDeps) {
  const sessions = sessionsRepo;
  const access = accessRepo(db);

  /** A new refresh token, living its own span but never past the end of its session. */
  async function issueRefreshToken(tx: Db, sessionId: string, sessionExpiresAt: Date) {
    const refreshToken = randomToken();
    const ttl = seconds(REFRESH_TOKEN_TTL_SECONDS);
    const expiresAt = ttl < sessionExpiresAt ? ttl : sessionExpiresAt;
    await sessions.addRefreshToken(tx, sessionId, hashToken(refreshToken), expiresAt);
    return { refreshToken, expiresAt };
  }

  async function permissionsOf(row: {
    userId: string;
    companyId: string;
    roleName: string | null;
    roleType: string | null;
  }) {
    return access.effectivePermissions(
      row.userId,
      row.companyId,
      isSuperAdminRole(row.roleName, row.roleType),
    );
  }

  type SignInRow = { userId: string; companyId: string; firstName: string; lastName: string; email: string };
  const personOf = (row: SignInRow) => ({
    id: row.userId,
    name: `${row.firstName} ${row.lastName}`,
    email: row.email,
  });

  /**
   * A failed sign-in of a known account goes to its company's audit log just after the answer,
   * so the answer takes the same path and time as for an unknown email (which is not recorded:
   * it belongs to no company). Whoever tried is unknown: the account is the subject.
   */
  function failedSignIn(row: SignInRow, reason: string, client: Client) {
    background.later('audit of a failed sign-in', () =>
      auditLog.record(systemScope(db, row.companyId), {
        kind: 'signin.failed',
        actor: null,
        subjectUserId: row.userId,
        details: { reason },
        client,
      }),
    );
  }

  return {
    /** The session's tokens, and when its refresh token ends (the lifetime of its cookie). */
    async login(email: string, password: string, client: Client): Promise<Issued<LoginResult>> {
      // One code path for unknown email and wrong password: both verify against a hash.
      const row = await platformReads.userForSignIn(db, email);
      const valid = await verifyPassword(row?.passwordHash ?? null, password);
      if (!row || !valid) {
        if (row) failedSignIn(row, 'wrong-password', client);
        throw unauthorized(MESSAGES.auth.loginFailed);
      }
      if (row.status !== 'active') {
        failedSignIn(row, 'user-inactive', client);
        throw forbidden(MESSAGES.auth.userInactive);
      }
      if (!row.companyActive) {
        failedSignIn(row, 'company-inactive', client);
        throw forbidden(MESSAGES.auth.companyInactive);
      }

      const expiresAt = seconds(SESSION_ABSOLUTE_TTL_SECONDS);
      const { sessionId, refresh } = await db.transaction(async (tx) => {
        // Signed in: from here the user's company is known, and their writes go through its scope.
        const scope = systemScope(tx, row.companyId);
        const sessionId = await sessions.create(scope, {
          userId: row.userId,
          expiresAt,
          ip: client.ip,
          userAgent: client.userAgent?.slice(0, 300),
        });
        const refresh = await issueRefreshToken(tx, sessionId, expiresAt);
        await usersWrites.touchLogin(scope, row.userId);
        await auditLog.record(scope, {
          kind: 'signin.succeeded',
          actor: personOf(row),
          subjectUserId: row.userId,
          client,
        });
        return { sessionId, refresh };
      });
      const role = row.roleName ?? '';
      const token = await signAccessToken(config.jwtSecret, {
        userId: row.userId,
        companyId: row.companyId,
        role,
        sessionId,
      });
      return {
        token,
        accessToken: token,
        refreshToken: refresh.refreshToken,
        user: toSessionUser(row),
        permissions: await permissionsOf(row),
        refreshExpiresAt: refresh.expiresAt,
      };
    },

    async register(body: RegisterBody) {
      assertAcceptablePassword(body.password, 'password');
      const passwordHash = await hashPassword(body.password);
      try {
        const p = await db.transaction((tx) =>
          provisionCompany(
            tx,
            { name: body.companyName, email: body.email, isActive: true, isApproved: false },
            {
              email: body.email,
              firstName: body.firstName,
              lastName: body.lastName,
              passwordHash,
              status: 'active',
            },
          ),
        );
        return { companyId: p.companyId, userId: p.adminUserId, email: body.email };
      } catch (err) {
        if (uniqueViolation(err))
          throw conflict(MESSAGES.auth.emailTaken, { email: [MESSAGES.auth.emailTaken] });
        throw err;
      }
    },

    /**
     * Rotation with reuse detection: a refresh token works once. Presenting a used one again
     * means it was copied, so the whole session ends.
     */
    async refresh(refreshToken: string): Promise<Issued<RefreshResult>> {
      const found = await sessions.findRefreshToken(db, hashToken(refreshToken));
      if (!found) throw unauthorized(MESSAGES.auth.refreshFailed);
      if (found.usedAt) {
        await sessions.revoke(db, found.sessionId, 'refresh-token-reuse');
        log.warn({ sessionId: found.sessionId }, 'refresh token reused: session revoked');
        throw unauthorized(MESSAGES.auth.refreshFailed);
      }
      const now = new Date();
      if (found.revokedAt || found.sessionExpiresAt <= now || found.tokenExpiresAt <= now) {
        throw unauthorized(MESSAGES.auth.refreshFailed);
      }
      const live = await access.liveSession(found.sessionId, found.userId);
      if (!live || live.userStatus !== 'active' || !live.companyActive)
        throw unauthorized(MESSAGES.auth.refreshFailed);

      const next = await db.transaction(async (tx) => {
        if (!(await sessions.consumeRefreshToken(tx, found.tokenId))) return null;
        await sessions.touch(tx, found.sessionId);
        return issueRefreshToken(tx, found.sessionId, found.sessionExpiresAt);
      });
      if (!next) {
        await sessions.revoke(db, found.sessionId, 'refresh-token-reuse');
        throw unauthorized(MESSAGES.auth.refreshFailed);
      }
      const token = await signAccessToken(config.jwtSecret, {
        userId: found.userId,
        companyId: found.companyId,
        role: live.roleName ?? '',
        sessionId: found.sessionId,
      });
      return {
        token,
        accessToken: token,
        refreshToken: next.refreshToken,
        refreshExpiresAt: next.expiresAt,
      };
    },

    async logout(scope: Scope) {
      await scope.transaction(async (tx) => {
        await sessions.revoke(tx.db, tx.actor.sessionId, 'logout');
        tx.emit(sessionEnded(tx.actor.sessionId, tx.actor.userId));
      });
    },

    async me(scope: Scope) {
      const row = await usersReads.byId(scope, scope.actor.userId);
      if (!row) throw unauthorized(MESSAGES.auth.sessionExpired);
      return { user: toSessionUser(row), permissions: [...scope.actor.permissions].sort() };
    },

    async updateMe(scope: Scope, body: UpdateOwnProfileBody) {
      await usersWrites.update(scope, scope.actor.userId, body);
      const row = await usersReads.byId(scope, scope.actor.userId);
      if (!row) throw notFound('User');
      return toUserProfile(row);
    },

    /** Changes the password and ends the user's other sessions; this one stays signed in. */
    async changePassword(scope: Scope, body: ChangePasswordBody) {
      const { actor } = scope;
      const current = await usersReads.passwordHash(scope, actor.userId);
      if (!(await verifyPassword(current, body.currentPassword))) {
        throw fieldError('currentPassword', MESSAGES.auth.currentPasswordWrong);
      }
      assertAcceptablePassword(body.newPassword, 'newPassword');
      // A password a Company Admin set is someone else's knowledge: the change must replace it.
      const forced = await usersReads.mustChangePassword(scope, actor.userId);
      if (forced && body.newPassword === body.currentPassword)
        throw fieldError('newPassword', PROFILE_MESSAGES.newPasswordSameAsGiven);
      const passwordHash = await hashPassword(body.newPassword);
      await scope.transaction(async (tx) => {
        await usersWrites.update(tx, actor.userId, { passwordHash, mustChangePassword: false });
        await sessions.revokeAllForUser(tx, actor.userId, 'password-changed', actor.sessionId);
        // Every stream of the user re-checks its session: this one stays, the others close.
        tx.emit(sessionEnded('*', actor.userId));
      });
    },

    /**
     * The same answer, by the same path and in the same time, whether or not the account exists:
     * the request only enqueues a job naming the address (one insert either way); the look-up,
     * the token and the email come in the job, so neither the database nor the mailer shows in
     * its timing (and a mailer failure cannot tell a known address either).
     */
    async forgotPassword(email: string) {
      await enqueue(db, RESET_MAIL, { email });
    },

    /** Sets a new password from a reset or invitation link; the link works once. Ends all sessions. */
    async resetPassword(body: ResetPasswordBody) {
      const expired = () => new HttpError(400, MESSAGES.auth.resetLinkExpired, { code: RESET_EXPIRED_CODE });
      const t = await sessions.findLivePasswordToken(db, hashToken(body.token));
      if (!t) throw expired();
      // The token names the account and its company: the scope to work in from here.
      const scope = systemScope(db, t.companyId);
      const row = await usersReads.byId(scope, t.userId);
      if (!row || row.email.toLowerCase() !== body.email.toLowerCase()) throw expired();
      assertAcceptablePassword(body.newPassword, 'newPassword');
      const passwordHash = await hashPassword(body.newPassword);
      await scope.transaction(async (tx) => {
        if (!(await sessions.consumePasswordToken(tx.db, t.id))) throw expired();
        await usersWrites.update(tx, t.userId, {
          passwordHash,
          // A password chosen through the link is the owner's own.
          mustChangePassword: false,
          ...(row.status === 'invited' ? { status: 'active' as const } : {}),
        });
        await sessions.revokeAllForUser(tx, t.userId, 'password-reset');
        tx.emit(sessionEnded('*', t.userId));
      });
      live.publish([...scope.events]);
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
