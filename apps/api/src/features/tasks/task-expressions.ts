import { sql } from 'drizzle-orm';
import { projects, taskStatuses, tasks } from '../../db/schema/index.ts';

/**
 * How a task's derived fields are read, in SQL: the tasks feature's reads and any other feature
 * that reads tasks (the calendar) use these, so a task is overdue or keyed the same everywhere.
 * Each needs `tasks` joined with its `projects` row and its `task_statuses` row (left join).
 */

/**
 * Overdue, decided when read (no job to keep a flag true): past the due date and neither
 * Completed nor Cancelled (the built-in statuses). Dates compare in the database's calendar (UTC).
 */
export const isOverdue = sql<boolean>`coalesce(${tasks.dueDate} < current_date and ${taskStatuses.builtIn} is null, false)`;

/** `APL-42`: the project's code and the task's number in it (migration 0026). */
export const taskKey = sql<string>`${projects.code} || '-' || ${tasks.number}`;
