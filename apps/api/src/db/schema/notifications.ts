import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  uniqueIndex,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './common.ts';
import { companies, users } from './tenancy.ts';
import { projects, tasks } from './work.ts';

/** The notification kinds, as the check constraints list them (migrations 0028, 0029, 0032). */
const KINDS_CHECK = sql.raw(
  "('assigned', 'mentioned', 'commented', 'status_changed', 'timelog_changed', 'due_soon', 'task_edited', 'due_date_changed', 'timesheet_submitted', 'timesheet_decided', 'timesheet_reminder', 'task_unblocked')",
);

/**
 * A user's inbox: one row per recipient per event, written in the same transaction as the change
 * it tells of. `title` and `detail` are captured then (the task's title, the new status's name,
 * the comment's first words), so the list needs no look-ups and keeps what was true at the time.
 * Rows go with their recipient, actor, task or project (the foreign keys' cascade).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    companyId: uuid('company_id').notNull(),
    userId: uuid('user_id').notNull(),
    actorId: uuid('actor_id').notNull(),
    kind: text('kind').notNull(),
    taskId: uuid('task_id'),
    projectId: uuid('project_id'),
    title: text('title').notNull(),
    detail: text('detail'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'notifications_user_fk',
      columns: [t.companyId, t.userId],
      foreignColumns: [users.companyId, users.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'notifications_actor_fk',
      columns: [t.companyId, t.actorId],
      foreignColumns: [users.companyId, users.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'notifications_task_fk',
      columns: [t.companyId, t.taskId],
      foreignColumns: [tasks.companyId, tasks.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'notifications_project_fk',
      columns: [t.companyId, t.projectId],
      foreignColumns: [projects.companyId, projects.id],
    }).onDelete('cascade'),
    index('notifications_inbox_idx').on(t.companyId, t.userId, t.readAt, t.createdAt.desc()),
    check('notifications_kind_ck', sql`${t.kind} in ${KINDS_CHECK}`),
    // A due-soon reminder is sent once per person, task and due date (migration 0027).
    uniqueIndex('notifications_due_soon_uq')
      .on(t.companyId, t.userId, t.taskId, t.detail)
      .where(sql`${t.kind} = 'due_soon'`),
  ],
);

/**
 * A user's switches for one kind of notification: in the app, by email. No row means the kind's
 * defaults (contract `notificationDefaults`), so nothing is written for users who never change
 * them. One row per kind rather than a jsonb column: the notify reaction and the mail job filter
 * recipients by (user, kind) with a join, the kind is checked by the database, and a new kind
 * needs no data migration.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    id: id(),
    companyId: uuid('company_id').notNull(),
    userId: uuid('user_id').notNull(),
    kind: text('kind').notNull(),
    inApp: boolean('in_app').notNull(),
    email: boolean('email').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('notification_preferences_uq').on(t.companyId, t.userId, t.kind),
    foreignKey({
      name: 'notification_preferences_company_fk',
      columns: [t.companyId],
      foreignColumns: [companies.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'notification_preferences_user_fk',
      columns: [t.companyId, t.userId],
      foreignColumns: [users.companyId, users.id],
    }).onDelete('cascade'),
    check('notification_preferences_kind_ck', sql`${t.kind} in ${KINDS_CHECK}`),
  ],
);

/**
 * Who watches a task: told of its status moves, edits, due date and comments (issue 23). The
 * creator, each assignee, whoever comments or is mentioned becomes one (trigger changes_watch,
 * src/db/sql/watchers.sql, and the watchers subscriber); anyone who may read the task may watch or
 * unwatch it. Rows go with their task or user.
 */
export const taskWatchers = pgTable(
  'task_watchers',
  {
    id: id(),
    companyId: uuid('company_id').notNull(),
    taskId: uuid('task_id').notNull(),
    userId: uuid('user_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('task_watchers_uq').on(t.companyId, t.taskId, t.userId),
    foreignKey({
      name: 'task_watchers_company_fk',
      columns: [t.companyId],
      foreignColumns: [companies.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'task_watchers_task_fk',
      columns: [t.companyId, t.taskId],
      foreignColumns: [tasks.companyId, tasks.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'task_watchers_user_fk',
      columns: [t.companyId, t.userId],
      foreignColumns: [users.companyId, users.id],
    }).onDelete('cascade'),
    index('task_watchers_user_idx').on(t.companyId, t.userId),
  ],
);
