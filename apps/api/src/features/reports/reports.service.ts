import { eq, inArray } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import {
  type Dashboard,
  DASHBOARD_RECENT_ENTRIES,
  type HoursCsvQuery,
  type HoursReport,
  type HoursReportQuery,
  HOURS_REPORT_TOP_ROWS,
  type MemberReport,
  REPORT_DEFAULT_DAYS,
  REPORT_MAX_DAYS,
  type ReportPeopleQuery,
  type ReportPerson,
  type ReportRangeQuery,
  type TeamReport,
  type TeamReportQuery,
  toHours,
  type UserTasksByStatus,
} from '@taskhive/contract';
import { timeLogs } from '../../db/schema/index.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import type { Scope } from '../../lib/scope.ts';
import { loadProject, projectsReads } from '../projects/index.ts';
import { addDays, daysBetween, todayUtc, weekStart, toTimeLog, timeLogsReads } from '../time-logs/index.ts';
import { usersReads } from '../users/index.ts';
import { reportPolicy } from './reports.policy.ts';
import { memberCsv, projectHoursCsv, teamCsv, userHoursCsv } from './reports.mapper.ts';
import { reportsRepo } from './reports.repo.ts';

/** How many of my projects the dashboard lists. */
const DASHBOARD_PROJECTS = 8;

/** The range asked for, or the last 30 days ending today; at most a year. */
function range(q: { startDateTo?: string | undefined; endDateTo?: string | undefined }) {
  const to = q.endDateTo ?? (q.startDateTo ? addDays(q.startDateTo, REPORT_DEFAULT_DAYS - 1) : todayUtc());
  const from = q.startDateTo ?? addDays(to, 1 - REPORT_DEFAULT_DAYS);
  if (daysBetween(from, to) > REPORT_MAX_DAYS)
    throw fieldError('endDateTo', `A report covers at most ${REPORT_MAX_DAYS} days`);
  return { from, to };
}

async function target(scope: Scope, userId: string) {
  const user = await usersReads.ownerOf(scope, userId);
  if (!user) throw notFound('User');
  reportPolicy.assertRead(scope, user);
  return user;
}

/**
 * Whose time an hours report (or its CSV) covers: one user's (the report policy's rule for them),
 * else everyone the caller's report rights cover (none: the whole company); and its range.
 */
async function hoursOf(scope: Scope, q: HoursReportQuery) {
  const { from, to } = range(q);
  if (q.userId !== undefined) {
    await target(scope, q.userId);
    return { from, to, who: eq(timeLogs.userId, q.userId), coverage: 'user' as const };
  }
  const who = reportPolicy.coverable(scope);
  return { from, to, who, coverage: who === undefined ? ('company' as const) : ('team' as const) };
}

const withHours = <T extends { minutes: number }>(row: T) => ({ ...row, hours: toHours(row.minutes) });
const listedMinutes = (rows: { minutes: number }[]) => rows.reduce((n, r) => n + r.minutes, 0);

type Status = { id: string; name: string; color: string | null; builtIn: string | null };
type StatusCount = { statusId: string | null; taskCount: number; minutes: number; estimated: number };

/**
 * Counts per status in the company's order, every status listed (zero included), and "No status"
 * last when a counted task has none: the rows of the user report, the member report and (per
 * member) the team report.
 */
function statusItems(statuses: Status[], counts: StatusCount[]) {
  const items = statuses.map((s) => {
    const c = counts.find((r) => r.statusId === s.id);
    return {
      statusId: s.id as string | null,
      statusName: s.name,
      color: s.color,
      builtIn: s.builtIn,
      taskCount: c?.taskCount ?? 0,
      minutes: c?.minutes ?? 0,
      estimated: c?.estimated ?? 0,
    };
  });
  const none = counts.find((r) => r.statusId === null);
  if (none)
    items.push({
      statusId: null,
      statusName: 'No status',
      color: null,
      builtIn: null,
      taskCount: none.taskCount,
      minutes: none.minutes,
      estimated: none.estimated,
    });
  return items;
}

/** Tasks, done tasks (in the built-in Completed status), minutes and estimates of some status items. */
function figures(items: ReturnType<typeof statusItems>) {
  const minutes = items.reduce((n, i) => n + i.minutes, 0);
  return {
    taskCount: items.reduce((n, i) => n + i.taskCount, 0),
    doneCount: items.reduce((n, i) => n + (i.builtIn === 'completed' ? i.taskCount : 0), 0),
    minutes,
    hours: toHours(minutes),
    estimatedMinutes: items.reduce((n, i) => n + i.estimated, 0),
  };
}

