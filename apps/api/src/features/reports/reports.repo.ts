import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  departments,
  projectMembers,
  projects,
  taskAssignees,
  taskStatuses,
  tasks,
  timeLogs,
  users,
} from '../../db/schema/index.ts';
import { prefixPattern } from '../../lib/list.ts';
import type { Scope } from '../../lib/scope.ts';
import { countedEstimateMinutes } from '../projects/index.ts';
import { taskTallies } from '../tasks/index.ts';
import { notDeactivated } from '../users/index.ts';
import {
  type CompanyHours,
  type HoursLists,
  timeTallies,
  dayStart,
  nextDayStart,
} from '../time-logs/index.ts';

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
const assigneeJoin = and(eq(taskAssignees.taskId, tasks.id), eq(taskAssignees.companyId, tasks.companyId));

/** Picks the people a figure counts, given the column that holds a person's id. */
export type Who = (userColumn: AnyPgColumn) => SQL;

/**
 * THE definition of a person's tasks in a range, shared by the user report, the team report and
 * the member report. A task is theirs in the range when it is assigned to them and its span (start
 * or creation day to due or completion day) overlaps the range, or when they logged time on it
 * then (assigned or not, now): so the minutes are every entry of theirs in the range, the same
 * total as the hours by day and project and the CSV export (issue 23). `mine` holds one row per
 * (person, task); `logged` the minutes per (person, task) in the range.
 */
function theirTasks(scope: Scope, who: Who, from: string, to: string) {
  const logged = scope.db.$with('logged').as(
    scope.db
      .select({ userId: timeLogs.userId, taskId: timeLogs.taskId, minutes: minutes.as('minutes') })
      .from(timeLogs)
      .where(scope.own(timeLogs, who(timeLogs.userId), inRange(from, to), isNotNull(timeLogs.taskId)))
      .groupBy(timeLogs.userId, timeLogs.taskId),
  );
  const spanStart = sql`coalesce(${tasks.startDate}, (${tasks.createdAt} at time zone 'UTC')::date)`;
  const spanEnd = sql`coalesce(${tasks.dueDate}, (${tasks.completedAt} at time zone 'UTC')::date, 'infinity'::date)`;
  // `estimate`: the task's estimate as issue 25 counts it (a parent's only when no subtask has one).
  const estimate = countedEstimateMinutes(tasks);
  const assigned = scope.db
    .select({
      userId: taskAssignees.userId,
      id: tasks.id,
      statusId: tasks.statusId,
      estimate: sql<number | null>`${estimate}`.as('estimate'),
    })
    .from(tasks)
    .innerJoin(taskAssignees, assigneeJoin)
    .where(
      scope.own(
        tasks,
        who(taskAssignees.userId),
        sql`${spanStart} <= ${to}::date`,
        sql`${spanEnd} >= ${from}::date`,
      ),
    );
  const loggedOn = scope.db
    .select({
      userId: logged.userId,
      id: tasks.id,
      statusId: tasks.statusId,
      estimate: sql<number | null>`${estimate}`.as('estimate'),
    })
    .from(tasks)
    .innerJoin(logged, eq(logged.taskId, tasks.id))
    .where(scope.own(tasks));
  // UNION (not ALL): a task both assigned and logged on counts once per person.
  const mine = assigned.union(loggedOn).as('mine');
  return { logged, mine };
}

/** The conditions on `users` of a team: not deactivated, covered, and the filter's department or project. */
function teamOf(
  scope: Scope,
  covered: SQL | undefined,
  f: { departmentId?: string | undefined; projectId?: string | undefined },
) {
  return [
    notDeactivated,
    covered,
    f.departmentId === undefined ? undefined : eq(users.departmentId, f.departmentId),
    f.projectId === undefined
      ? undefined
      : inArray(
          users.id,
          scope.db
            .select({ id: projectMembers.userId })
            .from(projectMembers)
            .where(scope.own(projectMembers, eq(projectMembers.projectId, f.projectId))),
        ),
  ];
}

