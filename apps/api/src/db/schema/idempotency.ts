import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from './tenancy.ts';

/**
 * Idempotency keys (migration 0016): per company, the request a key was first sent with (a hash)
 * and the answer it got. The row is inserted before the work, in the work's transaction, so a
 * second request with the key waits on the primary key until the first commits, then replays its
 * answer; a request that fails rolls its row back with it. Rows older than the key's lifetime
 * (the contract's IDEMPOTENCY_KEY_TTL_HOURS) are deleted when the company next sends a key.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** sha256 of what the request asked (route, path ids, body). */
    requestHash: text('request_hash').notNull(),
    /** Null only inside the transaction that claimed the key, before its work is done. */
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.key] }),
    index('idempotency_keys_company_created_idx').on(t.companyId, t.createdAt),
  ],
);
