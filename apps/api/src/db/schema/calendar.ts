import { foreignKey, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies, users } from './tenancy.ts';

/**
 * Private iCalendar feed links (issue 26, migration 0033): one per user, the link's token kept
 * only as its SHA-256 (hex). Resetting replaces the hash (the old link stops working); turning the
 * feed off deletes the row. The public feed route finds the row by the hash alone, before any
 * tenant is known (like a refresh token), hence the unique index on it.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'calendar_feeds_pk', columns: [t.companyId, t.userId] }),
    foreignKey({
      name: 'calendar_feeds_user_fk',
      columns: [t.companyId, t.userId],
      foreignColumns: [users.companyId, users.id],
    }).onDelete('cascade'),
    uniqueIndex('calendar_feeds_token_hash_uq').on(t.tokenHash),
  ],
);
