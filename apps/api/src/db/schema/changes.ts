import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  foreignKey,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './tenancy.ts';

/** PostgreSQL's 64-bit transaction id, as text (it does not fit a JavaScript number's integers). */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/**
 * The change log (issue 22, the outbox): one row per change a write made, inserted in the writing
 * transaction (lib/scope.ts flushes a transaction's changes just before it commits), so a write
 * that rolls back leaves none and one that commits cannot lose it. `seq` grows with every change;
 * `tx` is the writing transaction's id, which lets a reader take only changes of transactions that
 * have all ended (lib/changes.ts: the live feed reads in (tx, id) order below the oldest running
 * transaction, so no change that commits late is skipped). Append-only; rows older than an hour
 * are pruned (live streams resume at most ten minutes back). Trigger changes_impersonation_audit
 * (src/db/sql/impersonation.sql) records each change of an impersonation session in the audit log.
 * Trigger changes_watch (src/db/sql/watchers.sql) makes a task's creator and its commenters watchers.
 */
export const changes = pgTable(
  'changes',
  {
    /** The change id the streams send: a sequence, so it grows with every change. */
    seq: bigint('seq', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: uuid('company_id').notNull(),
    tx: xid8('tx')
      .notNull()
      .default(sql`pg_current_xact_id()`),
    type: text('type').notNull(),
    action: text('action').notNull(),
    entityId: text('entity_id').notNull(),
    projectId: uuid('project_id'),
    taskId: uuid('task_id'),
    userIds: uuid('user_ids').array(),
    actorId: uuid('actor_id').notNull(),
    /** The actor's session (none for the system): a stream tells its own session's changes apart. */
    sessionId: uuid('session_id'),
    fields: jsonb('fields').$type<{ field: string; from: unknown; to: unknown }[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'changes_company_fk',
      columns: [t.companyId],
      foreignColumns: [companies.id],
    }).onDelete('cascade'),
    index('changes_company_tx_idx').on(t.companyId, t.tx, t.seq),
    index('changes_created_idx').on(t.createdAt),
  ],
);
