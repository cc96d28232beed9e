import {
  and,
  asc,
  countDistinct,
  desc,
  eq,
  gte,
  isNotNull,
  isNull,
  lt,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import {
  projectMembers,
  projects,
  taskAssignees,
  taskStatuses,
  tasks,
  timeLogs,
  users,
} from '../../db/schema/index.ts';
import type { Scope } from '../../lib/scope.ts';
import { dayStart, nextDayStart } from '../time-logs/time-logs.repo.ts';

/**
 * Read-only aggregates over tasks, statuses, projects and time logs for reports and the
 * dashboard. Every number is one grouped SQL query over the company's indexes; nothing here
 * loads rows to count them in Node.
 */

const minutes = sql<number>`coalesce(sum(${timeLogs.durationMinutes}), 0)`.mapWith(Number);
const inRange = (from: string, to: string) =>
  and(gte(timeLogs.loggedAt, dayStart(from)), lt(timeLogs.loggedAt, nextDayStart(to)));
/** A task whose status is not a built-in closed one (Completed, Cancelled), or has none. */
const openTask = isNull(taskStatuses.builtIn);
const statusJoin = and(eq(taskStatuses.id, tasks.statusId), eq(taskStatuses.companyId, tasks.companyId));
const assigneeJoin = and(eq(taskAssignees.taskId, tasks.id), eq(taskAssignees.companyId, tasks.companyId));

export const reportsRepo = {
  async statuses(scope: Scope) {
    return scope.db
      .select({ id: taskStatuses.id, name: taskStatuses.name, color: taskStatuses.color })
      .from(taskStatuses)
      .where(scope.own(taskStatuses))
      .orderBy(asc(taskStatuses.sortOrder));
  },

  /**
   * The user's tasks in the range, counted per status with the minutes the user logged on them in
   * the range. A task is in the range when it is assigned to the user and either its span (start
   * or creation day to due or completion day) overlaps the range or the user logged time on it then.
   */
  async userTasksByStatus(scope: Scope, userId: string, from: string, to: string) {
    const logged = scope.db
      .select({ taskId: timeLogs.taskId, minutes: minutes.as('minutes') })
      .from(timeLogs)
      .where(scope.own(timeLogs, eq(timeLogs.userId, userId), inRange(from, to), isNotNull(timeLogs.taskId)))
      .groupBy(timeLogs.taskId)
      .as('logged');
    const spanStart = sql`coalesce(${tasks.startDate}, (${tasks.createdAt} at time zone 'UTC')::date)`;
    const spanEnd = sql`coalesce(${tasks.dueDate}, (${tasks.completedAt} at time zone 'UTC')::date, 'infinity'::date)`;
    return scope.db
      .select({
        statusId: tasks.statusId,
        taskCount: sql<number>`count(*)`.mapWith(Number),
        minutes: sql<number>`coalesce(sum(${logged.minutes}), 0)`.mapWith(Number),
      })
      .from(tasks)
      .innerJoin(taskAssignees, assigneeJoin)
      .leftJoin(logged, eq(logged.taskId, tasks.id))
      .where(
        scope.own(
          tasks,
          eq(taskAssignees.userId, userId),
          or(
            and(sql`${spanStart} <= ${to}::date`, sql`${spanEnd} >= ${from}::date`),
            isNotNull(logged.taskId),
          ),
        ),
      )
      .groupBy(tasks.statusId);
  },

  /** Minutes in the range by project, by user and by day over the entries `who` selects. */
  async hours(scope: Scope, from: string, to: string, who: SQL | undefined, projectId: string | undefined) {
    const where = scope.own(
      timeLogs,
      inRange(from, to),
      who,
      projectId === undefined ? undefined : eq(timeLogs.projectId, projectId),
    );
    const day = sql<string>`to_char(${timeLogs.loggedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
    const [byProject, byUser, byDay] = await Promise.all([
      scope.db
        .select({ projectId: timeLogs.projectId, projectName: projects.name, minutes })
        .from(timeLogs)
        .innerJoin(
          projects,
          and(eq(projects.id, timeLogs.projectId), eq(projects.companyId, timeLogs.companyId)),
        )
        .where(where)
        .groupBy(timeLogs.projectId, projects.name)
        .orderBy(desc(minutes), asc(projects.name)),
      scope.db
        .select({
          userId: timeLogs.userId,
          userName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
          minutes,
        })
        .from(timeLogs)
        .innerJoin(users, and(eq(users.id, timeLogs.userId), eq(users.companyId, timeLogs.companyId)))
        .where(where)
        .groupBy(timeLogs.userId, users.firstName, users.lastName)
        .orderBy(desc(minutes), asc(users.firstName)),
      scope.db.select({ day, minutes }).from(timeLogs).where(where).groupBy(day).orderBy(day),
    ]);
    return { byProject, byUser, byDay };
  },

  /** My open tasks per status, with how many are due this week and how many are overdue. */
  async myOpenTasks(scope: Scope, userId: string, today: string, weekEnd: string) {
    return scope.db
      .select({
        statusId: tasks.statusId,
        statusName: taskStatuses.name,
        color: taskStatuses.color,
        count: sql<number>`count(*)`.mapWith(Number),
        dueThisWeek:
          sql<number>`count(*) filter (where ${tasks.dueDate} >= ${today}::date and ${tasks.dueDate} <= ${weekEnd}::date)`.mapWith(
            Number,
          ),
        overdue: sql<number>`count(*) filter (where ${tasks.dueDate} < ${today}::date)`.mapWith(Number),
      })
      .from(tasks)
      .innerJoin(taskAssignees, assigneeJoin)
      .leftJoin(taskStatuses, statusJoin)
      .where(scope.own(tasks, eq(taskAssignees.userId, userId), openTask))
      .groupBy(tasks.statusId, taskStatuses.name, taskStatuses.color, taskStatuses.sortOrder)
      .orderBy(asc(taskStatuses.sortOrder));
  },

  /** Minutes logged in two adjacent weeks, by one user or (userId undefined) the whole company. */
  async weekMinutes(
    scope: Scope,
    userId: string | undefined,
    weekStart: string,
    lastWeekStart: string,
    weekEnd: string,
  ) {
    const [row] = await scope.db
      .select({
        thisWeek:
          sql<number>`coalesce(sum(${timeLogs.durationMinutes}) filter (where ${timeLogs.loggedAt} >= ${dayStart(weekStart)}), 0)`.mapWith(
            Number,
          ),
        lastWeek:
          sql<number>`coalesce(sum(${timeLogs.durationMinutes}) filter (where ${timeLogs.loggedAt} < ${dayStart(weekStart)}), 0)`.mapWith(
            Number,
          ),
        activeUsersThisWeek: countDistinct(
          sql`case when ${timeLogs.loggedAt} >= ${dayStart(weekStart)} then ${timeLogs.userId} end`,
        ),
      })
      .from(timeLogs)
      .where(
        scope.own(
          timeLogs,
          userId === undefined ? undefined : eq(timeLogs.userId, userId),
          inRange(lastWeekStart, weekEnd),
        ),
      );
    return row ?? { thisWeek: 0, lastWeek: 0, activeUsersThisWeek: 0 };
  },

  /** The projects a user is a member of, with how many of their tasks are closed. */
  async myProjects(scope: Scope, userId: string, limit: number) {
    const closed = sql`count(${tasks.id}) filter (where ${taskStatuses.builtIn} is not null)`;
    return scope.db
      .select({
        projectId: projects.id,
        name: projects.name,
        taskCount: sql<number>`count(${tasks.id})`.mapWith(Number),
        closedCount: sql<number>`${closed}`.mapWith(Number),
      })
      .from(projects)
      .innerJoin(
        projectMembers,
        and(eq(projectMembers.projectId, projects.id), eq(projectMembers.companyId, projects.companyId)),
      )
      .leftJoin(tasks, and(eq(tasks.projectId, projects.id), eq(tasks.companyId, projects.companyId)))
      .leftJoin(taskStatuses, statusJoin)
      .where(scope.own(projects, eq(projectMembers.userId, userId)))
      .groupBy(projects.id, projects.name)
      .orderBy(asc(projects.name), asc(projects.id))
      .limit(limit);
  },

  /** Company-wide task figures: open and overdue tasks, and projects not in a closed status. */
  async companyTasks(scope: Scope, today: string) {
    const [taskRow] = await scope.db
      .select({
        open: sql<number>`count(*)`.mapWith(Number),
        overdue: sql<number>`count(*) filter (where ${tasks.dueDate} < ${today}::date)`.mapWith(Number),
      })
      .from(tasks)
      .leftJoin(taskStatuses, statusJoin)
      .where(scope.own(tasks, openTask));
    const [projectRow] = await scope.db
      .select({ active: sql<number>`count(*)`.mapWith(Number) })
      .from(projects)
      .leftJoin(
        taskStatuses,
        and(eq(taskStatuses.id, projects.statusId), eq(taskStatuses.companyId, projects.companyId)),
      )
      .where(scope.own(projects, openTask));
    return {
      open: taskRow?.open ?? 0,
      overdue: taskRow?.overdue ?? 0,
      activeProjects: projectRow?.active ?? 0,
    };
  },
};
