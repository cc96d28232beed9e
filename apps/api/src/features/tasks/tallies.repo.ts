import { and, asc, eq, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import {
  projects,
  taskAssigneeTallies,
  taskDueTallies,
  taskLists,
  taskStatuses,
  taskStatusTallies,
  taskTallies,
} from '../../db/schema/index.ts';
import type { Scope } from '../../lib/scope.ts';

/**
 * Reads of the task tallies (`db/schema/tallies.ts`, kept by the database's triggers on `tasks`,
 * migration 0013). A key's figure is the sum of its rows (one, or as many as it ever had writers
 * at once), so every read here costs the same whatever the number of tasks.
 */

/** A project's figures: how many top-level tasks, and the mean of their progress. */
export type ProjectFigures = { taskCount: number; progress: number };

const topCount = sql<number>`coalesce(sum(${taskTallies.topCount}), 0)::int`.mapWith(Number);
/** Mean progress of the top-level tasks, rounded half away from zero as `round(avg(progress))` was. */
const meanProgress = sql<number>`coalesce(round(sum(${taskTallies.topProgress})::numeric
  / nullif(sum(${taskTallies.topCount}), 0)), 0)::int`.mapWith(Number);

/** `(select <figure> from task_tallies where <list or project matches>)`, for a correlated column. */
const figureOf = (figure: SQL, match: SQL) =>
  sql`(select ${figure} from ${taskTallies} where ${match})`.mapWith(Number);

const ofList = sql`${taskTallies.companyId} = ${taskLists.companyId} and ${taskTallies.taskListId} = ${taskLists.id}`;
const ofProject = sql`${taskTallies.companyId} = ${projects.companyId} and ${taskTallies.projectId} = ${projects.id}`;

export const talliesRepo = {
  /** Correlated columns of a `task_lists` row: its top-level tasks and their mean progress. */
  listColumns: {
    taskCount: figureOf(topCount, ofList),
    overallProgress: figureOf(meanProgress, ofList),
  },

  /** A `projects` row's mean progress, as a sort key. */
  projectProgress: figureOf(meanProgress, ofProject),

  /** Task count and progress of these projects (a page, or one); absent projects have none. */
  async projectFigures(scope: Scope, projectIds: string[]): Promise<Map<string, ProjectFigures>> {
    if (projectIds.length === 0) return new Map();
    const rows = await scope.db
      .select({ projectId: taskTallies.projectId, taskCount: topCount, progress: meanProgress })
      .from(taskTallies)
      .where(scope.own(taskTallies, inArray(taskTallies.projectId, projectIds)))
      .groupBy(taskTallies.projectId);
    return new Map(rows.map((r) => [r.projectId, { taskCount: r.taskCount, progress: r.progress }]));
  },

  /** How many top-level tasks a list, or a project, has (a list's or a board's unfiltered total). */
  async topLevelCount(scope: Scope, of: { taskListId: string } | { projectId: string }): Promise<number> {
    const [row] = await scope.db
      .select({ n: topCount })
      .from(taskTallies)
      .where(
        scope.own(
          taskTallies,
          'taskListId' in of
            ? eq(taskTallies.taskListId, of.taskListId)
            : eq(taskTallies.projectId, of.projectId),
        ),
      );
    return row?.n ?? 0;
  },

  /** Every status of the company in its order, with how many of the project's top-level tasks it has. */
  boardColumns(scope: Scope, projectId: string): Promise<{ statusId: string; totalCount: number }[]> {
    return scope.db
      .select({ statusId: taskStatuses.id, totalCount: topCount })
      .from(taskStatuses)
      .leftJoin(
        taskTallies,
        and(
          eq(taskTallies.companyId, taskStatuses.companyId),
          eq(taskTallies.statusId, taskStatuses.id),
          eq(taskTallies.projectId, projectId),
        ),
      )
      .where(scope.own(taskStatuses))
      .groupBy(taskStatuses.id, taskStatuses.sortOrder)
      .orderBy(taskStatuses.sortOrder, taskStatuses.id);
  },

  /** The company's open tasks and subtasks (status not a built-in closed one), and those due before `today`. */
  async openAndOverdue(scope: Scope, today: string): Promise<{ open: number; overdue: number }> {
    const [open, overdue] = await Promise.all([
      // A row per status (or a few: one per writer at once), whatever the company's projects.
      scope.db
        .select({ n: sql<number>`coalesce(sum(${taskStatusTallies.taskCount}), 0)::int`.mapWith(Number) })
        .from(taskStatusTallies)
        .leftJoin(
          taskStatuses,
          and(
            eq(taskStatuses.companyId, taskStatusTallies.companyId),
            eq(taskStatuses.id, taskStatusTallies.statusId),
          ),
        )
        .where(scope.own(taskStatusTallies, isNull(taskStatuses.builtIn))),
      scope.db
        .select({ n: sql<number>`coalesce(sum(${taskDueTallies.taskCount}), 0)::int`.mapWith(Number) })
        .from(taskDueTallies)
        .leftJoin(
          taskStatuses,
          and(
            eq(taskStatuses.companyId, taskDueTallies.companyId),
            eq(taskStatuses.id, taskDueTallies.statusId),
          ),
        )
        .where(
          scope.own(
            taskDueTallies,
            lt(taskDueTallies.dueDate, sql`${today}::date`),
            isNull(taskStatuses.builtIn),
          ),
        ),
    ]);
    return { open: open[0]?.n ?? 0, overdue: overdue[0]?.n ?? 0 };
  },

  /**
   * A person's open tasks and subtasks (status not a built-in closed one, or none) per status, with
   * how many are due from `today` to `weekEnd` and how many are overdue: their assignee tallies
   * (migration 0015), a row per status and due date, whatever the number of tasks.
   */
  async assigneeOpenTasks(scope: Scope, userId: string, today: string, weekEnd: string) {
    const t = taskAssigneeTallies;
    const sumWhere = (where: SQL) =>
      sql<number>`coalesce(sum(${t.taskCount}) filter (where ${where}), 0)::int`.mapWith(Number);
    return scope.db
      .select({
        statusId: t.statusId,
        statusName: taskStatuses.name,
        color: taskStatuses.color,
        count: sql<number>`sum(${t.taskCount})::int`.mapWith(Number),
        dueThisWeek: sumWhere(sql`${t.dueDate} >= ${today}::date and ${t.dueDate} <= ${weekEnd}::date`),
        overdue: sumWhere(sql`${t.dueDate} < ${today}::date`),
      })
      .from(t)
      .leftJoin(taskStatuses, and(eq(taskStatuses.companyId, t.companyId), eq(taskStatuses.id, t.statusId)))
      .where(scope.own(t, eq(t.userId, userId), isNull(taskStatuses.builtIn)))
      .groupBy(t.statusId, taskStatuses.name, taskStatuses.color, taskStatuses.sortOrder)
      .orderBy(asc(taskStatuses.sortOrder));
  },
};
