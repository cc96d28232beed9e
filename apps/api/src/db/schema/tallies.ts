import { bigint, date, index, integer, numeric, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';

/**
 * Figures the database keeps as tasks change (migration 0013): triggers on `tasks` add each
 * statement's change to a row of the key that no other transaction holds (never waiting for one),
 * or to a new row when all are held. A key so has as many rows as it ever had writers at once, a
 * read sums a handful of rows whatever the number of tasks, and no write waits on another's
 * counter. A row that comes to zero is deleted. Nothing in the app writes these tables;
 * `features/tasks/tallies.repo.ts` reads them. The trigger functions that write them are in
 * src/db/sql/tallies.sql, time-tallies.sql and assignee-tallies.sql.
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

/** Per status: the company's tasks and subtasks in it (the dashboard's open tasks; migration 0043). */
export const taskStatusTallies = pgTable(
  'task_status_tallies',
  {
    companyId: uuid('company_id').notNull(),
    /** null: tasks without a status. */
    statusId: uuid('status_id'),
    taskCount: integer('task_count').notNull(),
  },
  (t) => [index('task_status_tallies_idx').on(t.companyId, t.statusId)],
);

/**
 * Per status: the company's people in it (migration 0046), kept by statement triggers on `users`
 * (src/db/sql/user-tallies.sql): the employee list's total without a filter but status.
 */
export const userStatusTallies = pgTable(
  'user_status_tallies',
  {
    companyId: uuid('company_id').notNull(),
    status: text('status').notNull(),
    userCount: integer('user_count').notNull(),
  },
  (t) => [index('user_status_tallies_idx').on(t.companyId, t.status)],
);

/**
 * Minutes logged per (user, day) and per (project, day), kept the same way by triggers on
 * `time_logs` (migration 0014): the dashboard's weeks and the company-wide hours report read a
 * row per person or project and day, not every entry.
 */
export const timeUserDays = pgTable(
  'time_user_days',
  {
    companyId: uuid('company_id').notNull(),
    userId: uuid('user_id').notNull(),
    /** The entries' day (`logged_at` is the day's 00:00 UTC). */
    day: date('day').notNull(),
    minutes: bigint('minutes', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('time_user_days_day_idx').on(t.companyId, t.day, t.userId),
    index('time_user_days_user_idx').on(t.companyId, t.userId, t.day),
  ],
);

export const timeProjectDays = pgTable(
  'time_project_days',
  {
    companyId: uuid('company_id').notNull(),
    projectId: uuid('project_id').notNull(),
    day: date('day').notNull(),
    minutes: bigint('minutes', { mode: 'number' }).notNull(),
  },
  (t) => [index('time_project_days_day_idx').on(t.companyId, t.day, t.projectId)],
);

/**
 * Minutes per (user, week) and per (project, week), a week being its Monday, and per (company,
 * day), kept by the same trigger function (migration 0039): a long report range reads its whole
 * weeks a row per person or project and week, and the company's days a row per day.
 */
export const timeUserWeeks = pgTable(
  'time_user_weeks',
  {
    companyId: uuid('company_id').notNull(),
    userId: uuid('user_id').notNull(),
    /** The week's Monday. */
    week: date('week').notNull(),
    minutes: bigint('minutes', { mode: 'number' }).notNull(),
  },
  (t) => [index('time_user_weeks_week_idx').on(t.companyId, t.week, t.userId)],
);

export const timeProjectWeeks = pgTable(
  'time_project_weeks',
  {
    companyId: uuid('company_id').notNull(),
    projectId: uuid('project_id').notNull(),
    /** The week's Monday. */
    week: date('week').notNull(),
    minutes: bigint('minutes', { mode: 'number' }).notNull(),
  },
  (t) => [index('time_project_weeks_week_idx').on(t.companyId, t.week, t.projectId)],
);

export const timeCompanyDays = pgTable(
  'time_company_days',
  {
    companyId: uuid('company_id').notNull(),
    day: date('day').notNull(),
    minutes: bigint('minutes', { mode: 'number' }).notNull(),
  },
  (t) => [index('time_company_days_day_idx').on(t.companyId, t.day)],
);

/**
 * Per (assignee, status, due date): the tasks and subtasks assigned to that person with that
 * status and due date (migration 0015) and their estimated minutes (0045), kept by triggers on
 * `task_assignees` (an assignment made or ended) and on `tasks` (a status, due date or estimate
 * changed, a task deleted). The dashboard's "my open tasks" and the workload's planned minutes
 * read a person's rows, not every task assigned to them.
 */
export const taskAssigneeTallies = pgTable(
  'task_assignee_tallies',
  {
    companyId: uuid('company_id').notNull(),
    userId: uuid('user_id').notNull(),
    statusId: uuid('status_id'),
    dueDate: date('due_date'),
    taskCount: integer('task_count').notNull(),
    /** Their estimates in minutes, each task's whole estimate for each assignee (migration 0045). */
    estimatedMinutes: numeric('estimated_minutes').notNull().default('0'),
  },
  (t) => [
    index('task_assignee_tallies_idx').on(t.companyId, t.userId, t.statusId, t.dueDate),
    // The workload: every person's rows due in a week.
    index('task_assignee_tallies_due_idx').on(t.companyId, t.dueDate),
  ],
);

/**
 * Each task family's estimate as issue 25 counts it (a top-level task and its subtasks: the
 * subtasks' estimates when any has one, else the top-level task's own; null: nothing counts) and
 * its project, kept by the estimate tallies' trigger (migration 0042, src/db/sql/estimate-tallies.sql)
 * so it can set a family's new count against its last. Only that trigger reads it.
 */
export const taskFamilyEstimates = pgTable(
  'task_family_estimates',
  {
    companyId: uuid('company_id').notNull(),
    topId: uuid('top_id').notNull(),
    projectId: uuid('project_id'),
    minutes: bigint('minutes', { mode: 'number' }),
  },
  (t) => [primaryKey({ name: 'task_family_estimates_pk', columns: [t.companyId, t.topId] })],
);

/** Per project: the counted estimates' minutes and how many families count (the same trigger). */
export const projectEstimateTallies = pgTable(
  'project_estimate_tallies',
  {
    companyId: uuid('company_id').notNull(),
    projectId: uuid('project_id').notNull(),
    minutes: bigint('minutes', { mode: 'number' }).notNull(),
    families: integer('families').notNull(),
  },
  (t) => [index('project_estimate_tallies_idx').on(t.companyId, t.projectId)],
);
