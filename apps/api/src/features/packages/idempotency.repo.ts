import { eq, lt, sql } from 'drizzle-orm';
import { IDEMPOTENCY_KEY_TTL_HOURS } from '@taskhive/contract';
import { idempotencyKeys } from '../../db/schema/index.ts';
import type { Scope } from '../../lib/scope.ts';

export type StoredAnswer = { requestHash: string; statusCode: number | null; response: unknown };

/** The only place that touches `idempotency_keys` (db/schema/idempotency.ts): per company. */
export const idempotencyRepo = {
  /** Forgets the scope's company's keys older than their lifetime. */
  async purgeExpired(scope: Scope): Promise<void> {
    await scope.db
      .delete(idempotencyKeys)
      .where(
        scope.own(
          idempotencyKeys,
          lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_KEY_TTL_HOURS})`),
        ),
      );
  },

  /**
   * Claims a key for this request: true when it was free. A transaction holding the same key
   * uncommitted makes this wait until it ends (the primary key), so a key is worked once.
   */
  async claim(scope: Scope, key: string, requestHash: string): Promise<boolean> {
    const rows = await scope.db
      .insert(idempotencyKeys)
      .values(scope.values({ key, requestHash }))
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    return rows.length > 0;
  },

  async find(scope: Scope, key: string): Promise<StoredAnswer | null> {
    const [row] = await scope.db
      .select({
        requestHash: idempotencyKeys.requestHash,
        statusCode: idempotencyKeys.statusCode,
        response: idempotencyKeys.response,
      })
      .from(idempotencyKeys)
      .where(scope.own(idempotencyKeys, eq(idempotencyKeys.key, key)));
    return row ?? null;
  },

  /** Records the answer of the request that claimed the key, in its transaction. */
  async complete(scope: Scope, key: string, statusCode: number, response: unknown): Promise<void> {
    await scope.db
      .update(idempotencyKeys)
      .set({ statusCode, response })
      .where(scope.own(idempotencyKeys, eq(idempotencyKeys.key, key)));
  },
};
