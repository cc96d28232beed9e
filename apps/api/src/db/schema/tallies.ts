import { bigint, date, index, integer, pgTable, uuid } from 'drizzle-orm/pg-core';

/**
 * Figures the database keeps as tasks change (migration 0013): triggers on `tasks` add one row of
 * deltas per key and statement, and merge the key's other rows into it as they go (rows a
 * concurrent writer holds are skipped, never waited for). So a key has one row plus about one per
 * writer in flight, a read sums a handful of rows whatever the number of tasks, and no write waits
 * on another's counter. Nothing in the app writes these tables; `tasks/tallies.repo.ts` reads them.
 */

/** Per (project, list, status): top-level tasks, the sum of their progress, subtasks. */
export const taskTallies = pgTable(
  'task_tallies',
  {
    companyId: uuid('company_id').notNull(),
    projectId: uuid('project_id').notNull(),
    taskListId: uuid('task_list_id').notNull(),
    /** null: tasks without a status. */
    statusId: uuid('status_id'),
    topCount: integer('top_count').notNull(),
    topProgress: bigint('top_progress', { mode: 'number' }).notNull(),
    subCount: integer('sub_count').notNull(),
  },
  (t) => [
    index('task_tallies_project_idx').on(t.companyId, t.projectId, t.taskListId, t.statusId),
    index('task_tallies_list_idx').on(t.companyId, t.taskListId),
  ],
);

/** Per (due date, status): tasks and subtasks with that due date (the overdue figure). */
export const taskDueTallies = pgTable(
  'task_due_tallies',
  {
    companyId: uuid('company_id').notNull(),
    dueDate: date('due_date').notNull(),
    statusId: uuid('status_id'),
    taskCount: integer('task_count').notNull(),
  },
  (t) => [index('task_due_tallies_idx').on(t.companyId, t.dueDate, t.statusId)],
);
