import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  uniqueIndex,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './common.ts';
import { users } from './tenancy.ts';
import { projects, tasks } from './work.ts';

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
    check(
      'notifications_kind_ck',
      sql`${t.kind} in ('assigned', 'mentioned', 'commented', 'status_changed', 'timelog_changed', 'due_soon')`,
    ),
    // A due-soon reminder is sent once per person, task and due date (migration 0027).
    uniqueIndex('notifications_due_soon_uq')
      .on(t.companyId, t.userId, t.taskId, t.detail)
      .where(sql`${t.kind} = 'due_soon'`),
  ],
);

/** A user's notification switches; no row means the defaults (every email on). */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    companyId: uuid('company_id').notNull(),
    userId: uuid('user_id').notNull(),
    emailOnAssigned: boolean('email_on_assigned').notNull().default(true),
    emailOnMentioned: boolean('email_on_mentioned').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'notification_settings_pk', columns: [t.companyId, t.userId] }),
    foreignKey({
      name: 'notification_settings_user_fk',
      columns: [t.companyId, t.userId],
      foreignColumns: [users.companyId, users.id],
    }).onDelete('cascade'),
  ],
);
