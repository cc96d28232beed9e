import { aliasedTable, and, asc, eq, sql } from 'drizzle-orm';
import type { TaskLabel } from '@taskhive/contract';
import { projects, taskDependencies, taskLists, taskStatuses, tasks } from '../../db/schema/index.ts';
import type { Scope } from '../../lib/scope.ts';
import { labelsOfTask, taskKey, withAnyLabel } from '../tasks/index.ts';

/** Done as the tasks feature decides it: a status with `built_in` set (Completed or Cancelled). */
const isDone = sql<boolean>`(${taskStatuses.builtIn} is not null)`;

/** The assignees' names, in name order: part of the statement that reads the tasks (no N+1). */
const assigneeNames = sql<string[]>`coalesce((select array_agg(u.first_name || ' ' || u.last_name
    order by u.first_name, u.last_name, u.id)
  from task_assignees ta
  join users u on u.company_id = ta.company_id and u.id = ta.user_id
  where ta.company_id = ${tasks.companyId} and ta.task_id = ${tasks.id}), '{}')`;

/**
 * A read-only view of one project's lists, tasks and dependencies for the timeline (as the
 * calendar and the reports read the tasks table): ONE statement whatever the number of tasks, the
 * key as the tasks feature spells it. The project's reach is checked before (the project is loaded
 * with the task reach, which is a project membership or a company-wide right, so every task of it
 * is readable).
 *
 * The database writes the answer's JSON itself (`ProjectTimeline`, field for field; each task a
 * row's compact JSON, `{"taskId":…}`, where json_build_object would space every key), handed on as
 * text: a project's timeline is hundreds to thousands of rows, and decoding each row in the driver,
 * mapping it in the ORM and writing it out again cost more CPU than the query (bench, 526 tasks on
 * a quiet 2-core machine: 51 requests a second with a row per task and four statements, 68 with
 * this; bench/README.md). timeline.test checks the text against the contract's schema on both
 * databases, as the serializer does for every other route in tests.
 */
export const timelineRepo = {
  /**
   * `ProjectTimeline` as JSON text: the project's lists in their order; its tasks (subtasks too) by
   * key number, at most `cap` (by `tasks_project_number_uq`), with `labelIds` (issue 26) only those
   * carrying any of these labels, each with its labels; `truncated` when more pass the filter; and
   * the dependencies between two answered tasks.
   */
  async readJson(
    scope: Scope,
    projectId: string,
    cap: number,
    labelIds?: readonly string[],
  ): Promise<string> {
    const t = scope.db.$with('t').as(
      scope.db
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
        // One more than the cap: it says whether the answer is truncated.
        .limit(cap + 1),
    );
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
    // The dependencies of the project's tasks (the blocked side by the tasks' project index, as
    // before the one-statement read), then kept when both ends are answered.
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
      .where(scope.own(taskDependencies, eq(blocked.projectId, projectId)))
      .as('e');
    /** The tasks answered: the first `cap` by key number. */
    const answered = sql`(select ${t.id} from ${t} order by ${t.number} limit ${cap})`;
    const [row] = await scope.db
      .with(t)
      .select({
        json: sql<string>`json_build_object(
          'projectId', ${projects.id},
          'lists', (select coalesce(json_agg(json_build_object('taskListId', ${l.id}, 'name', ${l.name})
            order by ${l.sortOrder}, ${l.createdAt}, ${l.id}), '[]'::json) from ${l}),
          'tasks', (select coalesce(json_agg((select r from (select a.id as "taskId", a.key as "key",
              a.title as "title", a.task_list_id as "taskListId", a.parent_task_id as "parentTaskId",
              a.status_name as "statusName", a.status_color as "statusColor", a.is_done as "isDone",
              a.start_date as "startDate", a.due_date as "dueDate",
              a.assignee_names as "assigneeNames", a.labels as "labels") r)
            order by a.number), '[]'::json)
            from (select * from ${t} order by ${t.number} limit ${cap}) a),
          'edges', (select coalesce(json_agg(json_build_object(
              'blockerTaskId', ${e.blockerId}, 'blockedTaskId', ${e.blockedId})
            order by ${e.blockerId}, ${e.blockedId}), '[]'::json) from ${e}
            where ${e.blockerId} in ${answered} and ${e.blockedId} in ${answered}),
          'truncated', (select count(*) > ${cap} from ${t})
        )::text`,
      })
      .from(projects)
      .where(scope.own(projects, eq(projects.id, projectId)));
    if (!row) throw new Error(`timeline: project ${projectId} vanished after its check`);
    return row.json;
  },
};
