import { sql } from 'drizzle-orm';
import { check, foreignKey, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './common.ts';
import { users } from './tenancy.ts';
import { projects, tasks } from './work.ts';

/**
 * Comments on a task or on a project (exactly one of the two). The body is Markdown with
 * `@[userId]` mention tokens; `edited_at` is set when the author changes it.
 */
export const comments = pgTable(
  'comments',
  {
    id: id(),
    companyId: uuid('company_id').notNull(),
    taskId: uuid('task_id'),
    projectId: uuid('project_id'),
    authorId: uuid('author_id').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [
    foreignKey({ columns: [t.companyId, t.taskId], foreignColumns: [tasks.companyId, tasks.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      columns: [t.companyId, t.projectId],
      foreignColumns: [projects.companyId, projects.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'comments_author_fk',
      columns: [t.companyId, t.authorId],
      foreignColumns: [users.companyId, users.id],
    }).onDelete('cascade'),
    index('comments_task_idx').on(t.companyId, t.taskId, t.createdAt),
    index('comments_project_idx').on(t.companyId, t.projectId, t.createdAt),
    check('comments_owner_ck', sql`(${t.taskId} is null) <> (${t.projectId} is null)`),
  ],
);

/**
 * What changed on a task or a project: who, when, which field, from and to (as shown, names not
 * ids). Written in the same transaction as the change; the app never updates or deletes a row
 * (they go only with their task or project, by the foreign keys' cascade). A task's rows also
 * carry its project, so a project's history can take in its tasks.
 */
export const activities = pgTable(
  'activities',
  {
    id: id(),
    companyId: uuid('company_id').notNull(),
    taskId: uuid('task_id'),
    projectId: uuid('project_id').notNull(),
    actorId: uuid('actor_id').notNull(),
    field: text('field').notNull(),
    fromValue: text('from_value'),
    toValue: text('to_value'),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ columns: [t.companyId, t.taskId], foreignColumns: [tasks.companyId, tasks.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      columns: [t.companyId, t.projectId],
      foreignColumns: [projects.companyId, projects.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'activities_actor_fk',
      columns: [t.companyId, t.actorId],
      foreignColumns: [users.companyId, users.id],
    }).onDelete('cascade'),
    index('activities_task_idx').on(t.companyId, t.taskId, t.createdAt),
    index('activities_project_idx').on(t.companyId, t.projectId, t.createdAt),
  ],
);
