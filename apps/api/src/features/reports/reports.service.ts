import { eq } from 'drizzle-orm';
import {
  type Dashboard,
  DASHBOARD_RECENT_ENTRIES,
  type HoursReport,
  type HoursReportQuery,
  REPORT_DEFAULT_DAYS,
  REPORT_MAX_DAYS,
  type ReportRangeQuery,
  toHours,
  type UserTasksByStatus,
} from '@taskhive/contract';
import { timeLogs } from '../../db/schema/index.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import type { Scope } from '../../lib/scope.ts';
import { addDays, daysBetween, todayUtc, weekStart, toTimeLog, timeLogsRepo } from '../time-logs/index.ts';
import { usersRepo } from '../users/index.ts';
import { reportPolicy } from './reports.policy.ts';
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
  const user = await usersRepo.ownerOf(scope, userId);
  if (!user) throw notFound('User');
  reportPolicy.assertRead(scope, user);
  return user;
}

const withHours = <T extends { minutes: number }>(row: T) => ({ ...row, hours: toHours(row.minutes) });

export const reportsService = {
  async userTasksByStatus(scope: Scope, userId: string, q: ReportRangeQuery): Promise<UserTasksByStatus> {
    const user = await target(scope, userId);
    const { from, to } = range(q);
    const [statuses, counts] = await Promise.all([
      reportsRepo.statuses(scope),
      reportsRepo.userTasksByStatus(scope, userId, from, to),
    ]);
    const items: {
      statusId: string | null;
      statusName: string;
      color: string | null;
      taskCount: number;
      minutes: number;
    }[] = statuses.map((s) => {
      const c = counts.find((r) => r.statusId === s.id);
      return {
        statusId: s.id,
        statusName: s.name,
        color: s.color,
        taskCount: c?.taskCount ?? 0,
        minutes: c?.minutes ?? 0,
      };
    });
    const none = counts.find((r) => r.statusId === null);
    if (none)
      items.push({
        statusId: null,
        statusName: 'No status',
        color: null,
        taskCount: none.taskCount,
        minutes: none.minutes,
      });
    const totalMinutes = items.reduce((n, i) => n + i.minutes, 0);
    return {
      userId,
      userName: user.name,
      from,
      to,
      totalCount: items.reduce((n, i) => n + i.taskCount, 0),
      totalMinutes,
      totalHours: toHours(totalMinutes),
      items: items.map(({ minutes, ...i }) => ({
        ...i,
        minutesLogged: minutes,
        hoursLogged: toHours(minutes),
      })),
    };
  },

  /** Hours by project, user and day: one user's, or everyone the caller's report rights cover. */
  async hours(scope: Scope, q: HoursReportQuery): Promise<HoursReport> {
    const { from, to } = range(q);
    let who;
    let coverage: HoursReport['coverage'];
    if (q.userId !== undefined) {
      await target(scope, q.userId);
      who = eq(timeLogs.userId, q.userId);
      coverage = 'user' as const;
    } else {
      who = reportPolicy.coverable(scope);
      coverage = who === undefined ? ('company' as const) : ('team' as const);
    }
    const r = await reportsRepo.hours(scope, from, to, who, q.projectId);
    const perDay = new Map<string, number>();
    for (const d of r.byDay) perDay.set(d.day, (perDay.get(d.day) ?? 0) + d.minutes);
    const days = Array.from({ length: daysBetween(from, to) }, (_, i) => addDays(from, i));
    const totalMinutes = r.byProject.reduce((n, p) => n + p.minutes, 0);
    return {
      from,
      to,
      coverage,
      totalMinutes,
      totalHours: toHours(totalMinutes),
      byProject: r.byProject.map(withHours),
      byUser: r.byUser.map(withHours),
      byDay: days.map((day) => withHours({ day, minutes: perDay.get(day) ?? 0 })),
    };
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
      seesTime ? reportsRepo.weekMinutes(scope, me, monday, lastMonday, sunday) : null,
      seesTime ? timeLogsRepo.recentRows(scope, me, DASHBOARD_RECENT_ENTRIES) : null,
      seesProjects ? reportsRepo.myProjects(scope, me, DASHBOARD_PROJECTS) : null,
      companyTime ? reportsRepo.weekMinutes(scope, undefined, monday, lastMonday, sunday) : null,
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
