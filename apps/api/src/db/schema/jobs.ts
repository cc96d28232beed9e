import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The embedded database's job queue (lib/jobs.ts, migration 0018). On PostgreSQL graphile-worker
 * keeps its own tables (schema graphile_worker) and this one stays empty. A platform table: jobs
 * name their company in the payload when they have one.
 */
export const jobs = pgTable(
  'jobs',
  {
    /** The job's id: a sequence, the queue's order (column `seq`; entity ids elsewhere are uuids). */
    id: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    task: text('task').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(10),
    lastError: text('last_error'),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAt, t.id)
      .where(sql`${t.lockedAt} is null and ${t.attempts} < ${t.maxAttempts}`),
    index('jobs_failed_idx')
      .on(t.updatedAt)
      .where(sql`${t.lastError} is not null`),
    check('jobs_attempts_ck', sql`${t.attempts} >= 0 and ${t.maxAttempts} >= 1`),
  ],
);

/** The scheduler's last run per periodic task (graphile-worker's known_crontabs on PostgreSQL). */
export const jobSchedules = pgTable('job_schedules', {
  task: text('task').primaryKey(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }).notNull(),
});
