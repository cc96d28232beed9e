import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIMESHEET_MESSAGES } from '@taskhive/contract';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { appDb, buildTestApp } from '../../test/build-app.ts';
import {
  bearer,
  buildProject,
  buildTask,
  buildTaskList,
  buildUser,
  callOk,
  login,
  type Session,
  sqlRows,
  type TestCompany,
  twoTenants,
} from '../../test/factories.ts';
import { dueSoonReminders } from '../notifications/index.ts';
import { localTime } from '../time-logs/index.ts';
import { timesheetReminders } from './reminders.ts';

/**
 * A person's time zone (issues 25 and 22): set on their own profile (and by a Company Admin), it
 * decides their today (the grid's default week, a timer's day), and when their timesheet and
 * due-soon reminders reach them, once each. Also the rule for a changed first day of the week, and
 * a submit racing writes of its week (PostgreSQL). Runs on PGlite and (DATABASE_URL) PostgreSQL.
 *
 * The cast: Acme's admin, Kiri (Pacific/Kiritimati, UTC+14), Pago (Pacific/Pago_Pago, UTC-11),
 * Eve (an Employee), and Other's admin.
 */
let app: App;
let database: Database;
let acme: TestCompany;
let admin: Session;
let eve: Session;
let kiri: Session;
let pago: Session;
let otherAdmin: Session;
let projectId: string;
let taskId: string;
let taskListId: string;

const KIRI = 'Pacific/Kiritimati';
const PAGO = 'Pacific/Pago_Pago';

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  ({
    acme,
    admin,
    otherAdmin,
    employee: eve,
  } = await twoTenants(app, database.db, {
    employee: { firstName: 'Eve', lastName: 'Employee' },
  }));
  const k = await buildUser(database.db, acme, { firstName: 'Kiri', lastName: 'East' });
  const p = await buildUser(database.db, acme, { firstName: 'Pago', lastName: 'West' });
  [kiri, pago] = await Promise.all([login(app, k.email), login(app, p.email)]);
  const project = await buildProject(database.db, acme, {
    memberIds: [acme.adminUserId, eve.userId, kiri.userId, pago.userId],
  });
  projectId = project.projectId;
  taskListId = (await buildTaskList(database.db, acme, { projectId })).taskListId;
  taskId = (await buildTask(database.db, acme, { taskListId, title: 'Build it' })).taskId;
});
afterAll(() => app.close());

function call(s: Session | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return app.inject({ method, url, ...(s ? { headers: bearer(s) } : {}), ...(payload ? { payload } : {}) });
}

async function setZone(s: Session, timeZone: string) {
  const me = await callOk(app, s, { method: 'GET', url: `/api/CompanyUsers/details/user/${s.userId}` });
  return callOk(app, s, {
    method: 'PUT',
    url: '/api/auth/me',
    payload: { firstName: me.firstName, lastName: me.lastName, timeZone },
  });
}

async function inbox(s: Session, kind: string) {
  const res = await call(s, 'GET', '/api/Notifications?pageSize=100');
  expect(res.statusCode).toBe(200);
  return (res.json().data.items as { kind: string; title: string; detail: string }[]).filter(
    (n) => n.kind === kind,
  );
}

async function settings(payload: object) {
  return callOk(app, admin, { method: 'PUT', url: '/api/Timesheets/settings', payload });
}

