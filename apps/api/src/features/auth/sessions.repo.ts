import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { passwordTokens, refreshTokens, sessions } from '../../db/schema/index.ts';

/** Sessions, refresh tokens and single-use password tokens. Tokens are stored only as hashes. */
export function sessionsRepo(db: Db) {
  return {
    async create(s: { companyId: string; userId: string; expiresAt: Date; userAgent?: string; ip?: string }) {
      const [row] = await db.insert(sessions).values(s).returning({ id: sessions.id });
      if (!row) throw new Error('insert returned no row');
      return row.id;
    },

    async addRefreshToken(sessionId: string, tokenHash: string, expiresAt: Date) {
      await db.insert(refreshTokens).values({ sessionId, tokenHash, expiresAt });
    },

    async findRefreshToken(tokenHash: string) {
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
    async consumeRefreshToken(tokenId: string): Promise<boolean> {
      const rows = await db
        .update(refreshTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(refreshTokens.id, tokenId), isNull(refreshTokens.usedAt)))
        .returning({ id: refreshTokens.id });
      return rows.length === 1;
    },

    async touch(sessionId: string) {
      await db.update(sessions).set({ lastUsedAt: new Date() }).where(eq(sessions.id, sessionId));
    },

    async revoke(sessionId: string, reason: string) {
      await db
        .update(sessions)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },

    /** Ends every live session of a user, except `keep` when given. */
    async revokeAllForUser(companyId: string, userId: string, reason: string, keep?: string) {
      await db
        .update(sessions)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(
          and(
            eq(sessions.companyId, companyId),
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            keep ? ne(sessions.id, keep) : undefined,
          ),
        );
    },

    async createPasswordToken(t: {
      companyId: string;
      userId: string;
      purpose: 'reset' | 'invite';
      tokenHash: string;
      expiresAt: Date;
    }) {
      await db.insert(passwordTokens).values(t);
    },

    /** A live (unused, unexpired) password token for this hash. */
    async findLivePasswordToken(tokenHash: string) {
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

    async consumePasswordToken(id: string): Promise<boolean> {
      const rows = await db
        .update(passwordTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordTokens.id, id), isNull(passwordTokens.usedAt)))
        .returning({ id: passwordTokens.id });
      return rows.length === 1;
    },
  };
}
