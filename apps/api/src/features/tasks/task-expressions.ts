import { type SQL, sql } from 'drizzle-orm';
import type { TaskLabel } from '@taskhive/contract';
import { projects, taskStatuses, tasks } from '../../db/schema/index.ts';

/**
 * How a task's derived fields are read, in SQL: the tasks feature's reads and any other feature
 * that reads tasks (the calendar, the timeline) use these, so a task is overdue or keyed the same everywhere.
 * Each needs `tasks` joined with its `projects` row and its `task_statuses` row (left join).
 */

/**
 * Overdue, decided when read (no job to keep a flag true): past the due date and neither
 * Completed nor Cancelled (the built-in statuses). Dates compare in the database's calendar (UTC).
 */
export const isOverdue = sql<boolean>`coalesce(${tasks.dueDate} < current_date and ${taskStatuses.builtIn} is null, false)`;

/** `APL-42`: the project's code and the task's number in it (migration 0026). */
export const taskKey = sql<string>`${projects.code} || '-' || ${tasks.number}`;

/**
 * Issue 26: the task's labels by name, as a JSON array inside the statement that reads the tasks
 * (task_labels' primary key, then each label by its key), so a page costs no statement more. Every
 * read of tasks that shows labels (task rows, the calendar, the timeline) uses this one.
 */
export const labelsOfTask = sql<TaskLabel[]>`(select coalesce(json_agg(json_build_object('labelId', l.id,
    'name', l.name, 'color', l.color) order by lower(l.name), l.id), '[]'::json)
  from task_labels tl join labels l on l.company_id = tl.company_id and l.id = tl.label_id
  where tl.company_id = ${tasks.companyId} and tl.task_id = ${tasks.id})`;

/**
 * Issue 26, the `labelIds` filter: the task (`task`, tasks or an alias) carries any of these labels
 * (the prefix of task_labels' primary key). No ids: no condition.
 */
export function withAnyLabel(task: typeof tasks, labelIds: readonly string[] | undefined): SQL | undefined {
  if (!labelIds?.length) return undefined;
  return sql`exists (select 1 from task_labels tl where tl.company_id = ${task.companyId}
    and tl.task_id = ${task.id} and tl.label_id in (${sql.join(
      labelIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}))`;
}
