import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { buildTestApp } from '../../test/build-app.ts';
import {
  buildProject,
  buildTask,
  buildTaskList,
  callOk,
  type OkCall,
  type Session,
  sqlRows,
  type TestCompany,
  twoTenants,
} from '../../test/factories.ts';
import { rangeParts } from './time-tallies.repo.ts';

/**
 * The time tallies (migrations 0014 and 0039) against a recount of `time_logs`: after entries are
 * logged, changed (minutes, day, task of another project), deleted, and their project deleted, each
 * (user, day), (project, day), (user, week), (project, week) and (company, day) sums to the
 * entries' minutes, and the company-wide hours report
 * (read from the tallies) agrees with the per-project and per-person reports (read from the
 * entries). On PostgreSQL, 20 writers at once leave correct sums too.
 */

let app: App;
let database: Database;
let acme: TestCompany;
let other: TestCompany;
let admin: Session;
let employeeId: string;
let otherAdmin: Session;

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  ({ acme, other, admin, employeeId, otherAdmin } = await twoTenants(app, database.db));
});
afterAll(() => app.close());

const call = (s: Session, c: OkCall) => callOk(app, s, c);
const rows = <R>(q: SQL) => sqlRows<R>(database.db, q);

/** Keys whose tallied minutes differ from the entries' (empty when they agree). */
async function drift() {
  return rows<{ key: string; tally: string | null; truth: string | null }>(sql`
    with truth as (
      select company_id, 'user ' || user_id as who, (logged_at at time zone 'UTC')::date as day,
             sum(duration_minutes) as n from time_logs group by 1, 2, 3
      union all
      select company_id, 'project ' || project_id, (logged_at at time zone 'UTC')::date, sum(duration_minutes)
        from time_logs group by 1, 2, 3
      union all
      select company_id, 'user week ' || user_id, date_trunc('week', logged_at at time zone 'UTC')::date,
             sum(duration_minutes) from time_logs group by 1, 2, 3
      union all
      select company_id, 'project week ' || project_id, date_trunc('week', logged_at at time zone 'UTC')::date,
             sum(duration_minutes) from time_logs group by 1, 2, 3
      union all
      select company_id, 'company', (logged_at at time zone 'UTC')::date, sum(duration_minutes)
        from time_logs group by 1, 2, 3
    ), tally as (
      select company_id, 'user ' || user_id as who, day, sum(minutes) as n from time_user_days group by 1, 2, 3
      union all
      select company_id, 'project ' || project_id, day, sum(minutes) from time_project_days group by 1, 2, 3
      union all
      select company_id, 'user week ' || user_id, week, sum(minutes) from time_user_weeks group by 1, 2, 3
      union all
      select company_id, 'project week ' || project_id, week, sum(minutes) from time_project_weeks group by 1, 2, 3
      union all
      select company_id, 'company', day, sum(minutes) from time_company_days group by 1, 2, 3
    )
    select coalesce(t.who, y.who) || ' ' || coalesce(t.day, y.day) as key, y.n::text as tally, t.n::text as truth
      from truth t full join tally y on (t.company_id, t.who, t.day) = (y.company_id, y.who, y.day)
     where coalesce(t.n, 0) <> coalesce(y.n, 0)`);
}

const today = new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