describe('a person’s time zone on the profile', () => {
  it('PUT /auth/me: 401 without a token, 400 for an unknown zone, then the zone is kept and shown', async () => {
    expect(
      (await call(null, 'PUT', '/api/auth/me', { firstName: 'A', lastName: 'B', timeZone: KIRI })).statusCode,
    ).toBe(401);
    const before = await callOk(app, eve, {
      method: 'GET',
      url: `/api/CompanyUsers/details/user/${eve.userId}`,
    });
    expect(before.timeZone).toBe('UTC');
    for (const bad of ['Mars/Olympus_Mons', '', 'Europe/Berlin; drop table users', 42]) {
      const res = await call(eve, 'PUT', '/api/auth/me', {
        firstName: 'Eve',
        lastName: 'Employee',
        timeZone: bad,
      });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(JSON.stringify(res.json().errors?.timeZone ?? res.json())).toMatch(
        /Unknown time zone|expected string/,
      );
    }
    const saved = await setZone(eve, 'Europe/Berlin');
    expect(saved.timeZone).toBe('Europe/Berlin');
    const after = await callOk(app, eve, {
      method: 'GET',
      url: `/api/CompanyUsers/details/user/${eve.userId}`,
    });
    expect(after.timeZone).toBe('Europe/Berlin');
    // 'UTC' is a zone too (Intl does not list it).
    expect((await setZone(eve, 'UTC')).timeZone).toBe('UTC');
  });

  it('PUT /CompanyUsers/user/:id: 403 for an employee, 404 across tenants, 400 unknown zone, 200 for the admin', async () => {
    const url = `/api/CompanyUsers/user/${kiri.userId}`;
    expect((await call(null, 'PUT', url, { timeZone: KIRI })).statusCode).toBe(401);
    expect((await call(eve, 'PUT', url, { timeZone: KIRI })).statusCode).toBe(403);
    expect((await call(otherAdmin, 'PUT', url, { timeZone: KIRI })).statusCode).toBe(404);
    const bad = await call(admin, 'PUT', url, { timeZone: 'Nowhere/Land' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.timeZone).toEqual(['Unknown time zone']);
    const ok = await callOk(app, admin, { method: 'PUT', url, payload: { timeZone: KIRI } });
    expect(ok.timeZone).toBe(KIRI);
    expect((await setZone(pago, PAGO)).timeZone).toBe(PAGO);
  });
});

describe('today in the person’s zone', () => {
  it('the grid without a week opens on the week of the person’s own today', async () => {
    const now = new Date();
    const kiriToday = localTime(KIRI, now).day;
    const pagoToday = localTime(PAGO, now).day;
    // UTC+14 and UTC-11 are 25 hours apart: their todays always differ.
    expect(kiriToday > pagoToday).toBe(true);
    // Weeks start on Kiri's weekday: Kiri's week starts today, Pago's (a day or two behind) earlier.
    await settings({ weekStartsOn: new Date(`${kiriToday}T00:00:00Z`).getUTCDay() });
    try {
      const k = await callOk(app, kiri, { method: 'GET', url: '/api/Timesheets/weeks/mine' });
      const p = await callOk(app, pago, { method: 'GET', url: '/api/Timesheets/weeks/mine' });
      expect(k.weekStart).toBe(kiriToday);
      expect(p.weekStart <= pagoToday && pagoToday < kiriToday).toBe(true);
      expect(p.weekEnd < kiriToday).toBe(true);
      // An approver reading Pago's week without a day sees Pago's this week, not their own.
      const byAdmin = await callOk(app, admin, {
        method: 'GET',
        url: `/api/Timesheets/weeks/${pago.userId}`,
      });
      expect(byAdmin.weekStart).toBe(p.weekStart);
    } finally {
      await settings({ weekStartsOn: 1 });
    }
  });

  it('a timer stopped without a day lands on the day it started in the person’s zone', async () => {
    await callOk(app, kiri, { method: 'POST', url: '/api/Timelogs/timer', payload: { taskId } });
    // Started at the latest 12:00 UTC before now: 02:00 of the next day in Kiritimati.
    const now = Date.now();
    let started = new Date(new Date(now).toISOString().slice(0, 10) + 'T12:00:00Z').getTime();
    if (started > now - 60_000) started -= 86_400_000;
    await database.db.execute(
      sql`update time_log_timers set started_at = ${new Date(started)} where company_id = ${acme.companyId} and user_id = ${kiri.userId}`,
    );
    const entry = await callOk(app, kiri, { method: 'POST', url: '/api/Timelogs/timer/stop', payload: {} });
    const utcDay = new Date(started).toISOString().slice(0, 10);
    expect(entry.loggedAt.slice(0, 10)).toBe(localTime(KIRI, new Date(started)).day);
    expect(entry.loggedAt.slice(0, 10)).not.toBe(utcDay);
    await callOk(app, kiri, { method: 'DELETE', url: `/api/Timelogs/${entry.timeLogId}` });
  });
});

describe('reminders on each person’s own day', () => {
  // Monday 2031-03-17 is the reminder day. In Kiritimati (UTC+14) it starts at 2031-03-16T10:00Z,
  // its 06:00 is 16:00Z; in Pago Pago (UTC-11) its 06:00 is 2031-03-17T17:00Z.
  const at = (iso: string) => new Date(iso);
  const reminderRows = async (userId: string) =>
    sqlRows<{ week_start: string }>(
      database.db,
      sql`select to_char(week_start, 'YYYY-MM-DD') as week_start from timesheet_reminders
           where company_id = ${acme.companyId} and user_id = ${userId}`,
    );

  it('the timesheet reminder reaches each person on their own Monday from 06:00, once, whatever the rounds', async () => {
    const round = (iso: string) =>
      timesheetReminders({ db: appDb(database), clock: () => at(iso) })(null, {
        id: 'test',
        attempt: 1,
        maxAttempts: 1,
      });
    // Sunday 15:00Z: Monday 05:00 in Kiritimati (too early), Sunday in Pago Pago.
    await round('2031-03-16T15:00:00Z');
    expect(await reminderRows(kiri.userId)).toEqual([]);
    // 16:00Z: Kiri's Monday 06:00. Two rounds at once, then another.
    await Promise.all([round('2031-03-16T16:00:00Z'), round('2031-03-16T16:00:00Z')]);
    await round('2031-03-16T16:20:00Z');
    expect(await reminderRows(kiri.userId)).toEqual([{ week_start: '2031-03-10' }]);
    expect(await reminderRows(pago.userId)).toEqual([]);
    // Monday 16:00Z: Pago's Monday 05:00 (too early); Kiri's Tuesday.
    await round('2031-03-17T16:00:00Z');
    expect(await reminderRows(pago.userId)).toEqual([]);
    // 17:00Z: Pago's Monday 06:00; later rounds of that day remind nobody again.
    await round('2031-03-17T17:00:00Z');
    await Promise.all([round('2031-03-17T23:00:00Z'), round('2031-03-17T23:00:00Z')]);
    expect(await reminderRows(pago.userId)).toEqual([{ week_start: '2031-03-10' }]);
    expect(await reminderRows(kiri.userId)).toEqual([{ week_start: '2031-03-10' }]);
    const title = TIMESHEET_MESSAGES.reminderTitle('2031-03-10');
    expect((await inbox(kiri, 'timesheet_reminder')).filter((n) => n.title === title)).toHaveLength(1);
    expect((await inbox(pago, 'timesheet_reminder')).filter((n) => n.title === title)).toHaveLength(1);
  });

  it('the due-soon reminder reaches each assignee the day before in their own zone, from 06:00, once', async () => {
    await buildTask(database.db, acme, {
      taskListId,
      title: 'Due on Tuesday',
      dueDate: '2031-03-18',
      assigneeIds: [kiri.userId, pago.userId],
    });
    const round = (iso: string) =>
      dueSoonReminders({ db: appDb(database), clock: () => at(iso) })(null, {
        id: 'test',
        attempt: 1,
        maxAttempts: 1,
      });
    const due = async (s: Session) =>
      (await inbox(s, 'due_soon')).filter((n) => n.title === 'Due on Tuesday');
    await round('2031-03-16T15:00:00Z'); // Kiri: Monday 05:00
    expect(await due(kiri)).toHaveLength(0);
    await Promise.all([round('2031-03-16T16:00:00Z'), round('2031-03-16T16:00:00Z')]); // Kiri: Monday 06:00
    expect(await due(kiri)).toHaveLength(1);
    expect(await due(pago)).toHaveLength(0);
    await round('2031-03-17T16:00:00Z'); // Pago: Monday 05:00
    expect(await due(pago)).toHaveLength(0);
    await round('2031-03-17T17:00:00Z'); // Pago: Monday 06:00
    await round('2031-03-17T23:00:00Z');
    expect(await due(pago)).toHaveLength(1);
    expect(await due(kiri)).toHaveLength(1);
  });
});

describe('changing the first day of the week', () => {
  // Weeks of October 2026 (past days): Monday 5th to Sunday 11th under the Monday start.
  const MON = '2026-10-05';
  const day = (n: number) =>
    new Date(new Date(`${MON}T00:00:00Z`).getTime() + n * 86_400_000).toISOString().slice(0, 10);

  it('is refused while a week waits for approval; afterwards overlapping weeks count each day once in totals and the CSV', async () => {
    // Eve logs an hour on each of nine days, Monday 5th to Tuesday 13th, and one on Wednesday 14th.
    for (let i = 0; i <= 9; i++)
      await callOk(app, eve, {
        method: 'POST',
        url: '/api/Timelogs',
        payload: { taskId, loggedAt: day(i), duration: '01:00' },
      });
    const old = await callOk(app, eve, {
      method: 'POST',
      url: '/api/Timesheets/weeks/submit',
      payload: { weekStart: MON },
    });
    // 409 while it waits; 401 and 403 as ever.
    expect((await call(null, 'PUT', '/api/Timesheets/settings', { weekStartsOn: 3 })).statusCode).toBe(401);
    expect((await call(eve, 'PUT', '/api/Timesheets/settings', { weekStartsOn: 3 })).statusCode).toBe(403);
    const refused = await call(admin, 'PUT', '/api/Timesheets/settings', { weekStartsOn: 3 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(TIMESHEET_MESSAGES.weekStartWhileSubmitted);
    // Other settings still change.
    await settings({ reminderWeekday: 2 });
    await callOk(app, admin, {
      method: 'POST',
      url: '/api/Timesheets/weeks/approve',
      payload: { weekIds: [old.id] },
    });
    try {
      expect((await settings({ weekStartsOn: 3 })).weekStartsOn).toBe(3);
      // The week holding Monday 12th now starts Wednesday 7th: the 7th to 11th stay in the approved
      // week (locked, counted there), the 12th and 13th count here.
      const grid = await callOk(app, eve, {
        method: 'GET',
        url: `/api/Timesheets/weeks/mine?weekStart=${day(7)}`,
      });
      expect(grid.weekStart).toBe(day(2));
      expect(grid.dayMinutes).toEqual([0, 0, 0, 0, 0, 60, 60]);
      expect(grid.totalMinutes).toBe(120);
      // The grid says which days the approved week holds, and why they are locked.
      const held = TIMESHEET_MESSAGES.heldByWeek(MON, 'approved');
      expect(grid.heldDays).toEqual([held, held, held, held, held, null, null]);
      // The admin (timesheet:unlock) may still change them: no lock for them, the totals the same.
      const byAdmin = await callOk(app, admin, {
        method: 'GET',
        url: `/api/Timesheets/weeks/${eve.userId}?weekStart=${day(7)}`,
      });
      expect(byAdmin.heldDays).toEqual([null, null, null, null, null, null, null]);
      expect(byAdmin.totalMinutes).toBe(120);
      // The cells still show every entry of the seven days.
      expect(grid.rows.flatMap((r: { minutes: number[] }) => r.minutes)).toEqual([
        60, 60, 60, 60, 60, 60, 60,
      ]);
      const locked = await call(eve, 'POST', '/api/Timelogs', {
        taskId,
        loggedAt: day(3),
        duration: '00:30',
      });
      expect(locked.statusCode).toBe(409);
      expect(locked.json().message).toBe(TIMESHEET_MESSAGES.lockedApproved);
      const next = await callOk(app, eve, {
        method: 'POST',
        url: '/api/Timesheets/weeks/submit',
        payload: { weekStart: day(7) },
      });
      expect(next.weekStart).toBe(day(2));
      expect(next.totalMinutes).toBe(120);
      await callOk(app, admin, {
        method: 'POST',
        url: '/api/Timesheets/weeks/approve',
        payload: { weekIds: [next.id] },
      });
      const approved = await callOk(app, admin, {
        method: 'GET',
        url: `/api/Timesheets/approvals?status=approved&pageSize=100`,
      });
      const eves = (approved.items as { id: string; totalMinutes: number }[]).filter(
        (w) => w.id === old.id || w.id === next.id,
      );
      expect(eves.map((w) => w.totalMinutes).sort((a, b) => a - b)).toEqual([120, 420]);
      // The CSV: each of the nine approved days once, the 14th (not approved) not at all.
      const csv = await call(
        admin,
        'GET',
        `/api/Timesheets/export.csv?from=${day(-3)}&to=${day(12)}&userId=${eve.userId}`,
      );
      expect(csv.statusCode).toBe(200);
      const lines = csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n')
        .slice(1)
        .map((l) => l.split(','));
      expect(lines.map((l) => l[0])).toEqual(Array.from({ length: 9 }, (_, i) => day(i)));
      expect(lines.map((l) => l[7])).toEqual(Array.from({ length: 9 }, () => '1.00'));
      // Changing back is refused only while something waits: nothing does.
      expect((await settings({ weekStartsOn: 1 })).weekStartsOn).toBe(1);
      // Under the Monday start again, the week of the 12th (Monday) overlaps the approved week of
      // Wednesday 7th: the 12th and 13th stay counted there, Monday's week counts the 14th only.
      const back = await callOk(app, eve, {
        method: 'GET',
        url: `/api/Timesheets/weeks/mine?weekStart=${day(7)}`,
      });
      expect(back.weekStart).toBe(day(7));
      expect(back.totalMinutes).toBe(60);
      const heldBack = TIMESHEET_MESSAGES.heldByWeek(day(2), 'approved');
      expect(back.heldDays).toEqual([heldBack, heldBack, null, null, null, null, null]);
    } finally {
      await settings({ weekStartsOn: 1, reminderWeekday: 1 });
    }
  });
});

describe('a submit racing writes of its week (PostgreSQL)', () => {
  it.skipIf(!process.env.DATABASE_URL)(
    'every entry is either written before the submit and counted in the submitted week, or refused with 409',
    async () => {
      // PGlite runs one statement at a time on one connection: no race to observe there.
      const week = '2026-09-07'; // a Monday
      const dayOf = (i: number) =>
        new Date(new Date(`${week}T00:00:00Z`).getTime() + (i % 7) * 86_400_000).toISOString().slice(0, 10);
      // A few entries exist to be edited.
      const existing: string[] = [];
      for (let i = 0; i < 4; i++)
        existing.push(
          (
            await callOk(app, pago, {
              method: 'POST',
              url: '/api/Timelogs',
              payload: { taskId, loggedAt: dayOf(i), duration: '00:10' },
            })
          ).timeLogId,
        );
      const writes = Array.from({ length: 19 }, (_, i) =>
        i < 4
          ? call(pago, 'PUT', `/api/Timelogs/${existing[i]}`, { duration: '00:20' })
          : call(pago, 'POST', '/api/Timelogs', { taskId, loggedAt: dayOf(i), duration: '00:15' }),
      );
      // The submit goes out amid the writes (after ten of them), so some reach the person's lock
      // before it and some after.
      const first = writes.slice(0, 10);
      const submit = call(pago, 'POST', '/api/Timesheets/weeks/submit', { weekStart: week });
      const rest = writes.slice(10);
      const [before, submitted, after] = await Promise.all([Promise.all(first), submit, Promise.all(rest)]);
      const results = [...before, ...after];
      expect(submitted.statusCode).toBe(200);
      for (const r of results) {
        expect([200, 201, 409]).toContain(r.statusCode);
        if (r.statusCode === 409) expect(r.json().message).toBe(TIMESHEET_MESSAGES.lockedSubmitted);
      }
      // No entry of the week was written (created or changed) after the submission: under the
      // person's lock every write and the submit run one after another, so the transaction ids
      // that wrote the entries are all older than the one that wrote the week's row.
      const [row] = await sqlRows<{ xid: string }>(
        database.db,
        sql`select xmin::text as xid from timesheet_weeks where company_id = ${acme.companyId}
             and user_id = ${pago.userId} and week_start = ${week}`,
      );
      const entries = await sqlRows<{ id: string; minutes: number; xid: string }>(
        database.db,
        sql`select id, duration_minutes as minutes, xmin::text as xid from time_logs
             where company_id = ${acme.companyId} and user_id = ${pago.userId}
               and logged_at >= ${new Date(`${week}T00:00:00Z`)}
               and logged_at < ${new Date(new Date(`${week}T00:00:00Z`).getTime() + 7 * 86_400_000)}`,
      );
      for (const e of entries) expect(Number(e.xid)).toBeLessThan(Number(row?.xid));
      // What the writes answered is what the week holds, and the submitted week counts it all.
      const created = results.slice(4).filter((r) => r.statusCode === 201).length;
      const edited = results.slice(0, 4).filter((r) => r.statusCode === 200).length;
      expect(entries).toHaveLength(4 + created);
      const expected = created * 15 + edited * 20 + (4 - edited) * 10;
      expect(entries.reduce((n, e) => n + Number(e.minutes), 0)).toBe(expected);
      expect(submitted.json().data.totalMinutes).toBe(expected);
      const grid = await callOk(app, pago, {
        method: 'GET',
        url: `/api/Timesheets/weeks/mine?weekStart=${week}`,
      });
      expect(grid.status).toBe('submitted');
      expect(grid.totalMinutes).toBe(expected);
    },
  );
});