export const reportsService = {
  async userTasksByStatus(scope: Scope, userId: string, q: ReportRangeQuery): Promise<UserTasksByStatus> {
    const user = await target(scope, userId);
    const { from, to } = range(q);
    const [statuses, counts] = await Promise.all([
      reportsRepo.statuses(scope),
      reportsRepo.userTasksByStatus(scope, userId, from, to),
    ]);
    const items = statusItems(statuses, counts);
    const totalMinutes = items.reduce((n, i) => n + i.minutes, 0);
    return {
      userId,
      userName: user.name,
      from,
      to,
      totalCount: items.reduce((n, i) => n + i.taskCount, 0),
      totalMinutes,
      totalHours: toHours(totalMinutes),
      items: items.map(({ minutes, builtIn: _, estimated: _e, ...i }) => ({
        ...i,
        minutesLogged: minutes,
        hoursLogged: toHours(minutes),
      })),
    };
  },

  /**
   * Hours by project, user and day: one user's, or everyone the caller's report rights cover. The
   * projects and the people are the first `HOURS_REPORT_TOP_ROWS` of each, with their count and
   * the minutes of the rest (issue 28).
   */
  async hours(scope: Scope, q: HoursReportQuery): Promise<HoursReport> {
    const { from, to, who, coverage } = await hoursOf(scope, q);
    const r = await reportsRepo.hours(scope, from, to, who, q.projectId, { top: HOURS_REPORT_TOP_ROWS });
    // Each listed project's whole estimate (issue 25's rule): one grouped statement.
    const estimates = await projectsReads.estimates(
      scope,
      r.byProject.rows.map((p) => p.projectId),
    );
    const perDay = new Map<string, number>();
    for (const d of r.byDay) perDay.set(d.day, (perDay.get(d.day) ?? 0) + d.minutes);
    const days = Array.from({ length: daysBetween(from, to) }, (_, i) => addDays(from, i));
    // Every entry has a project and a person: each list's minutes are the range's.
    const totalMinutes = r.byProject.minutes;
    const otherProjectsMinutes = r.byProject.minutes - listedMinutes(r.byProject.rows);
    const otherUsersMinutes = r.byUser.minutes - listedMinutes(r.byUser.rows);
    return {
      from,
      to,
      coverage,
      totalMinutes,
      totalHours: toHours(totalMinutes),
      byProject: r.byProject.rows.map(({ projectCode: _, ...p }) => ({
        ...withHours(p),
        estimatedMinutes: estimates.get(p.projectId) ?? null,
      })),
      projectCount: r.byProject.count,
      otherProjectsMinutes,
      otherProjectsHours: toHours(otherProjectsMinutes),
      byUser: r.byUser.rows.map(withHours),
      userCount: r.byUser.count,
      otherUsersMinutes,
      otherUsersHours: toHours(otherUsersMinutes),
      byDay: days.map((day) => withHours({ day, minutes: perDay.get(day) ?? 0 })),
    };
  },

  /**
   * The hours report's projects (`by` project) or people (`by` person) as CSV: every row, not the
   * top `HOURS_REPORT_TOP_ROWS`, in the report's order, and a Total row (the report's
   * `totalMinutes`). The same rights and filters as `hours`, the same statement without its bound
   * and for the one list; the projects' estimates in one more.
   */
  async hoursCsv(scope: Scope, q: HoursCsvQuery) {
    const { from, to, who } = await hoursOf(scope, q);
    const only = q.by === 'person' ? 'user' : 'project';
    const r = await reportsRepo.hours(scope, from, to, who, q.projectId, { top: null, only });
    let records: string[][];
    if (only === 'user') records = userHoursCsv(r.byUser.rows, r.byUser.minutes);
    else {
      const estimates = await projectsReads.estimates(
        scope,
        r.byProject.rows.map((p) => p.projectId),
      );
      records = projectHoursCsv(
        r.byProject.rows.map((p) => ({ ...p, estimatedMinutes: estimates.get(p.projectId) ?? null })),
        r.byProject.minutes,
      );
    }
    return { from, to, by: q.by, body: stringify(records, { bom: true }) };
  },

  /**
   * The people whose reports the caller may read, by name (the report policy's `coveredUsers`, as
   * the team report lists them), searched and at most `limit`: the user report's picker.
   */
  async people(scope: Scope, q: ReportPeopleQuery): Promise<ReportPerson[]> {
    return reportsRepo.people(scope, reportPolicy.coveredUsers(scope), q);
  },

  /**
   * The team report: every member the caller's report rights cover (the company with
   * report:read:all, else the departments they manage), optionally one department's or one
   * project's, each with their tasks per status, done tasks and hours in the range, counted as the
   * user report counts them (`reportsRepo.tasksByStatus`, the same query). A fixed number of
   * queries whatever the team's size.
   */
  async team(scope: Scope, q: TeamReportQuery): Promise<TeamReport> {
    const { from, to } = range(q);
    const all = scope.actor.permissions.has('report:read:all');
    const manages = all || (await reportsRepo.managesDepartment(scope));
    reportPolicy.assertTeam(scope, manages);
    const [department] = await Promise.all([
      q.departmentId === undefined ? null : reportsRepo.department(scope, q.departmentId),
      // A project out of the caller's reach answers 404, as another company's.
      q.projectId === undefined ? null : loadProject(scope, q.projectId),
    ]);
    if (q.departmentId !== undefined && !department) throw notFound('Department');
    if (department) reportPolicy.assertTeam(scope, manages, department);
    const covered = reportPolicy.coveredUsers(scope);
    const filter = { departmentId: q.departmentId, projectId: q.projectId };
    const [statuses, people, counts] = await Promise.all([
      reportsRepo.statuses(scope),
      reportsRepo.members(scope, covered, filter),
      reportsRepo.tasksByStatus(
        scope,
        (c) => inArray(c, reportsRepo.memberIds(scope, covered, filter)),
        from,
        to,
      ),
    ]);
    const byUser = new Map<string, StatusCount[]>();
    for (const c of counts) byUser.set(c.userId, [...(byUser.get(c.userId) ?? []), c]);
    const anyWithout = counts.some((c) => c.statusId === null);
    // Every member's columns are the same: "No status" for all when any member has such a task.
    const columns = (mine: StatusCount[]) => {
      const items = statusItems(statuses, mine);
      if (anyWithout && !items.some((i) => i.statusId === null))
        items.push({
          statusId: null,
          statusName: 'No status',
          color: null,
          builtIn: null,
          taskCount: 0,
          minutes: 0,
          estimated: 0,
        });
      return items;
    };
    const members = people.map((p) => {
      const items = columns(byUser.get(p.userId) ?? []);
      return {
        ...p,
        byStatus: items.map((i) => ({ statusId: i.statusId, taskCount: i.taskCount })),
        ...figures(items),
      };
    });
    const minutes = members.reduce((n, m) => n + m.minutes, 0);
    return {
      from,
      to,
      coverage: all ? 'company' : 'team',
      statuses: columns([]).map(({ statusId, statusName, color, builtIn }) => ({
        statusId,
        statusName,
        color,
        builtIn,
      })),
      summary: {
        members: members.length,
        taskCount: members.reduce((n, m) => n + m.taskCount, 0),
        doneCount: members.reduce((n, m) => n + m.doneCount, 0),
        minutes,
        hours: toHours(minutes),
        estimatedMinutes: members.reduce((n, m) => n + m.estimatedMinutes, 0),
      },
      members,
    };
  },

  /** The team report as CSV: a row per member. */
  async teamCsv(scope: Scope, q: TeamReportQuery) {
    const r = await reportsService.team(scope, q);
    return { from: r.from, to: r.to, body: stringify(teamCsv(r), { bom: true }) };
  },

  /**
   * One member's report (the report policy: their own, anyone's with report:read:all, or their
   * department manager's): their tasks in the range, by due date, with the minutes logged on each;
   * per status as the user report counts them; and their hours on every day of the range.
   */
  async member(scope: Scope, userId: string, q: ReportRangeQuery): Promise<MemberReport> {
    const user = await target(scope, userId);
    const { from, to } = range(q);
    const [statuses, counts, list, hours] = await Promise.all([
      reportsRepo.statuses(scope),
      reportsRepo.userTasksByStatus(scope, userId, from, to),
      reportsRepo.tasksOf(scope, userId, from, to),
      // Only its days are read: no project or person rows (top 0).
      reportsRepo.hours(scope, from, to, eq(timeLogs.userId, userId), undefined, { top: 0 }),
    ]);
    const items = statusItems(statuses, counts);
    const status = new Map(items.map((i) => [i.statusId, i]));
    const perDay = new Map(hours.byDay.map((d) => [d.day, d.minutes]));
    return {
      userId,
      userName: user.name,
      from,
      to,
      ...figures(items),
      byStatus: items.map(({ minutes, builtIn: _, estimated: _e, ...i }) => ({
        ...i,
        minutesLogged: minutes,
        hoursLogged: toHours(minutes),
      })),
      tasks: list.map((t) => {
        const s = status.get(t.statusId);
        return {
          taskId: t.taskId,
          title: t.title,
          projectId: t.projectId,
          projectName: t.projectName,
          statusId: t.statusId,
          statusName: s?.statusName ?? 'No status',
          color: s?.color ?? null,
          dueDate: t.dueDate,
          minutesLogged: t.minutes,
          hoursLogged: toHours(t.minutes),
          estimatedMinutes: t.estimated,
        };
      }),
      byDay: Array.from({ length: daysBetween(from, to) }, (_, i) => addDays(from, i)).map((day) =>
        withHours({ day, minutes: perDay.get(day) ?? 0 }),
      ),
    };
  },

  /** The member report as CSV: a row per task, by due date. */
  async memberCsv(scope: Scope, userId: string, q: ReportRangeQuery) {
    const r = await reportsService.member(scope, userId, q);
    return { from: r.from, to: r.to, body: stringify(memberCsv(r), { bom: true }) };
  },

  /**
   * The signed-in user's dashboard. Each section is there only with the permission to read what it
   * counts; company-wide figures for a company admin (timelog:read:all or project:read:all).
   */
  async dashboard(scope: Scope, q: { today?: string | undefined }): Promise<Dashboard> {
    const p = scope.actor.permissions;
    const can = (...names: string[]) => names.some((n) => p.has(n));
    const me = scope.actor.userId;
    const today = q.today ?? todayUtc();
    const monday = weekStart(today);
    const sunday = addDays(monday, 6);
    const lastMonday = addDays(monday, -7);
    const seesTasks = can('task:read', 'task:read:all');
    const seesTime = can('timelog:read', 'timelog:read:all');
    const seesProjects = can('project:read', 'project:read:all');
    const companyTime = can('timelog:read:all');
    const companyWork = can('project:read:all');

    const [open, week, recent, projects, companyWeek, companyTasks] = await Promise.all([
      seesTasks ? reportsRepo.myOpenTasks(scope, me, today, sunday) : null,
      seesTime ? reportsRepo.weekMinutes(scope, me, monday, lastMonday) : null,
      seesTime ? timeLogsReads.recentRows(scope, me, DASHBOARD_RECENT_ENTRIES) : null,
      seesProjects ? reportsRepo.myProjects(scope, me, DASHBOARD_PROJECTS) : null,
      companyTime ? reportsRepo.weekMinutes(scope, undefined, monday, lastMonday) : null,
      companyWork ? reportsRepo.companyTasks(scope, today) : null,
    ]);
    return {
      today,
      weekStart: monday,
      tasks: open && {
        openByStatus: open.map((s) => ({
          statusId: s.statusId,
          statusName: s.statusName ?? 'No status',
          color: s.color,
          count: s.count,
        })),
        openCount: open.reduce((n, s) => n + s.count, 0),
        dueThisWeek: open.reduce((n, s) => n + s.dueThisWeek, 0),
        overdue: open.reduce((n, s) => n + s.overdue, 0),
      },
      time:
        week && recent
          ? {
              thisWeekMinutes: week.thisWeek,
              lastWeekMinutes: week.lastWeek,
              recent: recent.map((row) => toTimeLog(scope, row)),
            }
          : null,
      projects,
      company:
        companyWeek || companyTasks
          ? {
              activeProjects: companyTasks?.activeProjects ?? null,
              openTasks: companyTasks?.open ?? null,
              overdueTasks: companyTasks?.overdue ?? null,
              thisWeekMinutes: companyWeek?.thisWeek ?? null,
              lastWeekMinutes: companyWeek?.lastWeek ?? null,
              activeUsersThisWeek: companyWeek?.activeUsersThisWeek ?? null,
            }
          : null,
    };
  },
};

export type ReportsService = typeof reportsService;