describe('time tallies', () => {
  it('follow every change of an entry, and the company report agrees with the entries', async () => {
    const p1 = await buildProject(database.db, acme, { memberIds: [acme.adminUserId, employeeId] });
    const p2 = await buildProject(database.db, acme, { memberIds: [acme.adminUserId, employeeId] });
    const l1 = await buildTaskList(database.db, acme, { projectId: p1.projectId });
    const l2 = await buildTaskList(database.db, acme, { projectId: p2.projectId });
    const t1 = await buildTask(database.db, acme, { taskListId: l1.taskListId });
    const t2 = await buildTask(database.db, acme, { taskListId: l2.taskListId });
    const theirs = await buildProject(database.db, other, { memberIds: [other.adminUserId] });
    const theirTask = await buildTask(database.db, other, {
      taskListId: (await buildTaskList(database.db, other, { projectId: theirs.projectId })).taskListId,
    });
    await call(otherAdmin, {
      method: 'POST',
      url: '/api/Timelogs',
      payload: { taskId: theirTask.taskId, loggedAt: today, duration: '05:00' },
    });

    const log = (payload: object) => call(admin, { method: 'POST', url: '/api/Timelogs', payload });
    const a = await log({ taskId: t1.taskId, loggedAt: today, duration: '01:00' });
    await log({ taskId: t1.taskId, loggedAt: today, duration: '00:30' });
    const c = await log({ taskId: t2.taskId, loggedAt: daysAgo(1), duration: '02:00' });
    await log({ taskId: t2.taskId, loggedAt: daysAgo(2), duration: '00:45', userId: employeeId });
    expect(await drift()).toEqual([]);

    // Minutes, day and task (another project) changed; a description alone counts nothing.
    await call(admin, { method: 'PUT', url: `/api/Timelogs/${a.timeLogId}`, payload: { duration: '01:15' } });
    await call(admin, {
      method: 'PUT',
      url: `/api/Timelogs/${c.timeLogId}`,
      payload: { loggedAt: daysAgo(3) },
    });
    await call(admin, { method: 'PUT', url: `/api/Timelogs/${a.timeLogId}`, payload: { taskId: t2.taskId } });
    await call(admin, {
      method: 'PUT',
      url: `/api/Timelogs/${c.timeLogId}`,
      payload: { description: 'notes' },
    });
    expect(await drift()).toEqual([]);

    // The company report (tallies) against the per-project and per-person reports (entries).
    const range = `startDateTo=${daysAgo(6)}&endDateTo=${today}`;
    const report = await call(admin, { method: 'GET', url: `/api/taskreports/company-hours?${range}` });
    expect(report.coverage).toBe('company');
    expect(report.totalMinutes).toBe(75 + 30 + 120 + 45);
    // p2: a (moved to t2) 75, c 120, the employee's 45; p1: 30. Most first.
    expect(report.byProject.map((p: { minutes: number }) => p.minutes)).toEqual([240, 30]);
    for (const project of report.byProject as { projectId: string; minutes: number }[]) {
      const one = await call(admin, {
        method: 'GET',
        url: `/api/taskreports/company-hours?${range}&projectId=${project.projectId}`,
      });
      expect(one.totalMinutes).toBe(project.minutes);
    }
    expect(report.byUser).toHaveLength(2);
    for (const person of report.byUser as { userId: string; minutes: number }[]) {
      const one = await call(admin, {
        method: 'GET',
        url: `/api/taskreports/company-hours?${range}&userId=${person.userId}`,
      });
      expect(one.totalMinutes).toBe(person.minutes);
    }
    expect(report.byUser.map((u: { minutes: number }) => u.minutes)).toEqual([225, 45]);
    const perDay = new Map(report.byDay.map((d: { day: string; minutes: number }) => [d.day, d.minutes]));
    expect(perDay.get(today)).toBe(75 + 30);
    expect(perDay.get(daysAgo(1))).toBe(0); // c moved from here to three days ago
    expect(perDay.get(daysAgo(2))).toBe(45);
    expect(perDay.get(daysAgo(3))).toBe(120);

    // A range of whole weeks with days before and after them (`rangeParts`): entries in earlier
    // weeks, and the same agreement with the entries.
    await log({ taskId: t1.taskId, loggedAt: daysAgo(9), duration: '00:20' });
    await log({ taskId: t2.taskId, loggedAt: daysAgo(16), duration: '00:40', userId: employeeId });
    const d = await log({ taskId: t1.taskId, loggedAt: daysAgo(22), duration: '00:50' });
    await call(admin, {
      method: 'PUT',
      url: `/api/Timelogs/${d.timeLogId}`,
      payload: { loggedAt: daysAgo(15) },
    });
    expect(await drift()).toEqual([]);
    const long = `startDateTo=${daysAgo(24)}&endDateTo=${today}`;
    const parts = rangeParts(daysAgo(24), today);
    expect(parts.weeks).not.toBeNull();
    const year = await call(admin, { method: 'GET', url: `/api/taskreports/company-hours?${long}` });
    expect(year.totalMinutes).toBe(75 + 30 + 120 + 45 + 20 + 40 + 50);
    for (const project of year.byProject as { projectId: string; minutes: number }[]) {
      const one = await call(admin, {
        method: 'GET',
        url: `/api/taskreports/company-hours?${long}&projectId=${project.projectId}`,
      });
      expect(one.totalMinutes).toBe(project.minutes);
    }
    for (const person of year.byUser as { userId: string; minutes: number }[]) {
      const one = await call(admin, {
        method: 'GET',
        url: `/api/taskreports/company-hours?${long}&userId=${person.userId}`,
      });
      expect(one.totalMinutes).toBe(person.minutes);
    }
    expect(year.byUser.map((u: { minutes: number }) => u.minutes)).toEqual([
      75 + 30 + 120 + 20 + 50,
      45 + 40,
    ]);
    const longDays = new Map(year.byDay.map((x: { day: string; minutes: number }) => [x.day, x.minutes]));
    expect(longDays.get(daysAgo(15))).toBe(50);
    expect(longDays.get(daysAgo(22))).toBe(0);

    // The dashboard's company week: this week's minutes and who logged them.
    const dash = await call(admin, { method: 'GET', url: `/api/dashboard/me?today=${today}` });
    const week = await rows<{ n: number; people: number }>(sql`
      select coalesce(sum(duration_minutes), 0)::int as n, count(distinct user_id)::int as people from time_logs
       where company_id = ${acme.companyId}
         and logged_at >= date_trunc('week', ${today}::date) and logged_at < ${today}::date + 1`);
    expect(dash.company.thisWeekMinutes).toBe(week[0]?.n);
    expect(dash.company.activeUsersThisWeek).toBe(week[0]?.people);

    // Deleting an entry, then the project with the rest: nothing is left of them.
    await call(admin, { method: 'DELETE', url: `/api/Timelogs/${c.timeLogId}` });
    expect(await drift()).toEqual([]);
    await call(admin, { method: 'DELETE', url: `/api/Project/${p2.projectId}` });
    await call(admin, { method: 'DELETE', url: `/api/Project/${p1.projectId}` });
    expect(await drift()).toEqual([]);
    const left = await rows<{ n: number }>(sql`
      select (select count(*) from time_user_days where company_id = ${acme.companyId})
           + (select count(*) from time_project_days where company_id = ${acme.companyId})
           + (select count(*) from time_user_weeks where company_id = ${acme.companyId})
           + (select count(*) from time_project_weeks where company_id = ${acme.companyId})
           + (select count(*) from time_company_days where company_id = ${acme.companyId}) as n`);
    expect(Number(left[0]?.n)).toBe(0);
    const theirsLeft = await rows<{ n: number }>(
      sql`select sum(minutes)::int as n from time_user_days where company_id = ${other.companyId}`,
    );
    expect(theirsLeft[0]?.n).toBe(300);
  });

  it.runIf(process.env.DATABASE_URL)('stay exact with 20 writers at once', async () => {
    const p = await buildProject(database.db, acme, { memberIds: [acme.adminUserId, employeeId] });
    const t = await buildTask(database.db, acme, {
      taskListId: (await buildTaskList(database.db, acme, { projectId: p.projectId })).taskListId,
    });
    const logged = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(admin, {
          method: 'POST',
          url: '/api/Timelogs',
          payload: {
            taskId: t.taskId,
            loggedAt: daysAgo(i % 2),
            duration: '00:10',
            ...(i % 3 ? {} : { userId: employeeId }),
          },
        }),
      ),
    );
    await Promise.all(
      logged.map((e: { timeLogId: string }, i) =>
        i % 2
          ? call(admin, { method: 'DELETE', url: `/api/Timelogs/${e.timeLogId}` })
          : call(admin, {
              method: 'PUT',
              url: `/api/Timelogs/${e.timeLogId}`,
              payload: { duration: '00:20' },
            }),
      ),
    );
    expect(await drift()).toEqual([]);
  });
});

describe('rangeParts', () => {
  it('reads whole weeks as weeks and the days around them as days', () => {
    // 2026-11-04 is a Wednesday; 2026-11-09 and 2026-11-23 Mondays.
    expect(rangeParts('2026-11-04', '2026-11-25')).toEqual({
      weeks: ['2026-11-09', '2026-11-16'],
      days: [
        ['2026-11-04', '2026-11-08'],
        ['2026-11-23', '2026-11-25'],
      ],
    });
    expect(rangeParts('2026-11-09', '2026-11-22')).toEqual({ weeks: ['2026-11-09', '2026-11-16'], days: [] });
    expect(rangeParts('2026-11-09', '2026-11-15')).toEqual({ weeks: ['2026-11-09', '2026-11-09'], days: [] });
    // No whole week: days only.
    expect(rangeParts('2026-11-10', '2026-11-16')).toEqual({
      weeks: null,
      days: [['2026-11-10', '2026-11-16']],
    });
    expect(rangeParts('2026-11-20', '2026-11-20')).toEqual({
      weeks: null,
      days: [['2026-11-20', '2026-11-20']],
    });
  });
});
