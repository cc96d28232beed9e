import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './common.ts';
import { priorities } from './platform.ts';
import { companies, users } from './tenancy.ts';

/** A company's task statuses, copied from the master list when the company is created. */
export const taskStatuses = pgTable(
  'task_statuses',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    color: text('color').notNull(),
    sortOrder: integer('sort_order').notNull(),
    /** 'completed' or 'cancelled' on the two built-in statuses (never deleted), else null. */
    builtIn: text('built_in'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('task_statuses_company_id_uq').on(t.companyId, t.id),
    uniqueIndex('task_statuses_company_name_uq').on(t.companyId, sql`lower(${t.name})`),
    uniqueIndex('task_statuses_company_built_in_uq')
      .on(t.companyId, t.builtIn)
      .where(sql`${t.builtIn} is not null`),
    index('task_statuses_company_order_idx').on(t.companyId, t.sortOrder),
    check(
      'task_statuses_built_in_ck',
      sql`${t.builtIn} is null or ${t.builtIn} in ('completed', 'cancelled')`,
    ),
  ],
);

export const projects = pgTable(
  'projects',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    /** Short code, unique in the company (case-insensitive); rows inserted without one get a random one. */
    code: text('code')
      .notNull()
      .default(sql`'P-' || upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 8))`),
    name: text('name').notNull(),
    description: text('description'),
    statusId: uuid('status_id'),
    priorityId: uuid('priority_id').references(() => priorities.id),
    startDate: date('start_date'),
    endDate: date('end_date'),
    budget: numeric('budget', { precision: 12, scale: 2 }),
    /** The number the project's last task took (trigger tasks_number, src/db/sql/task-keys.sql). */
    lastTaskNumber: integer('last_task_number').notNull().default(0),
    /** Issue 26: this project's tasks follow their blockers' due dates (migration 0032; off by default). */
    autoSchedule: boolean('auto_schedule').notNull().default(false),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('projects_company_id_uq').on(t.companyId, t.id),
    foreignKey({
      name: 'projects_status_fk',
      columns: [t.companyId, t.statusId],
      foreignColumns: [taskStatuses.companyId, taskStatuses.id],
    }),
    foreignKey({
      name: 'projects_created_by_fk',
      columns: [t.companyId, t.createdBy],
      foreignColumns: [users.companyId, users.id],
    }),
    uniqueIndex('projects_company_code_uq').on(t.companyId, sql`lower(${t.code})`),
    index('projects_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('projects_company_updated_idx').on(t.companyId, t.updatedAt),
    index('projects_company_name_idx').on(t.companyId, sql`lower(${t.name})`),
    index('projects_company_status_idx').on(t.companyId, t.statusId),
    index('projects_company_start_idx').on(t.companyId, t.startDate),
    index('projects_company_end_idx').on(t.companyId, t.endDate),
    check(
      'projects_dates_ck',
      sql`${t.endDate} is null or ${t.startDate} is null or ${t.endDate} >= ${t.startDate}`,
    ),
  ],
);

