import { sql } from 'drizzle-orm';
import {
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { RecurrenceEnds, RecurrenceFrequency, RecurrenceTrigger } from '@taskhive/contract';
import { createdAt, id, updatedAt } from './common.ts';
import { companies, users } from './tenancy.ts';
import { tasks } from './work.ts';

/**
 * Recurring tasks (issue 26, migration 0037): a rule per series. `anchorDate` is its first
 * occurrence's date (the cycle counts from it), `nextDate` the date of the next occurrence to
 * create (null once the rule has ended), `timeZone` its creator's zone (it decides "the day" for
 * the on_date round). The checks of the migration tie each field to its kind of rule.
 */
export const taskRecurrences = pgTable(
  'task_recurrences',
  {
    id: id(),
    companyId: uuid('company_id').notNull(),
    frequency: text('frequency').$type<RecurrenceFrequency>().notNull(),
    interval: integer('interval').notNull().default(1),
    weekdays: smallint('weekdays').array(),
    monthDay: smallint('month_day'),
    ends: text('ends').$type<RecurrenceEnds>().notNull().default('never'),
    untilDate: date('until_date'),
    count: integer('count'),
    trigger: text('trigger').$type<RecurrenceTrigger>().notNull().default('on_complete'),
    timeZone: text('time_zone').notNull().default('UTC'),
    anchorDate: date('anchor_date').notNull(),
    nextDate: date('next_date'),
    occurrencesCreated: integer('occurrences_created').notNull().default(1),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('task_recurrences_company_id_uq').on(t.companyId, t.id),
    foreignKey({
      name: 'task_recurrences_company_fk',
      columns: [t.companyId],
      foreignColumns: [companies.id],
    }).onDelete('cascade'),
    // The migration limits the set null to created_by (ON DELETE SET NULL ("created_by")).
    foreignKey({
      name: 'task_recurrences_created_by_fk',
      columns: [t.companyId, t.createdBy],
      foreignColumns: [users.companyId, users.id],
    }).onDelete('set null'),
    index('task_recurrences_due_idx')
      .on(t.nextDate, t.companyId)
      .where(sql`${t.trigger} = 'on_date' and ${t.nextDate} is not null`),
  ],
);

/**
 * The occurrences of a series: one task each, with its date. The unique (company, rule, date)
 * index makes an occurrence once, whichever process gets there first; it also reads a series in
 * date order. A task belongs to one series at most (the primary key).
 */
export const taskOccurrences = pgTable(
  'task_occurrences',
  {
    companyId: uuid('company_id').notNull(),
    taskId: uuid('task_id').notNull(),
    ruleId: uuid('rule_id').notNull(),
    occurrenceDate: date('occurrence_date').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'task_occurrences_pk', columns: [t.companyId, t.taskId] }),
    foreignKey({
      name: 'task_occurrences_task_fk',
      columns: [t.companyId, t.taskId],
      foreignColumns: [tasks.companyId, tasks.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'task_occurrences_rule_fk',
      columns: [t.companyId, t.ruleId],
      foreignColumns: [taskRecurrences.companyId, taskRecurrences.id],
    }).onDelete('cascade'),
    uniqueIndex('task_occurrences_rule_date_uq').on(t.companyId, t.ruleId, t.occurrenceDate),
  ],
);
