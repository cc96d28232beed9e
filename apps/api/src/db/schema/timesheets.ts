import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './common.ts';
import { companies, users } from './tenancy.ts';

const STATUS_CHECK = sql.raw("('open', 'submitted', 'approved', 'rejected')");

/**
 * Timesheets (issue 25, migration 0029): one person's week, from the company's first day of the
 * week. A week nobody submitted has no row (it is open); the row is made by the first submission
 * and keeps the latest decision (who, when, a rejection's reason).
 */
export const timesheetWeeks = pgTable(
  'timesheet_weeks',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by'),
    reason: text('reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('timesheet_weeks_company_id_uq').on(t.companyId, t.id),
    unique('timesheet_weeks_user_week_uq').on(t.companyId, t.userId, t.weekStart),
    check('timesheet_weeks_status_ck', sql`${t.status} in ${STATUS_CHECK}`),
    foreignKey({
      name: 'timesheet_weeks_user_fk',
      columns: [t.companyId, t.userId],
      foreignColumns: [users.companyId, users.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'timesheet_weeks_decided_by_fk',
      columns: [t.companyId, t.decidedBy],
      foreignColumns: [users.companyId, users.id],
    }),
    index('timesheet_weeks_status_week_idx').on(t.companyId, t.status, t.weekStart, t.userId),
    index('timesheet_weeks_week_idx').on(t.companyId, t.weekStart),
  ],
);

/** A week's history: each transition, who made it, when, and the reason given. */
export const timesheetWeekEvents = pgTable(
  'timesheet_week_events',
  {
    id: id(),
    companyId: uuid('company_id').notNull(),
    weekId: uuid('week_id').notNull(),
    status: text('status').notNull(),
    byUserId: uuid('by_user_id').notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    check('timesheet_week_events_status_ck', sql`${t.status} in ${STATUS_CHECK}`),
    foreignKey({
      name: 'timesheet_week_events_week_fk',
      columns: [t.companyId, t.weekId],
      foreignColumns: [timesheetWeeks.companyId, timesheetWeeks.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'timesheet_week_events_by_fk',
      columns: [t.companyId, t.byUserId],
      foreignColumns: [users.companyId, users.id],
    }).onDelete('cascade'),
    index('timesheet_week_events_week_idx').on(t.companyId, t.weekId, t.createdAt),
  ],
);

/** The reminders sent: one per person and week (the unique key), whichever process sends it. */
export const timesheetReminders = pgTable(
  'timesheet_reminders',
  {
    id: id(),
    companyId: uuid('company_id').notNull(),
    userId: uuid('user_id').notNull(),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('timesheet_reminders_uq').on(t.companyId, t.userId, t.weekStart),
    foreignKey({
      name: 'timesheet_reminders_user_fk',
      columns: [t.companyId, t.userId],
      foreignColumns: [users.companyId, users.id],
    }).onDelete('cascade'),
  ],
);
