import { aliasedTable, and, asc, eq, sql } from 'drizzle-orm';
import type { TaskLabel } from '@taskhive/contract';
import { projects, taskDependencies, taskLists, taskStatuses, tasks } from '../../db/schema/index.ts';
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
const isDone = sql<boolean>`(${taskStatuses.builtIn} is not null)`;

/** The assignees' names, in name order: part of the statement that reads the tasks (no N+1). */
const assigneeNames = sql<string[]>`coalesce((select array_agg(u.first_name || ' ' || u.last_name
    order by u.first_name, u.last_name, u.id)
  from task_assignees ta
  join users u on u.company_id = ta.company_id and u.id = ta.user_id
  where ta.company_id = ${tasks.companyId} and ta.task_id = ${tasks.id}), '{}')`;

/** What one statement answers for a project's timeline: its lists, its tasks, the edges among them. */
export type TimelineRead = {
  lists: { taskListId: string; name: string }[];
  tasks: TimelineTaskRow[];
  edges: { blockerTaskId: string; blockedTaskId: string }[];
};

/**
 * A read-only view of one project's lists, tasks and dependencies for the timeline (as the
 * calendar and the reports read the tasks table): ONE statement whatever the number of tasks, the
 * key as the tasks feature spells it. The project's reach is checked before (the project is loaded
 * with the task reach, which is a project membership or a company-wide right, so every task of it
 * is readable).
 *
 * The database answers each part as one json array (one row, three values) rather than a row per
 * task: a project's timeline is hundreds to thousands of rows, and decoding each row's columns,
 * text arrays and json in the driver and then mapping them in the ORM cost more CPU than the
 * query; and each statement is a round trip (bench, 526 tasks, four statements to one with the
 * check: 51 to 60 requests a second with the json arrays, see bench/README.md). One JSON.parse
 * per part is native.
 */
export const timelineRepo = {
  /**
   * The project's lists in their order; its tasks (subtasks too) by key number, at most `limit`
   * (by `tasks_project_number_uq`), with `labelIds` (issue 26) only those carrying any of these
   * labels, each with its labels; and the dependencies between two tasks of the project.
   */
  async read(
    scope: Scope,
    projectId: string,
    limit: number,
    labelIds?: readonly string[],
  ): Promise<TimelineRead> {
    const t = scope.db
      .select({
        id: tasks.id,
        number: tasks.number,
        key: sql<string>`${taskKey}`.as('key'),
        title: tasks.title,
        taskListId: tasks.taskListId,
        parentTaskId: tasks.parentTaskId,
        statusName: sql<string | null>`${taskStatuses.name}`.as('status_name'),
        statusColor: sql<string | null>`${taskStatuses.color}`.as('status_color'),
        isDone: isDone.as('is_done'),
        startDate: tasks.startDate,
        dueDate: tasks.dueDate,
        assigneeNames: assigneeNames.as('assignee_names'),
        labels: sql<TaskLabel[]>`${labelsOfTask}`.as('labels'),
      })
      .from(tasks)
      .innerJoin(projects, and(eq(projects.id, tasks.projectId), eq(projects.companyId, tasks.companyId)))
      .leftJoin(
        taskStatuses,
        and(eq(taskStatuses.id, tasks.statusId), eq(taskStatuses.companyId, tasks.companyId)),
      )
      .where(scope.own(tasks, eq(tasks.projectId, projectId), withAnyLabel(tasks, labelIds)))
      .orderBy(asc(tasks.number))
      .limit(limit)
      .as('t');
    const l = scope.db
      .select({
        id: taskLists.id,
        name: taskLists.name,
        sortOrder: taskLists.sortOrder,
        createdAt: taskLists.createdAt,
      })
      .from(taskLists)
      .where(scope.own(taskLists, eq(taskLists.projectId, projectId)))
      .as('l');
    const blocker = aliasedTable(tasks, 'blocker');
    const blocked = aliasedTable(tasks, 'blocked');
    const e = scope.db
      .select({ blockerId: taskDependencies.blockerTaskId, blockedId: taskDependencies.blockedTaskId })
      .from(taskDependencies)
      .innerJoin(
        blocked,
        and(
          eq(blocked.companyId, taskDependencies.companyId),
          eq(blocked.id, taskDependencies.blockedTaskId),
        ),
      )
      .innerJoin(
        blocker,
        and(
          eq(blocker.companyId, taskDependencies.companyId),
          eq(blocker.id, taskDependencies.blockerTaskId),
        ),
      )
      .where(scope.own(taskDependencies, eq(blocked.projectId, projectId), eq(blocker.projectId, projectId)))
      .as('e');
    const [row] = await scope.db
      .select({
        lists: sql<TimelineRead['lists']>`(select coalesce(json_agg(json_build_object(
          'taskListId', ${l.id}, 'name', ${l.name}) order by ${l.sortOrder}, ${l.createdAt}, ${l.id}),
          '[]'::json) from ${l})`,
        tasks: sql<TimelineTaskRow[]>`(select coalesce(json_agg(json_build_object(
          'id', ${t.id}, 'key', ${t.key}, 'title', ${t.title}, 'taskListId', ${t.taskListId},
          'parentTaskId', ${t.parentTaskId}, 'statusName', ${t.statusName},
          'statusColor', ${t.statusColor}, 'isDone', ${t.isDone}, 'startDate', ${t.startDate},
          'dueDate', ${t.dueDate}, 'assigneeNames', ${t.assigneeNames}, 'labels', ${t.labels})
          order by ${t.number}), '[]'::json) from ${t})`,
        edges: sql<TimelineRead['edges']>`(select coalesce(json_agg(json_build_object(
          'blockerTaskId', ${e.blockerId}, 'blockedTaskId', ${e.blockedId})
          order by ${e.blockerId}, ${e.blockedId}), '[]'::json) from ${e})`,
      })
      .from(projects)
      .where(scope.own(projects, eq(projects.id, projectId)));
    return row ?? { lists: [], tasks: [], edges: [] };
  },
};