export const projectMembers = pgTable(
  'project_members',
  {
    companyId: uuid('company_id').notNull(),
    projectId: uuid('project_id').notNull(),
    userId: uuid('user_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.userId] }),
    foreignKey({
      columns: [t.companyId, t.projectId],
      foreignColumns: [projects.companyId, projects.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete(
      'cascade',
    ),
    index('project_members_user_idx').on(t.companyId, t.userId),
    // The project list's member preview: the first to join of each project, in order.
    index('project_members_joined_idx').on(t.companyId, t.projectId, t.createdAt, t.userId),
  ],
);

export const taskLists = pgTable(
  'task_lists',
  {
    id: id(),
    companyId: uuid('company_id').notNull(),
    projectId: uuid('project_id').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Optional dates (issue 24); the end is never before the start. */
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('task_lists_company_id_uq').on(t.companyId, t.id),
    check('task_lists_dates_ck', sql`${t.endDate} >= ${t.startDate}`),
    foreignKey({
      columns: [t.companyId, t.projectId],
      foreignColumns: [projects.companyId, projects.id],
    }).onDelete('cascade'),
    index('task_lists_project_idx').on(t.companyId, t.projectId, t.sortOrder),
  ],
);

/**
 * Triggers: tasks_number (src/db/sql/task-keys.sql) numbers a new task in its project;
 * tasks_tally_insert, tasks_tally_update, tasks_tally_delete (src/db/sql/tallies.sql)
 * keep task_tallies, task_due_tallies and, on a status or due date change, task_assignee_tallies;
 * tasks_assignee_untally (src/db/sql/assignee-tallies.sql) takes a deleted task's assignments out;
 * tasks_estimate_insert, tasks_estimate_update, tasks_estimate_delete
 * (src/db/sql/estimate-tallies.sql) keep task_family_estimates and project_estimate_tallies.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    companyId: uuid('company_id').notNull(),
    projectId: uuid('project_id').notNull(),
    taskListId: uuid('task_list_id').notNull(),
    parentTaskId: uuid('parent_task_id'),
    /**
     * Its number in its project, set on insert by trigger tasks_number (src/db/sql/task-keys.sql):
     * the key people say is the project's code and it (`APL-42`).
     */
    number: integer('number').notNull().default(0),
    title: text('title').notNull(),
    description: text('description'),
    statusId: uuid('status_id'),
    priorityId: uuid('priority_id').references(() => priorities.id),
    startDate: date('start_date'),
    dueDate: date('due_date'),
    estimatedHours: numeric('estimated_hours', { precision: 7, scale: 2 }),
    actualHours: numeric('actual_hours', { precision: 7, scale: 2 }),
    progress: integer('progress').notNull().default(0),
    /**
     * A sparse ordering key within the task's column (board column, or its parent's subtasks):
     * only the order counts. New cards at the front take `-nextval('tasks_front_seq') * 1024`
     * (below every key ever given), a move takes the midpoint of its neighbours; see
     * `tasksRepo.place`.
     */
    sortOrder: bigint('sort_order', { mode: 'number' }).notNull().default(0),
    createdBy: uuid('created_by'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('tasks_company_id_uq').on(t.companyId, t.id),
    // A key names one task (and GET /api/Tasks/key/{key} finds it by this index).
    uniqueIndex('tasks_project_number_uq').on(t.companyId, t.projectId, t.number),
    foreignKey({
      columns: [t.companyId, t.projectId],
      foreignColumns: [projects.companyId, projects.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.companyId, t.taskListId],
      foreignColumns: [taskLists.companyId, taskLists.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'tasks_parent_fk',
      columns: [t.companyId, t.parentTaskId],
      foreignColumns: [t.companyId, t.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'tasks_status_fk',
      columns: [t.companyId, t.statusId],
      foreignColumns: [taskStatuses.companyId, taskStatuses.id],
    }),
    index('tasks_list_idx').on(t.companyId, t.taskListId, t.sortOrder),
    index('tasks_project_idx').on(t.companyId, t.projectId, t.createdAt),
    index('tasks_parent_idx').on(t.companyId, t.parentTaskId, t.sortOrder),
    // Status then due date: the dashboard's open and overdue counts are an index-only scan.
    index('tasks_status_idx').on(t.companyId, t.statusId, t.dueDate),
    // A list's top-level tasks in their order: a page of a list is the first entries (its subtasks,
    // in `tasks_list_idx`, would be read and dropped first). Figures come from `task_tallies`.
    index('tasks_list_top_idx')
      .on(t.companyId, t.taskListId, t.sortOrder)
      .where(sql`${t.parentTaskId} is null`),
    index('tasks_project_board_idx').on(t.companyId, t.projectId, t.statusId, t.sortOrder),
    index('tasks_priority_idx').on(t.companyId, t.priorityId),
    index('tasks_due_idx').on(t.companyId, t.dueDate),
    index('tasks_start_idx').on(t.companyId, t.startDate),
    index('tasks_title_idx').on(t.companyId, sql`lower(${t.title})`),
    // All Tasks' sorts over the whole company (migration 0021), with the list's tie-breakers.
    index('tasks_company_order_idx').on(t.companyId, t.sortOrder, t.createdAt, t.id),
    index('tasks_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('tasks_company_updated_idx').on(t.companyId, t.updatedAt, t.createdAt, t.id),
    index('tasks_company_progress_idx').on(t.companyId, t.progress, t.createdAt, t.id),
    // The estimated subtasks of a project's parents, read by the estimate sums' rule (a parent's
    // own estimate counts only when no subtask has one, issue 25): 0041.
    index('tasks_estimated_subtasks_idx')
      .on(t.companyId, t.projectId, t.parentTaskId)
      .where(sql`${t.parentTaskId} is not null and ${t.estimatedHours} is not null`),
    check('tasks_progress_ck', sql`${t.progress} between 0 and 100`),
    check('tasks_not_own_parent_ck', sql`${t.parentTaskId} is null or ${t.parentTaskId} <> ${t.id}`),
  ],
);

/**
 * Triggers (src/db/sql/assignee-tallies.sql): task_assignees_tally_insert,
 * task_assignees_tally_delete keep task_assignee_tallies.
 */
export const taskAssignees = pgTable(
  'task_assignees',
  {
    companyId: uuid('company_id').notNull(),
    taskId: uuid('task_id').notNull(),
    userId: uuid('user_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.userId] }),
    foreignKey({ columns: [t.companyId, t.taskId], foreignColumns: [tasks.companyId, tasks.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete(
      'cascade',
    ),
    index('task_assignees_user_idx').on(t.companyId, t.userId),
  ],
);

/** Files attached to a project, a task or a company. The bytes live under DATA_DIR/uploads. */
export const documents = pgTable(
  'documents',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    ownerType: text('owner_type').notNull(),
    projectId: uuid('project_id'),
    taskId: uuid('task_id'),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storageKey: text('storage_key').notNull(),
    uploadedBy: uuid('uploaded_by'),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      columns: [t.companyId, t.projectId],
      foreignColumns: [projects.companyId, projects.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.companyId, t.taskId], foreignColumns: [tasks.companyId, tasks.id] }).onDelete(
      'cascade',
    ),
    uniqueIndex('documents_storage_key_uq').on(t.storageKey),
    index('documents_project_idx').on(t.companyId, t.projectId),
    index('documents_task_idx').on(t.companyId, t.taskId),
    index('documents_company_idx').on(t.companyId, t.ownerType, t.createdAt),
    check(
      'documents_owner_ck',
      sql`(${t.ownerType} = 'project' and ${t.projectId} is not null and ${t.taskId} is null)
        or (${t.ownerType} = 'task' and ${t.taskId} is not null)
        or (${t.ownerType} = 'company' and ${t.projectId} is null and ${t.taskId} is null)`,
    ),
  ],
);

/**
 * Triggers (src/db/sql/time-tallies.sql): time_logs_tally_insert, time_logs_tally_update,
 * time_logs_tally_delete keep time_user_days and time_project_days.
 */
export const timeLogs = pgTable(
  'time_logs',
  {
    id: id(),
    companyId: uuid('company_id').notNull(),
    userId: uuid('user_id').notNull(),
    projectId: uuid('project_id').notNull(),
    taskId: uuid('task_id'),
    description: text('description'),
    loggedAt: timestamp('logged_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    billable: boolean('billable').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({ columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }),
    foreignKey({
      columns: [t.companyId, t.projectId],
      foreignColumns: [projects.companyId, projects.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.companyId, t.taskId], foreignColumns: [tasks.companyId, tasks.id] }).onDelete(
      'cascade',
    ),
    // Covering: the company report (minutes by project, user and day over a range) is an
    // index-only scan.
    index('time_logs_company_day_idx').on(t.companyId, t.loggedAt, t.projectId, t.userId, t.durationMinutes),
    // A user's and a project's entries in the list's default order (newest day first, then
    // newest entry; `sortBy` writes `desc nulls last`), so a page is the first rows of an index
    // scan, not a sort of every entry in the range; ranges and sums over a user's or a project's
    // days use them too (migration 0012).
    index('time_logs_user_page_idx').on(
      t.companyId,
      t.userId,
      t.loggedAt.desc().nullsLast(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('time_logs_project_page_idx').on(
      t.companyId,
      t.projectId,
      t.loggedAt.desc().nullsLast(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('time_logs_task_idx').on(t.companyId, t.taskId),
    index('time_logs_duration_idx').on(t.companyId, t.durationMinutes),
    index('time_logs_created_idx').on(t.companyId, t.createdAt),
    index('time_logs_keyset_idx').on(t.companyId, t.loggedAt, t.id),
    check('time_logs_duration_ck', sql`${t.durationMinutes} > 0 and ${t.durationMinutes} <= 1440`),
  ],
);

/**
 * A user's running timer: at most one per user (the unique index), kept in the database so it
 * survives a reload and shows on a second device. Stopping it turns it into a time log.
 */
export const timeLogTimers = pgTable(
  'time_log_timers',
  {
    id: id(),
    companyId: uuid('company_id').notNull(),
    userId: uuid('user_id').notNull(),
    projectId: uuid('project_id').notNull(),
    taskId: uuid('task_id').notNull(),
    description: text('description'),
    billable: boolean('billable').notNull().default(true),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('time_log_timers_user_uq').on(t.companyId, t.userId),
    foreignKey({ columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      columns: [t.companyId, t.projectId],
      foreignColumns: [projects.companyId, projects.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.companyId, t.taskId], foreignColumns: [tasks.companyId, tasks.id] }).onDelete(
      'cascade',
    ),
  ],
);
