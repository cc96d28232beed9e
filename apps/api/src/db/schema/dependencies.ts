import { sql } from 'drizzle-orm';
import { check, foreignKey, index, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './common.ts';
import { companies, users } from './tenancy.ts';
import { tasks } from './work.ts';

/**
 * Task dependencies (issue 26, migration 0032), finish-to-start: `blockedTaskId` cannot start
 * before `blockerTaskId` is done. Within one company (both tasks by `(company_id, id)`), across its
 * projects; a task's rows go with it. The primary key reads "what does this task block", the
 * `blocked` index "what blocks this task". Cycles are refused by features/task-dependencies (a
 * recursive CTE under the company's advisory lock), not here.
 */
export const taskDependencies = pgTable(
  'task_dependencies',
  {
    companyId: uuid('company_id').notNull(),
    blockerTaskId: uuid('blocker_task_id').notNull(),
    blockedTaskId: uuid('blocked_task_id').notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'task_dependencies_pk', columns: [t.companyId, t.blockerTaskId, t.blockedTaskId] }),
    foreignKey({
      name: 'task_dependencies_company_fk',
      columns: [t.companyId],
      foreignColumns: [companies.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'task_dependencies_blocker_fk',
      columns: [t.companyId, t.blockerTaskId],
      foreignColumns: [tasks.companyId, tasks.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'task_dependencies_blocked_fk',
      columns: [t.companyId, t.blockedTaskId],
      foreignColumns: [tasks.companyId, tasks.id],
    }).onDelete('cascade'),
    // The migration limits the set null to created_by (ON DELETE SET NULL ("created_by")).
    foreignKey({
      name: 'task_dependencies_created_by_fk',
      columns: [t.companyId, t.createdBy],
      foreignColumns: [users.companyId, users.id],
    }).onDelete('set null'),
    index('task_dependencies_blocked_idx').on(t.companyId, t.blockedTaskId, t.blockerTaskId),
    check('task_dependencies_not_self_ck', sql`${t.blockerTaskId} <> ${t.blockedTaskId}`),
  ],
);