export const reportsRepo = {
  async statuses(scope: Scope) {
    return scope.db
      .select({
        id: taskStatuses.id,
        name: taskStatuses.name,
        color: taskStatuses.color,
        builtIn: taskStatuses.builtIn,
      })
      .from(taskStatuses)
      .where(scope.own(taskStatuses))
      .orderBy(asc(taskStatuses.sortOrder), asc(taskStatuses.name));
  },

  /**
   * The user's tasks in the range, counted per status with the minutes the user logged on them in
   * the range (`theirTasks` says which tasks: the one definition the team report shares).
   */
  async userTasksByStatus(scope: Scope, userId: string, from: string, to: string) {
    const rows = await reportsRepo.tasksByStatus(scope, (c) => eq(c, userId), from, to);
    return rows.map(({ statusId, taskCount, minutes, estimated }) => ({
      statusId,
      taskCount,
      minutes,
      estimated,
    }));
  },

  /**
   * Every chosen person's tasks in the range per status, with the minutes they logged on them:
   * one grouped query whatever the number of people (`who` picks them, e.g. an `in (subquery)`).
   */
  async tasksByStatus(scope: Scope, who: Who, from: string, to: string) {
    const { logged, mine } = theirTasks(scope, who, from, to);
    return scope.db
      .with(logged)
      .select({
        userId: mine.userId,
        statusId: mine.statusId,
        taskCount: sql<number>`count(*)`.mapWith(Number),
        minutes: sql<number>`coalesce(sum(${logged.minutes}), 0)`.mapWith(Number),
        estimated: sql<number>`coalesce(sum(${mine.estimate}), 0)`.mapWith(Number),
      })
      .from(mine)
      .leftJoin(logged, and(eq(logged.taskId, mine.id), eq(logged.userId, mine.userId)))
      .groupBy(mine.userId, mine.statusId);
  },

  /** One person's tasks in the range (`theirTasks`), each with its project and the minutes they logged on it. */
  async tasksOf(scope: Scope, userId: string, from: string, to: string) {
    const { logged, mine } = theirTasks(scope, (c) => eq(c, userId), from, to);
    return scope.db
      .with(logged)
      .select({
        taskId: tasks.id,
        title: tasks.title,
        dueDate: tasks.dueDate,
        statusId: tasks.statusId,
        projectId: tasks.projectId,
        projectName: projects.name,
        minutes: sql<number>`coalesce(${logged.minutes}, 0)`.mapWith(Number),
        estimated: sql<number | null>`${mine.estimate}`.mapWith((v: unknown) =>
          v === null ? null : Number(v),
        ),
      })
      .from(mine)
      .innerJoin(tasks, eq(tasks.id, mine.id))
      .innerJoin(projects, and(eq(projects.id, tasks.projectId), eq(projects.companyId, tasks.companyId)))
      .leftJoin(logged, and(eq(logged.taskId, mine.id), eq(logged.userId, mine.userId)))
      .where(scope.own(tasks))
      .orderBy(sql`${tasks.dueDate} asc nulls last`, asc(tasks.title), asc(tasks.id));
  },

  /**
   * The people a team report lists: the company's members who are not deactivated, within
   * `covered` (the report policy's people) and a department's or a project's members when asked,
   * by name.
   */
  async members(
    scope: Scope,
    covered: SQL | undefined,
    f: { departmentId?: string | undefined; projectId?: string | undefined },
  ) {
    return scope.db
      .select({
        userId: users.id,
        userName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
        departmentName: departments.name,
      })
      .from(users)
      .leftJoin(
        departments,
        and(eq(departments.id, users.departmentId), eq(departments.companyId, users.companyId)),
      )
      .where(scope.own(users, ...teamOf(scope, covered, f)))
      .orderBy(asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`), asc(users.id));
  },

  /**
   * The first `limit` of the people a report may name (`covered`, not deactivated), by name, whose
   * full or last name starts with `search` (any case): the report people picker.
   */
  async people(scope: Scope, covered: SQL | undefined, q: { search?: string | undefined; limit: number }) {
    const fullName = sql`lower(${users.firstName} || ' ' || ${users.lastName})`;
    const starts = q.search ? prefixPattern(q.search.toLowerCase()) : undefined;
    return scope.db
      .select({
        userId: users.id,
        userName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      })
      .from(users)
      .where(
        scope.own(
          users,
          notDeactivated,
          covered,
          starts
            ? or(sql`${fullName} like ${starts}`, sql`lower(${users.lastName}) like ${starts}`)
            : undefined,
        ),
      )
      .orderBy(asc(fullName), asc(users.id))
      .limit(q.limit);
  },

  /** The ids of the people `members` lists, as a subquery. */
  memberIds(
    scope: Scope,
    covered: SQL | undefined,
    f: { departmentId?: string | undefined; projectId?: string | undefined },
  ) {
    return scope.db
      .select({ id: users.id })
      .from(users)
      .where(scope.own(users, ...teamOf(scope, covered, f)));
  },

  /** Whether the caller manages a department (a team report covers its members). */
  async managesDepartment(scope: Scope): Promise<boolean> {
    const [row] = await scope.db
      .select({ id: departments.id })
      .from(departments)
      .where(scope.own(departments, eq(departments.managerId, scope.actor.userId)))
      .limit(1);
    return row !== undefined;
  },

  /** A department of this company with its manager, or null. */
  async department(scope: Scope, departmentId: string) {
    const [row] = await scope.db
      .select({ id: departments.id, managerId: departments.managerId })
      .from(departments)
      .where(scope.own(departments, eq(departments.id, departmentId)));
    return row ?? null;
  },

  /**
   * Minutes in the range by project and by user, the first `top` of each (most minutes first, then
   * by name, then by id; `top` null: every one, the CSV) with how many there are and all their
   * minutes, and by day (`only`: one list, no days). The whole company's come from the time
   * tallies; those of the entries `who` or `projectId` select take ONE pass over the range
   * (grouping sets), an index-only scan of `time_logs_company_day_idx`; names are joined to the
   * grouped rows, not to every entry, and a window over each grouping ranks and counts them in the
   * same statement. A day is the stored `logged_at` (a day's 00:00 UTC), formatted after grouping.
   * The JSON report and its CSV are this one statement, bounded or not.
   */
  async hours(
    scope: Scope,
    from: string,
    to: string,
    who: SQL | undefined,
    projectId: string | undefined,
    lists: HoursLists,
  ): Promise<CompanyHours> {
    // The whole company's hours are its time tallies; a person's, a team's or a project's, entries.
    if (who === undefined && projectId === undefined) return timeTallies.companyHours(scope, from, to, lists);
    const { top, only } = lists;
    const where = scope.own(
      timeLogs,
      inRange(from, to),
      who,
      projectId === undefined ? undefined : eq(timeLogs.projectId, projectId),
    );
    // grouping(project, user, day): 3 = by project, 5 = by user, 6 = by day. One list (`only`):
    // grouped by its column alone, the others null and its kind a constant.
    const [project, user, day] = [timeLogs.projectId, timeLogs.userId, timeLogs.loggedAt];
    const sets =
      only === 'project'
        ? sql`(${project})`
        : only === 'user'
          ? sql`(${user})`
          : sql`(${project}), (${user}), (${day})`;
    const g = scope.db
      .select({
        kind: (only === 'project'
          ? sql<number>`3`
          : only === 'user'
            ? sql<number>`5`
            : sql<number>`grouping(${project}, ${user}, ${day})`
        ).as('kind'),
        projectId: sql<string | null>`${only === 'user' ? sql`null::uuid` : project}`.as('project_id'),
        userId: sql<string | null>`${only === 'project' ? sql`null::uuid` : user}`.as('user_id'),
        loggedAt: sql<Date | null>`${only ? sql`null::timestamptz` : day}`.as('logged_at'),
        minutes: sql<number>`sum(${timeLogs.durationMinutes})`.as('minutes'),
      })
      .from(timeLogs)
      .where(where)
      .groupBy(sql`grouping sets (${sets})`)
      .as('g');
    // A project row has a project's name, a person row a person's (the other join finds nothing).
    const name = sql<string>`coalesce(${projects.name}, ${users.firstName} || ' ' || ${users.lastName})`;
    const ranked = scope.db
      .select({
        kind: sql<number>`${g.kind}`.as('r_kind'),
        id: sql<string | null>`coalesce(${g.projectId}, ${g.userId})`.as('r_id'),
        name: name.as('r_name'),
        code: sql<string | null>`${projects.code}`.as('r_code'),
        day: sql<string>`to_char(${g.loggedAt} at time zone 'UTC', 'YYYY-MM-DD')`.as('r_day'),
        minutes: sql<number>`${g.minutes}`.as('r_minutes'),
        rank: sql<number>`row_number() over (partition by ${g.kind} order by ${g.minutes} desc, ${name}, coalesce(${g.projectId}, ${g.userId}))`.as(
          'r_rank',
        ),
        count: sql<number>`count(*) over (partition by ${g.kind})`.as('r_count'),
        total: sql<number>`sum(${g.minutes}) over (partition by ${g.kind})`.as('r_total'),
      })
      .from(g)
      .leftJoin(projects, and(eq(projects.companyId, scope.companyId), eq(projects.id, g.projectId)))
      .leftJoin(users, and(eq(users.companyId, scope.companyId), eq(users.id, g.userId)))
      .as('ranked');
    const rows = await scope.db
      .select({
        kind: sql<number>`${ranked.kind}`.mapWith(Number),
        id: ranked.id,
        name: ranked.name,
        code: ranked.code,
        day: ranked.day,
        minutes: sql<number>`${ranked.minutes}`.mapWith(Number),
        count: sql<number>`${ranked.count}`.mapWith(Number),
        total: sql<number>`${ranked.total}`.mapWith(Number),
      })
      .from(ranked)
      // Every day (the range bounds them); the first `top` projects and people (null: all).
      .where(top === null ? undefined : or(eq(ranked.kind, 6), lte(ranked.rank, top)))
      .orderBy(asc(ranked.kind), asc(ranked.rank));
    const byProject: CompanyHours['byProject'] = { rows: [], count: 0, minutes: 0 };
    const byUser: CompanyHours['byUser'] = { rows: [], count: 0, minutes: 0 };
    const byDay: CompanyHours['byDay'] = [];
    for (const r of rows) {
      if (r.kind === 6) byDay.push({ day: r.day, minutes: r.minutes });
      else if (r.id === null) continue;
      else if (r.kind === 3) {
        byProject.rows.push({
          projectId: r.id,
          projectName: r.name ?? '',
          projectCode: r.code ?? '',
          minutes: r.minutes,
        });
        Object.assign(byProject, { count: r.count, minutes: r.total });
      } else if (r.kind === 5) {
        byUser.rows.push({ userId: r.id, userName: r.name ?? '', minutes: r.minutes });
        Object.assign(byUser, { count: r.count, minutes: r.total });
      }
    }
    return { byProject, byUser, byDay };
  },

  /** My open tasks per status, with how many are due this week and how many are overdue (their tallies). */
  myOpenTasks: taskTallies.assigneeOpenTasks,

  /** Minutes logged in two adjacent weeks, by one user or (userId undefined) the whole company. */
  weekMinutes: timeTallies.weekMinutes,

  /**
   * The projects a user is a member of (the first `limit` by name), with the figures every screen
   * shows for a project (`taskTallies.projectFigures`, as the project list and page): its top-level
   * tasks and their mean progress. From the task tallies: the same cost however many tasks.
   */
  async myProjects(scope: Scope, userId: string, limit: number) {
    const mine = await scope.db
      .select({ projectId: projects.id, name: projects.name })
      .from(projects)
      .innerJoin(
        projectMembers,
        and(eq(projectMembers.projectId, projects.id), eq(projectMembers.companyId, projects.companyId)),
      )
      .where(scope.own(projects, eq(projectMembers.userId, userId)))
      // The project list's order (any case), which its name index gives: the first few of a
      // member of 2,000 projects without sorting them all.
      .orderBy(asc(sql`lower(${projects.name})`), asc(projects.id))
      .limit(limit);
    const figures = await taskTallies.projectFigures(
      scope,
      mine.map((p) => p.projectId),
    );
    return mine.map((p) => ({ ...p, ...(figures.get(p.projectId) ?? { taskCount: 0, progress: 0 }) }));
  },

  /** Company-wide task figures: open and overdue tasks, and projects not in a closed status. */
  async companyTasks(scope: Scope, today: string) {
    const [tasksRow, [projectRow]] = await Promise.all([
      taskTallies.openAndOverdue(scope, today),
      scope.db
        .select({ active: sql<number>`count(*)`.mapWith(Number) })
        .from(projects)
        .leftJoin(
          taskStatuses,
          and(eq(taskStatuses.id, projects.statusId), eq(taskStatuses.companyId, projects.companyId)),
        )
        .where(scope.own(projects, openTask)),
    ]);
    return { ...tasksRow, activeProjects: projectRow?.active ?? 0 };
  },
};
