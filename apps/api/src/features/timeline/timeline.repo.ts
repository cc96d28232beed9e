import { and, asc, eq, sql } from 'drizzle-orm';
import type { TaskLabel } from '@taskhive/contract';
import { projects, taskStatuses, tasks } from '../../db/schema/index.ts';
import type { Scope } from '../../lib/scope.ts';
import { labelsOfTask, taskKey, withAnyLabel } from '../tasks/index.ts';

export type TimelineTaskRow = {
  id: string;
  key: string;
  title: string;
  taskListId: string;
  parentTaskId: string | null;
  statusName: string | null;
  statusColor: string | null;
  isDone: boolean;
  startDate: string | null;
  dueDate: string | null;
  assigneeNames: string[];
  /** Issue 26: its labels by name. */
  labels: TaskLabel[];
};

/** Done as the tasks feature decides it: a status with `built_in` set (Completed or Cancelled). */
const isDone = sql<boolean>`(${taskStatuses.builtIn} is not null)`.mapWith(Boolean);

/** The assignees' names, in name order: part of the statement that reads the tasks (no N+1). */
const assigneeNames = sql<string[]>`coalesce((select array_agg(u.first_name || ' ' || u.last_name
    order by u.first_name, u.last_name, u.id)
  from task_assignees ta
  join users u on u.company_id = ta.company_id and u.id = ta.user_id
  where ta.company_id = ${tasks.companyId} and ta.task_id = ${tasks.id}), '{}')`;

/**
 * A read-only view of one project's tasks for the timeline (as the calendar and the reports read
 * the tasks table): ONE statement whatever the number of tasks, the key as the tasks feature
 * spells it. The project's reach is checked before (the project is loaded with the task reach,
 * which is a project membership or a company-wide right, so every task of it is readable).
 */
export const timelineRepo = {
  /**
   * The project's tasks (subtasks too), by key number, at most `limit`: by `tasks_project_number_uq`.
   * With `labelIds` (issue 26), only those carrying any of these labels; each task's labels are
   * read in the same statement.
   */
  tasksOf(
    scope: Scope,
    projectId: string,
    limit: number,
    labelIds?: readonly string[],
  ): Promise<TimelineTaskRow[]> {
    return scope.db
      .select({
        id: tasks.id,
        key: taskKey,
        title: tasks.title,
        taskListId: tasks.taskListId,
        parentTaskId: tasks.parentTaskId,
        statusName: taskStatuses.name,
        statusColor: taskStatuses.color,
        isDone,
        startDate: tasks.startDate,
        dueDate: tasks.dueDate,
        assigneeNames,
        labels: labelsOfTask,
      })
      .from(tasks)
      .innerJoin(projects, and(eq(projects.id, tasks.projectId), eq(projects.companyId, tasks.companyId)))
      .leftJoin(
        taskStatuses,
        and(eq(taskStatuses.id, tasks.statusId), eq(taskStatuses.companyId, tasks.companyId)),
      )
      .where(scope.own(tasks, eq(tasks.projectId, projectId), withAnyLabel(tasks, labelIds)))
      .orderBy(asc(tasks.number))
      .limit(limit);
  },
};
