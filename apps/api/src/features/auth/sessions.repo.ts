import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { passwordTokens, refreshTokens, sessions } from '../../db/schema/index.ts';
import type { Scope } from '../../lib/scope.ts';

/**
 * Sessions, refresh tokens and single-use password tokens. Tokens are stored only as hashes.
 * What a tenant's user does (sign in, end sessions, get a token) goes through their scope; the
 * look-ups by token hash or session id come before any tenant is known and take the database
 * (the tenant guard allows exactly these).
 */
export const sessionsRepo = {
  async create(
    scope: Scope,
    s: {
      userId: string;
      expiresAt: Date;
      userAgent?: string;
      ip?: string;
      /** An impersonation session (issue 24): the Super Admin acting as the user, and why. */
      impersonatorId?: string;
      impersonationReason?: string;
    },
  ) {
    const [row] = await scope.db.insert(sessions).values(scope.values(s)).returning({ id: sessions.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  },

  async addRefreshToken(db: Db, sessionId: string, tokenHash: string, expiresAt: Date) {
    await db.insert(refreshTokens).values({ sessionId, tokenHash, expiresAt });
  },

  async findRefreshToken(db: Db, tokenHash: string) {
    const [row] = await db
      .select({
        tokenId: refreshTokens.id,
        usedAt: refreshTokens.usedAt,
        tokenExpiresAt: refreshTokens.expiresAt,
        sessionId: sessions.id,
        userId: sessions.userId,
        companyId: sessions.companyId,
        sessionExpiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
      })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .limit(1);
    return row ?? null;
  },

  /** Marks a refresh token used; false when it already was (a concurrent or repeated use). */
  async consumeRefreshToken(db: Db, tokenId: string): Promise<boolean> {
    const rows = await db
      .update(refreshTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(refreshTokens.id, tokenId), isNull(refreshTokens.usedAt)))
      .returning({ id: refreshTokens.id });
    return rows.length === 1;
  },

  async touch(db: Db, sessionId: string) {
    await db.update(sessions).set({ lastUsedAt: new Date() }).where(eq(sessions.id, sessionId));
  },

  async revoke(db: Db, sessionId: string, reason: string) {
    await db
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: reason })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  },

  /** Ends every live session of a user of the scope's company, except `keep` when given. */
  async revokeAllForUser(scope: Scope, userId: string, reason: string, keep?: string) {
    await scope.db
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: reason })
      .where(
        scope.own(
          sessions,
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          keep ? ne(sessions.id, keep) : undefined,
        ),
      );
  },

  async createPasswordToken(
    scope: Scope,
    t: { userId: string; purpose: 'reset' | 'invite'; tokenHash: string; expiresAt: Date },
  ) {
    await scope.db.insert(passwordTokens).values(scope.values(t));
  },

  /** A live (unused, unexpired) password token for this hash. */
  async findLivePasswordToken(db: Db, tokenHash: string) {
    const [row] = await db
      .select()
      .from(passwordTokens)
      .where(
        and(
          eq(passwordTokens.tokenHash, tokenHash),
          isNull(passwordTokens.usedAt),
          gt(passwordTokens.expiresAt, sql`now()`),
        ),
      )
      .limit(1);
    return row ?? null;
  },

  async consumePasswordToken(db: Db, id: string): Promise<boolean> {
    const rows = await db
      .update(passwordTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordTokens.id, id), isNull(passwordTokens.usedAt)))
      .returning({ id: passwordTokens.id });
    return rows.length === 1;
  },
};
