import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIMESHEET_MESSAGES } from '@taskhive/contract';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { departments, timeLogs, users } from '../../db/schema/index.ts';
import { appDb, buildCountingApp, buildTestApp } from '../../test/build-app.ts';
import { systemScope } from '../../lib/scope.ts';
import { remindTimesheets } from './reminders.ts';
import { timesheetsRepo } from './timesheets.repo.ts';
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

/**
 * Timesheets (issue 25), the API: settings, capacity, the grid and its cells, submit, approve,
 * reject, reopen, the approvals list, and the locks every write of time obeys. Runs on PGlite and
 * (DATABASE_URL) PostgreSQL.
 *
 * The cast: Acme's admin (Company Admin: timesheet:approve:all and timesheet:unlock), Eve (an
 * Employee in the Delivery department, managed by Mike, himself an Employee), Olga (an Employee
 * outside it), Tom (an Employee with timelog:update:all but no unlock), and Other's admin.
 */
let app: App;
let database: Database;
let acme: TestCompany;
let other: TestCompany;
let admin: Session;
let eve: Session;
let mike: Session;
let olga: Session;
let tom: Session;
let otherAdmin: Session;
let projectId: string;
let taskId: string;
let task2Id: string;

/** Mondays of past weeks, one per scenario, so the tests do not share a week. */
const W = {
  grid: '2026-03-02',
  flow: '2026-03-09',
  locks: '2026-03-16',
  bulk: '2026-03-23',
  failed: '2026-03-30',
  cells: '2026-04-06',
  count: '2026-04-13',
  /** Weeks nothing else is logged in, for entries moved or logged outside a scenario's week. */
  spare: '2026-05-04',
  spare2: '2026-05-11',
} as const;

const addDays = (day: string, n: number) =>
  new Date(new Date(`${day}T00:00:00Z`).getTime() + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  let employeeId: string;
  ({
    acme,
    other,
    admin,
    otherAdmin,
    employee: eve,
    employeeId,
  } = await twoTenants(app, database.db, {
    employee: { firstName: 'Eve', lastName: 'Employee' },
  }));
  const m = await buildUser(database.db, acme, { firstName: 'Mike', lastName: 'Manager' });
  const o = await buildUser(database.db, acme, { firstName: 'Olga', lastName: 'Outside' });
  const t = await buildUser(database.db, acme, {
    firstName: 'Tom',
    lastName: 'Timekeeper',
    permissions: ['timelog:update:all', 'timelog:delete:all', 'timelog:read:all'],
  });
  const [d] = await database.db
    .insert(departments)
    .values({ companyId: acme.companyId, name: 'Delivery', managerId: m.userId })
    .returning({ id: departments.id });
  if (!d) throw new Error('no department');
  await database.db.execute(
    sql`update ${users} set department_id = ${d.id} where company_id = ${acme.companyId} and id = ${employeeId}`,
  );
  [mike, olga, tom] = await Promise.all([login(app, m.email), login(app, o.email), login(app, t.email)]);
  const project = await buildProject(database.db, acme, {
    memberIds: [acme.adminUserId, eve.userId, mike.userId, olga.userId, tom.userId],
  });
  projectId = project.projectId;
  const list = await buildTaskList(database.db, acme, { projectId });
  taskId = (await buildTask(database.db, acme, { taskListId: list.taskListId, title: 'Build it' })).taskId;
  task2Id = (await buildTask(database.db, acme, { taskListId: list.taskListId, title: 'Test it' })).taskId;
});
afterAll(() => app.close());

function call(s: Session | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return app.inject({ method, url, ...(s ? { headers: bearer(s) } : {}), ...(payload ? { payload } : {}) });
}

async function log(s: Session, day: string, duration = '02:00', task = taskId): Promise<string> {
  const d = await callOk(app, s, {
    method: 'POST',
    url: '/api/Timelogs',
    payload: { taskId: task, loggedAt: day, duration },
  });
  return d.timeLogId as string;
}

async function submit(s: Session, weekStart: string): Promise<string> {
  const w = await callOk(app, s, {
    method: 'POST',
    url: '/api/Timesheets/weeks/submit',
    payload: { weekStart },
  });
  expect(w.status).toBe('submitted');
  return w.id as string;
}

async function changesCount(): Promise<number> {
  const [r] = await sqlRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from changes where company_id = ${acme.companyId} and type = 'timesheet'`,
  );
  return r?.n ?? 0;
}

describe('settings', () => {
  it('401 without a token; any member reads them, the defaults first', async () => {
    expect((await call(null, 'GET', '/api/Timesheets/settings')).statusCode).toBe(401);
    const s = await callOk(app, eve, { method: 'GET', url: '/api/Timesheets/settings' });
    expect(s).toEqual({ weekStartsOn: 1, lockedBefore: null, reminderWeekday: 1 });
  });

  it('PUT: 403 for an employee, 400 on a bad weekday, an unknown field or nothing, 200 for the admin (this company only)', async () => {
    expect((await call(eve, 'PUT', '/api/Timesheets/settings', { weekStartsOn: 0 })).statusCode).toBe(403);
    expect((await call(admin, 'PUT', '/api/Timesheets/settings', { weekStartsOn: 7 })).statusCode).toBe(400);
    expect(
      (await call(admin, 'PUT', '/api/Timesheets/settings', { lockedBefore: '2026-13-01' })).statusCode,
    ).toBe(400);
    expect((await call(admin, 'PUT', '/api/Timesheets/settings', { weekStart: 1 })).statusCode).toBe(400);
    expect((await call(admin, 'PUT', '/api/Timesheets/settings', {})).statusCode).toBe(400);
    const res = await call(admin, 'PUT', '/api/Timesheets/settings', { reminderWeekday: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.reminderWeekday).toBe(2);
    const theirs = await callOk(app, otherAdmin, { method: 'GET', url: '/api/Timesheets/settings' });
    expect(theirs.reminderWeekday).toBe(1);
    await callOk(app, admin, {
      method: 'PUT',
      url: '/api/Timesheets/settings',
      payload: { reminderWeekday: 1 },
    });
  });
});

describe('settings and the time writes in flight (PostgreSQL)', () => {
  // Issue 28: the time writes hold the settings' advisory lock shared (no longer the company row
  // FOR SHARE); a change of the settings takes it alone, so it waits for them, and they for it.
  it.runIf(process.env.DATABASE_URL)(
    'a change of the settings waits for a time write in flight, and is then applied',
    async () => {
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let locked!: () => void;
      const taken = new Promise<void>((r) => (locked = r));
      const writer = database.db.transaction(async (tx) => {
        await timesheetsRepo.lockPersonAndSettings(systemScope(tx, acme.companyId), [eve.userId]);
        locked();
        await held;
      });
      await taken;
      // The company row itself is free: another update of it (an authorisation version's bump,
      // a profile edit) does not queue behind the time writes in flight.
      const rowUpdate = database.db.execute(
        sql`update companies set updated_at = updated_at where id = ${acme.companyId}`,
      );
      const timeout = new Promise<'waited'>((r) => setTimeout(() => r('waited'), 2000));
      expect(await Promise.race([rowUpdate.then(() => 'done' as const), timeout])).toBe('done');
      let answered = false;
      const change = call(admin, 'PUT', '/api/Timesheets/settings', { reminderWeekday: 3 }).then((r) => {
        answered = true;
        return r;
      });
      await new Promise((r) => setTimeout(r, 400));
      expect(answered).toBe(false);
      release();
      await writer;
      const res = await change;
      expect(res.statusCode).toBe(200);
      expect(res.json().data.reminderWeekday).toBe(3);
      // Back to the default for the tests after this one.
      await callOk(app, admin, {
        method: 'PUT',
        url: '/api/Timesheets/settings',
        payload: { reminderWeekday: 1 },
      });
    },
  );
});

describe('capacity', () => {
  it('401, 400, 403 for an employee, 404 across tenants, then set and read back', async () => {
    const url = `/api/Timesheets/capacity/${olga.userId}`;
    expect((await call(null, 'PUT', url, { expectedWeeklyMinutes: 1200 })).statusCode).toBe(401);
    expect((await call(admin, 'PUT', url, { expectedWeeklyMinutes: -1 })).statusCode).toBe(400);
    expect((await call(admin, 'PUT', url, { expectedWeeklyMinutes: 1200, extra: 1 })).statusCode).toBe(400);
    expect((await call(eve, 'PUT', url, { expectedWeeklyMinutes: 1200 })).statusCode).toBe(403);
    expect((await call(otherAdmin, 'PUT', url, { expectedWeeklyMinutes: 1200 })).statusCode).toBe(404);
    expect((await call(otherAdmin, 'GET', url)).statusCode).toBe(404);
    const before = await callOk(app, olga, { method: 'GET', url });
    expect(before).toEqual({ userId: olga.userId, expectedWeeklyMinutes: 2400, isDefault: true });
    const after = await callOk(app, admin, { method: 'PUT', url, payload: { expectedWeeklyMinutes: 1200 } });
    expect(after).toEqual({ userId: olga.userId, expectedWeeklyMinutes: 1200, isDefault: false });
  });
});

describe('the grid', () => {
  it('401, 400 on a bad day; my week by task and day with its totals, from any day of it', async () => {
    expect((await call(null, 'GET', '/api/Timesheets/weeks/mine')).statusCode).toBe(401);
    expect((await call(eve, 'GET', '/api/Timesheets/weeks/mine?weekStart=2026-02-30')).statusCode).toBe(400);
    await log(eve, W.grid, '01:30');
    await log(eve, W.grid, '00:30');
    await log(eve, addDays(W.grid, 2), '03:00', task2Id);
    await log(eve, W.spare, '05:00');
    const g = await callOk(app, eve, {
      method: 'GET',
      url: `/api/Timesheets/weeks/mine?weekStart=${addDays(W.grid, 4)}`,
    });
    expect(g).toMatchObject({
      id: null,
      userId: eve.userId,
      userName: 'Eve Employee',
      departmentName: 'Delivery',
      weekStart: W.grid,
      weekEnd: addDays(W.grid, 6),
      status: 'open',
      totalMinutes: 300,
      billableMinutes: 300,
      expectedMinutes: 2400,
      dayMinutes: [120, 0, 180, 0, 0, 0, 0],
      locked: false,
      canSubmit: true,
      canApprove: false,
      canReopen: false,
      history: [],
      lockedBefore: null,
    });
    const rows = g.rows as { taskId: string; taskTitle: string; minutes: number[]; entryCounts: number[] }[];
    expect(rows.map((r) => r.taskTitle)).toEqual(['Build it', 'Test it']);
    expect(rows[0]).toMatchObject({
      taskId,
      minutes: [120, 0, 0, 0, 0, 0, 0],
      entryCounts: [2, 0, 0, 0, 0, 0, 0],
    });
    expect(rows[1]?.minutes).toEqual([0, 0, 180, 0, 0, 0, 0]);
  });

  it("someone's week: their manager and approve:all see it; another employee, another company: 404", async () => {
    const url = `/api/Timesheets/weeks/${eve.userId}?weekStart=${W.grid}`;
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
    expect((await call(olga, 'GET', url)).statusCode).toBe(404);
    expect((await call(otherAdmin, 'GET', url)).statusCode).toBe(404);
    expect((await call(eve, 'GET', `/api/Timesheets/weeks/${randomUUID()}`)).statusCode).toBe(404);
    const byMike = await callOk(app, mike, { method: 'GET', url });
    expect(byMike.totalMinutes).toBe(300);
    expect(byMike.canApprove).toBe(false);
    const byAdmin = await callOk(app, admin, { method: 'GET', url });
    expect(byAdmin.rows).toHaveLength(2);
  });
});

describe('transitions', () => {
  it('submit: 401, 400, then open → submitted once (409 again), locked for the person, history kept', async () => {
    await log(eve, W.flow, '04:00');
    expect((await call(null, 'POST', '/api/Timesheets/weeks/submit', { weekStart: W.flow })).statusCode).toBe(
      401,
    );
    expect(
      (await call(eve, 'POST', '/api/Timesheets/weeks/submit', { weekStart: 'monday' })).statusCode,
    ).toBe(400);
    expect((await call(eve, 'POST', '/api/Timesheets/weeks/submit', {})).statusCode).toBe(400);
    const id = await submit(eve, addDays(W.flow, 3));
    const again = await call(eve, 'POST', '/api/Timesheets/weeks/submit', { weekStart: W.flow });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(TIMESHEET_MESSAGES.notOpen);
    const g = await callOk(app, eve, {
      method: 'GET',
      url: `/api/Timesheets/weeks/mine?weekStart=${W.flow}`,
    });
    expect(g).toMatchObject({ id, status: 'submitted', locked: true, canSubmit: false, totalMinutes: 240 });
    expect(g.history).toEqual([
      expect.objectContaining({ status: 'submitted', byName: 'Eve Employee', reason: null }),
    ]);
    const byMike = await callOk(app, mike, {
      method: 'GET',
      url: `/api/Timesheets/weeks/${eve.userId}?weekStart=${W.flow}`,
    });
    expect(byMike).toMatchObject({ canApprove: true, canReopen: true, locked: false });
  });

  it('reject: 400 without a reason; 403 for the person, an employee and a manager of another department; 404 across tenants; the manager rejects with a reason', async () => {
    const [week] = await sqlRows<{ id: string }>(
      database.db,
      sql`select id from timesheet_weeks where company_id = ${acme.companyId} and user_id = ${eve.userId} and week_start = ${W.flow}`,
    );
    const weekIds = [week?.id];
    expect(
      (await call(null, 'POST', '/api/Timesheets/weeks/reject', { weekIds, reason: 'x' })).statusCode,
    ).toBe(401);
    expect(
      (await call(mike, 'POST', '/api/Timesheets/weeks/reject', { weekIds, reason: '  ' })).statusCode,
    ).toBe(400);
    expect((await call(mike, 'POST', '/api/Timesheets/weeks/reject', { weekIds })).statusCode).toBe(400);
    expect(
      (await call(mike, 'POST', '/api/Timesheets/weeks/reject', { weekIds: [], reason: 'x' })).statusCode,
    ).toBe(400);
    const own = await call(eve, 'POST', '/api/Timesheets/weeks/reject', { weekIds, reason: 'x' });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(TIMESHEET_MESSAGES.ownWeek);
    const byOlga = await call(olga, 'POST', '/api/Timesheets/weeks/reject', { weekIds, reason: 'x' });
    expect(byOlga.statusCode).toBe(403);
    expect(byOlga.json().message).toBe(TIMESHEET_MESSAGES.notApprover);
    expect(
      (await call(otherAdmin, 'POST', '/api/Timesheets/weeks/reject', { weekIds, reason: 'x' })).statusCode,
    ).toBe(404);
    const res = await call(mike, 'POST', '/api/Timesheets/weeks/reject', {
      weekIds,
      reason: 'Friday is missing',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { count: 1 }, message: TIMESHEET_MESSAGES.rejected });
    const g = await callOk(app, eve, {
      method: 'GET',
      url: `/api/Timesheets/weeks/mine?weekStart=${W.flow}`,
    });
    expect(g).toMatchObject({
      status: 'rejected',
      reason: 'Friday is missing',
      decidedByName: 'Mike Manager',
      locked: false,
      canSubmit: true,
    });
    expect(g.history.map((h: { status: string }) => h.status)).toEqual(['submitted', 'rejected']);
  });

  it('the person fixes and resubmits; approve: 403 self, 409 on a week not submitted, then the manager approves', async () => {
    await log(eve, addDays(W.flow, 4), '08:00');
    const id = await submit(eve, W.flow);
    const self = await call(eve, 'POST', '/api/Timesheets/weeks/approve', { weekIds: [id] });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(TIMESHEET_MESSAGES.ownWeek);
    expect(
      (await call(mike, 'POST', '/api/Timesheets/weeks/approve', { weekIds: [id, id] })).statusCode,
    ).toBe(400);
    expect(
      (await call(mike, 'POST', '/api/Timesheets/weeks/approve', { weekIds: ['nope'] })).statusCode,
    ).toBe(400);
    expect(
      (await call(mike, 'POST', '/api/Timesheets/weeks/approve', { weekIds: [randomUUID()] })).statusCode,
    ).toBe(404);
    const res = await call(mike, 'POST', '/api/Timesheets/weeks/approve', { weekIds: [id] });
    expect(res.statusCode).toBe(200);
    const twice = await call(mike, 'POST', '/api/Timesheets/weeks/approve', { weekIds: [id] });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(TIMESHEET_MESSAGES.notSubmitted);
    const g = await callOk(app, eve, {
      method: 'GET',
      url: `/api/Timesheets/weeks/mine?weekStart=${W.flow}`,
    });
    expect(g).toMatchObject({ status: 'approved', locked: true, reason: null, totalMinutes: 720 });
    expect(g.history.map((h: { status: string }) => h.status)).toEqual([
      'submitted',
      'rejected',
      'submitted',
      'approved',
    ]);
  });

  it('reopen: 401, 403 for the person and an outsider, 404 across tenants and for an unknown week, then the manager reopens (409 again)', async () => {
    const [week] = await sqlRows<{ id: string }>(
      database.db,
      sql`select id from timesheet_weeks where company_id = ${acme.companyId} and user_id = ${eve.userId} and week_start = ${W.flow}`,
    );
    const url = `/api/Timesheets/weeks/${week?.id}/reopen`;
    expect((await call(null, 'POST', url, {})).statusCode).toBe(401);
    expect((await call(eve, 'POST', url, {})).statusCode).toBe(403);
    expect((await call(olga, 'POST', url, {})).statusCode).toBe(403);
    expect((await call(otherAdmin, 'POST', url, {})).statusCode).toBe(404);
    expect((await call(mike, 'POST', `/api/Timesheets/weeks/${randomUUID()}/reopen`, {})).statusCode).toBe(
      404,
    );
    expect((await call(mike, 'POST', url, { reason: 'x'.repeat(501) })).statusCode).toBe(400);
    const res = await call(mike, 'POST', url, { reason: 'Payroll correction' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'open', canSubmit: false, canReopen: false });
    const again = await call(mike, 'POST', url, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(TIMESHEET_MESSAGES.alreadyOpen);
    const g = await callOk(app, eve, {
      method: 'GET',
      url: `/api/Timesheets/weeks/mine?weekStart=${W.flow}`,
    });
    expect(g).toMatchObject({ status: 'open', canSubmit: true, locked: false });
    expect(g.history.at(-1)).toMatchObject({
      status: 'open',
      reason: 'Payroll correction',
      byName: 'Mike Manager',
    });
  });

  it('bulk: all or nothing; approve:all approves anyone but themself', async () => {
    await log(eve, W.bulk);
    await log(olga, W.bulk);
    await log(admin, W.bulk);
    const [e, o, a] = [await submit(eve, W.bulk), await submit(olga, W.bulk), await submit(admin, W.bulk)];
    // Mike manages Eve, not Olga: nothing moves.
    const mixed = await call(mike, 'POST', '/api/Timesheets/weeks/approve', { weekIds: [e, o] });
    expect(mixed.statusCode).toBe(403);
    // The admin's own week among them: nothing moves.
    const withOwn = await call(admin, 'POST', '/api/Timesheets/weeks/approve', { weekIds: [e, o, a] });
    expect(withOwn.statusCode).toBe(403);
    const statuses = await sqlRows<{ status: string }>(
      database.db,
      sql`select status from timesheet_weeks where company_id = ${acme.companyId} and week_start = ${W.bulk}`,
    );
    expect(statuses.map((s) => s.status)).toEqual(['submitted', 'submitted', 'submitted']);
    const res = await call(admin, 'POST', '/api/Timesheets/weeks/approve', { weekIds: [e, o] });
    expect(res.json()).toMatchObject({ data: { count: 2 }, message: TIMESHEET_MESSAGES.approvedMany(2) });
  });

  it('a refused transition records nothing', async () => {
    await log(olga, W.failed);
    const id = await submit(olga, W.failed);
    const before = await changesCount();
    const [events] = await sqlRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from timesheet_week_events where company_id = ${acme.companyId}`,
    );
    expect(
      (await call(mike, 'POST', '/api/Timesheets/weeks/reject', { weekIds: [id], reason: 'no' })).statusCode,
    ).toBe(403);
    expect(
      (await call(olga, 'POST', '/api/Timesheets/weeks/submit', { weekStart: W.failed })).statusCode,
    ).toBe(409);
    expect(await changesCount()).toBe(before);
    const [after] = await sqlRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from timesheet_week_events where company_id = ${acme.companyId}`,
    );
    expect(after?.n).toBe(events?.n);
  });
});

describe('the approvals list', () => {
  it('401, 400; an approver sees the weeks of the people they approve, never their own; an employee sees none', async () => {
    expect((await call(null, 'GET', '/api/Timesheets/approvals')).statusCode).toBe(401);
    expect((await call(admin, 'GET', '/api/Timesheets/approvals?status=open')).statusCode).toBe(400);
    expect((await call(admin, 'GET', '/api/Timesheets/approvals?pageSize=0')).statusCode).toBe(400);
    const byAdmin = await callOk(app, admin, { method: 'GET', url: '/api/Timesheets/approvals' });
    const ids = (byAdmin.items as { userId: string; weekStart: string }[]).map(
      (w) => `${w.userId}:${w.weekStart}`,
    );
    expect(ids).toContain(`${olga.userId}:${W.failed}`);
    expect(ids.some((i) => i.startsWith(acme.adminUserId))).toBe(false);
    const byMike = await callOk(app, mike, {
      method: 'GET',
      url: '/api/Timesheets/approvals?status=approved',
    });
    expect((byMike.items as { userId: string }[]).every((w) => w.userId === eve.userId)).toBe(true);
    expect(byMike.items).toHaveLength(1);
    expect(byMike.items[0]).toMatchObject({
      weekStart: W.bulk,
      status: 'approved',
      totalMinutes: 120,
      dayMinutes: [120, 0, 0, 0, 0, 0, 0],
    });
    const byOlga = await callOk(app, olga, { method: 'GET', url: '/api/Timesheets/approvals' });
    expect(byOlga.totalCount).toBe(0);
    const theirs = await callOk(app, otherAdmin, { method: 'GET', url: '/api/Timesheets/approvals' });
    expect(theirs.totalCount).toBe(0);
  });
});

describe('locks on every write of time', () => {
  it('a submitted week: the person gets 409 on create, update, delete and the timer stop; Tom (update:all) may', async () => {
    const entry = await log(eve, W.locks, '01:00');
    await submit(eve, W.locks);
    const create = await call(eve, 'POST', '/api/Timelogs', {
      taskId,
      loggedAt: addDays(W.locks, 1),
      duration: '01:00',
    });
    expect(create.statusCode).toBe(409);
    expect(create.json().message).toBe(TIMESHEET_MESSAGES.lockedSubmitted);
    expect((await call(eve, 'PUT', `/api/Timelogs/${entry}`, { duration: '02:00' })).statusCode).toBe(409);
    // Moving an entry of an open week into the submitted one: its new day is locked.
    const outside = await log(eve, W.spare2, '01:00');
    expect((await call(eve, 'PUT', `/api/Timelogs/${outside}`, { loggedAt: W.locks })).statusCode).toBe(409);
    expect((await call(eve, 'DELETE', `/api/Timelogs/${entry}`)).statusCode).toBe(409);
    await callOk(app, eve, { method: 'POST', url: '/api/Timelogs/timer', payload: { taskId } });
    const stop = await call(eve, 'POST', '/api/Timelogs/timer/stop', { loggedAt: addDays(W.locks, 2) });
    expect(stop.statusCode).toBe(409);
    expect((await call(eve, 'GET', '/api/Timelogs/timer')).json().data).not.toBeNull();
    await callOk(app, eve, { method: 'DELETE', url: '/api/Timelogs/timer' });
    expect((await call(tom, 'PUT', `/api/Timelogs/${entry}`, { duration: '01:30' })).statusCode).toBe(200);
  });

  it('an approved week: 409 for everyone without timesheet:unlock (Tom too), the admin (unlock) may', async () => {
    const [week] = await sqlRows<{ id: string }>(
      database.db,
      sql`select id from timesheet_weeks where company_id = ${acme.companyId} and user_id = ${eve.userId} and week_start = ${W.locks}`,
    );
    await callOk(app, mike, {
      method: 'POST',
      url: '/api/Timesheets/weeks/approve',
      payload: { weekIds: [week?.id] },
    });
    const [entry] = await sqlRows<{ id: string }>(
      database.db,
      sql`select id from time_logs where company_id = ${acme.companyId} and user_id = ${eve.userId} and logged_at = ${`${W.locks}T00:00:00Z`}`,
    );
    const url = `/api/Timelogs/${entry?.id}`;
    const byTom = await call(tom, 'PUT', url, { duration: '03:00' });
    expect(byTom.statusCode).toBe(409);
    expect(byTom.json().message).toBe(TIMESHEET_MESSAGES.lockedApproved);
    expect((await call(tom, 'DELETE', url)).statusCode).toBe(409);
    expect((await call(eve, 'PUT', url, { duration: '03:00' })).statusCode).toBe(409);
    expect((await call(admin, 'PUT', url, { duration: '03:00' })).statusCode).toBe(200);
    const g = await callOk(app, tom, {
      method: 'GET',
      url: `/api/Timesheets/weeks/${eve.userId}?weekStart=${W.locks}`,
    }).catch(() => null);
    // Tom reads all time but approves nobody: the week is not his to open.
    expect(g).toBeNull();
  });

  it('the lock date: entries before it are locked for everyone without unlock, through the time logs and the cells', async () => {
    const before = await log(eve, addDays(W.cells, 1), '01:00');
    await callOk(app, admin, {
      method: 'PUT',
      url: '/api/Timesheets/settings',
      payload: { lockedBefore: addDays(W.cells, 3) },
    });
    try {
      const create = await call(eve, 'POST', '/api/Timelogs', {
        taskId,
        loggedAt: addDays(W.cells, 2),
        duration: '01:00',
      });
      expect(create.statusCode).toBe(409);
      expect(create.json().message).toBe(TIMESHEET_MESSAGES.lockedBefore(addDays(W.cells, 3)));
      expect((await call(tom, 'DELETE', `/api/Timelogs/${before}`)).statusCode).toBe(409);
      const cell = await call(eve, 'PUT', '/api/Timesheets/cells', {
        day: addDays(W.cells, 1),
        projectId,
        taskId,
        duration: '02:00',
      });
      expect(cell.statusCode).toBe(409);
      const g = await callOk(app, eve, {
        method: 'GET',
        url: `/api/Timesheets/weeks/mine?weekStart=${W.cells}`,
      });
      expect(g).toMatchObject({ lockedBefore: addDays(W.cells, 3), locked: false });
      // On the lock date itself, time is open.
      expect(
        (
          await call(eve, 'POST', '/api/Timelogs', {
            taskId,
            loggedAt: addDays(W.cells, 3),
            duration: '01:00',
          })
        ).statusCode,
      ).toBe(201);
      expect((await call(admin, 'PUT', `/api/Timelogs/${before}`, { duration: '01:15' })).statusCode).toBe(
        200,
      );
    } finally {
      await callOk(app, admin, {
        method: 'PUT',
        url: '/api/Timesheets/settings',
        payload: { lockedBefore: null },
      });
    }
  });
});

describe('cells', () => {
  it('401, 400; creates, changes and clears the one entry of a cell; 409 for several; a new entry needs a task of the project', async () => {
    const day = addDays(W.cells, 5);
    const put = (s: Session | null, payload: object) => call(s, 'PUT', '/api/Timesheets/cells', payload);
    expect((await put(null, { day, projectId, taskId, duration: '01:00' })).statusCode).toBe(401);
    expect((await put(eve, { day, projectId, taskId, duration: 'soon' })).statusCode).toBe(400);
    expect((await put(eve, { day: '2026-02-31', projectId, taskId, duration: '01:00' })).statusCode).toBe(
      400,
    );
    expect(
      (await put(eve, { day, projectId, taskId, duration: '01:00', userId: olga.userId })).statusCode,
    ).toBe(400);
    expect((await put(eve, { day, projectId, taskId: null, duration: '01:00' })).statusCode).toBe(400);
    expect((await put(eve, { day, projectId: randomUUID(), taskId, duration: '01:00' })).statusCode).toBe(
      400,
    );
    const theirProject = await buildProject(database.db, other, { memberIds: [other.adminUserId] });
    expect((await put(otherAdmin, { day, projectId, taskId, duration: '01:00' })).statusCode).toBe(400);
    expect(
      (await put(eve, { day, projectId: theirProject.projectId, taskId, duration: '01:00' })).statusCode,
    ).toBe(400);
    const made = await put(eve, { day, projectId, taskId, duration: '1h 30m' });
    expect(made.statusCode).toBe(200);
    const row = () =>
      (made.json().data.rows as { taskId: string; minutes: number[] }[]).find((r) => r.taskId === taskId);
    expect(row()?.minutes[5]).toBe(90);
    const changed = await put(eve, { day, projectId, taskId, duration: '02:00' });
    expect(
      (changed.json().data.rows as { taskId: string; minutes: number[] }[]).find((r) => r.taskId === taskId)
        ?.minutes[5],
    ).toBe(120);
    const cleared = await put(eve, { day, projectId, taskId, duration: '' });
    expect(
      (cleared.json().data.rows as { taskId: string }[]).some(
        (r) => r.taskId === taskId && cleared.json().data.dayMinutes[5] > 0,
      ),
    ).toBe(false);
    await log(eve, day, '01:00');
    await log(eve, day, '01:00');
    const several = await put(eve, { day, projectId, taskId, duration: '03:00' });
    expect(several.statusCode).toBe(409);
    expect(several.json().message).toBe(TIMESHEET_MESSAGES.cellHasSeveral);
  });
});

describe('workload', () => {
  it('401, 400, 403 for someone who manages nobody and outside their department, 404 across tenants; capacity, planned and logged per person', async () => {
    const week = '2026-06-01';
    const list = await buildTaskList(database.db, acme, { projectId });
    await buildTask(database.db, acme, {
      taskListId: list.taskListId,
      title: 'Due that week',
      dueDate: addDays(week, 3),
      estimatedHours: 10,
      assigneeIds: [eve.userId],
    });
    await buildTask(database.db, acme, {
      taskListId: list.taskListId,
      title: 'Done that week',
      dueDate: addDays(week, 3),
      estimatedHours: 30,
      statusName: 'Completed',
      assigneeIds: [eve.userId],
    });
    await buildTask(database.db, acme, {
      taskListId: list.taskListId,
      title: 'Due later',
      dueDate: addDays(week, 7),
      estimatedHours: 30,
      assigneeIds: [eve.userId],
    });
    await log(eve, addDays(week, 1), '02:00');
    const url = (q: string) => `/api/Timesheets/workload?weekStart=${addDays(week, 2)}${q}`;
    expect((await call(null, 'GET', url(''))).statusCode).toBe(401);
    expect((await call(admin, 'GET', '/api/Timesheets/workload?weekStart=June')).statusCode).toBe(400);
    expect((await call(admin, 'GET', url('&departmentId=7'))).statusCode).toBe(400);
    expect((await call(olga, 'GET', url(''))).statusCode).toBe(403);
    expect((await call(mike, 'GET', url(`&departmentId=${acme.departmentId}`))).statusCode).toBe(403);
    expect((await call(otherAdmin, 'GET', url(`&departmentId=${acme.departmentId}`))).statusCode).toBe(404);
    expect((await call(otherAdmin, 'GET', url(`&projectId=${projectId}`))).statusCode).toBe(404);
    const byMike = await callOk(app, mike, { method: 'GET', url: url('') });
    expect(byMike).toMatchObject({ weekStart: week, weekEnd: addDays(week, 6) });
    expect(byMike.rows).toEqual([
      {
        userId: eve.userId,
        userName: 'Eve Employee',
        departmentName: 'Delivery',
        capacityMinutes: 2400,
        plannedMinutes: 600,
        loggedMinutes: 120,
        load: 'under',
      },
    ]);
    await callOk(app, admin, {
      method: 'PUT',
      url: `/api/Timesheets/capacity/${eve.userId}`,
      payload: { expectedWeeklyMinutes: 500 },
    });
    try {
      const byProject = await callOk(app, admin, { method: 'GET', url: url(`&projectId=${projectId}`) });
      const names = (byProject.rows as { userName: string }[]).map((r) => r.userName);
      expect(names).toEqual(
        expect.arrayContaining(['Eve Employee', 'Mike Manager', 'Olga Outside', 'Ada Admin']),
      );
      expect(
        (byProject.rows as { userId: string; load: string }[]).find((r) => r.userId === eve.userId)?.load,
      ).toBe('over');
      const theirs = await callOk(app, otherAdmin, { method: 'GET', url: url('') });
      expect((theirs.rows as { userId: string }[]).some((r) => r.userId === eve.userId)).toBe(false);
    } finally {
      await database.db.execute(
        sql`update ${users} set expected_weekly_minutes = null where company_id = ${acme.companyId} and id = ${eve.userId}`,
      );
    }
  });

  it('400 for a page size of 0 or over the maximum and for a bad page; the paging of the answer', async () => {
    const base = '/api/Timesheets/workload?weekStart=2026-06-01';
    for (const q of ['&pageSize=0', '&pageSize=201', '&page=0', '&page=x', '&pageNumber=-1']) {
      const res = await call(admin, 'GET', `${base}${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(Object.keys(res.json().errors ?? {}), q).toEqual([
        q.includes('Size') ? 'pageSize' : q.slice(1).split('=')[0],
      ]);
    }
    const byMike = await callOk(app, mike, { method: 'GET', url: base });
    expect(byMike).toMatchObject({ totalCount: 1, pageNumber: 1, pageSize: 25, totalPages: 1 });
  });

  it('pages of people by last name, first name, id: a total over all pages, pages disjoint and in order; sums for each page', async () => {
    const week = '2026-06-08';
    const [d] = await database.db
      .insert(departments)
      .values({ companyId: acme.companyId, name: 'Paging' })
      .returning({ id: departments.id });
    if (!d) throw new Error('no department');
    const names = [
      ['Zoe', 'Zed'],
      ['Bea', 'Pager'],
      ['Pia', 'Quokka'],
      ['Abe', 'Pager'],
      ['Al', 'Quokkason'],
    ] as const;
    const people = [];
    for (const [firstName, lastName] of names)
      people.push({ firstName, lastName, ...(await buildUser(database.db, acme, { firstName, lastName })) });
    const gone = await buildUser(database.db, acme, {
      firstName: 'Gus',
      lastName: 'Pager',
      status: 'inactive',
    });
    await database.db.execute(
      sql`update ${users} set department_id = ${d.id} where company_id = ${acme.companyId} and id in (${sql.join(
        [...people.map((p) => p.userId), gone.userId].map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    const al = people.find((p) => p.firstName === 'Al');
    const pia = people.find((p) => p.firstName === 'Pia');
    if (!al || !pia) throw new Error('no people');
    const list = await buildTaskList(database.db, acme, { projectId });
    await buildTask(database.db, acme, {
      taskListId: list.taskListId,
      title: 'Paged plan',
      dueDate: addDays(week, 2),
      estimatedHours: 5,
      assigneeIds: [al.userId],
    });
    await database.db.insert(timeLogs).values({
      companyId: acme.companyId,
      userId: pia.userId,
      projectId,
      taskId,
      loggedAt: new Date(`${addDays(week, 1)}T00:00:00Z`),
      durationMinutes: 90,
    });
    const get = (q: string) =>
      callOk(app, admin, {
        method: 'GET',
        url: `/api/Timesheets/workload?weekStart=${week}&departmentId=${d.id}${q}`,
      });
    const order = ['Abe Pager', 'Bea Pager', 'Pia Quokka', 'Al Quokkason', 'Zoe Zed'];
    const all = await get('');
    expect((all.rows as { userName: string }[]).map((r) => r.userName)).toEqual(order);
    expect(all).toMatchObject({ totalCount: 5, pageNumber: 1, pageSize: 25, totalPages: 1 });

    const p1 = await get('&pageSize=2');
    const p2 = await get('&pageSize=2&page=2');
    const p3 = await get('&pageSize=2&pageNumber=3');
    expect(p1).toMatchObject({ totalCount: 5, pageNumber: 1, pageSize: 2, totalPages: 3 });
    expect(p2).toMatchObject({ totalCount: 5, pageNumber: 2, pageSize: 2, totalPages: 3 });
    expect(p3).toMatchObject({ totalCount: 5, pageNumber: 3, pageSize: 2, totalPages: 3 });
    const ids = [p1, p2, p3].flatMap((p) => (p.rows as { userId: string }[]).map((r) => r.userId));
    expect(new Set(ids).size).toBe(5);
    expect([p1, p2, p3].flatMap((p) => (p.rows as { userName: string }[]).map((r) => r.userName))).toEqual(
      order,
    );
    // The page's people have their figures, as on the whole list.
    expect(p2.rows).toEqual([
      expect.objectContaining({
        userId: pia.userId,
        plannedMinutes: 0,
        loggedMinutes: 90,
        departmentName: 'Paging',
      }),
      expect.objectContaining({ userId: al.userId, plannedMinutes: 300, loggedMinutes: 0 }),
    ]);
    expect(p2.rows).toEqual((all.rows as unknown[]).slice(2, 4));
    const past = await get('&pageSize=2&page=9');
    expect(past).toMatchObject({ rows: [], totalCount: 5, pageNumber: 9, totalPages: 3 });

    // Search: the last name, "first last", any case; LIKE's pattern characters are plain text.
    const names_ = (r: { rows: { userName: string }[] }) => r.rows.map((x) => x.userName);
    const quokka = await get('&search=QUOKKA');
    expect(names_(quokka)).toEqual(['Pia Quokka', 'Al Quokkason']);
    expect(quokka.totalCount).toBe(2);
    const full = await get(`&search=${encodeURIComponent(' al quokkason ')}`);
    expect(names_(full)).toEqual(['Al Quokkason']);
    expect(full).toMatchObject({ totalCount: 1, totalPages: 1 });
    expect(names_(await get('&search=Bea'))).toEqual(['Bea Pager']);
    expect(await get(`&search=${encodeURIComponent('%')}`)).toMatchObject({
      rows: [],
      totalCount: 0,
      totalPages: 0,
    });
    expect(await get('&search=Gus')).toMatchObject({ rows: [], totalCount: 0 });
    // A search does not widen a manager's reach: Mike reads his department only.
    const byMike = await callOk(app, mike, {
      method: 'GET',
      url: `/api/Timesheets/workload?weekStart=${week}&search=Quokka`,
    });
    expect(byMike).toMatchObject({ rows: [], totalCount: 0 });
  });
});

describe('the CSV export of approved time', () => {
  it('401, 403, 400; approved weeks only, by day, person, project and task, formulas defused, billable filter', async () => {
    const url = (q: string) => `/api/Timesheets/export.csv?from=${W.bulk}&to=${addDays(W.bulk, 6)}${q}`;
    expect((await call(null, 'GET', url(''))).statusCode).toBe(401);
    expect((await call(eve, 'GET', url(''))).statusCode).toBe(403);
    expect((await call(admin, 'GET', `/api/Timesheets/export.csv?from=${W.bulk}`)).statusCode).toBe(400);
    expect(
      (await call(admin, 'GET', `/api/Timesheets/export.csv?from=${W.bulk}&to=2026-01-01`)).statusCode,
    ).toBe(400);
    expect((await call(admin, 'GET', url('&billable=maybe'))).statusCode).toBe(400);
    const list = await buildTaskList(database.db, acme, { projectId });
    const evil = await buildTask(database.db, acme, {
      taskListId: list.taskListId,
      title: '=HYPERLINK("x")',
    });
    // The week is approved: only the admin (timesheet:unlock) may still log in it.
    await callOk(app, admin, {
      method: 'POST',
      url: '/api/Timelogs',
      payload: {
        taskId: evil.taskId,
        loggedAt: addDays(W.bulk, 1),
        duration: '00:45',
        billable: false,
        userId: eve.userId,
      },
    });
    const res = await call(admin, 'GET', url(''));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines[0]).toBe('Date,Employee code,Person,Project,Task key,Task,Billable,Hours');
    const body = lines.slice(1);
    // Eve's and Olga's weeks are approved; the admin's is only submitted.
    expect(body.filter((l) => l.includes('Eve Employee'))).toHaveLength(2);
    expect(body.filter((l) => l.includes('Olga Outside'))).toHaveLength(1);
    expect(body.some((l) => l.includes('Ada Admin'))).toBe(false);
    expect(body.find((l) => l.includes('HYPERLINK'))).toContain(`,"'=HYPERLINK(""x"")",no,0.75`);
    expect(body.find((l) => l.includes('Olga Outside'))).toMatch(
      new RegExp(`^${W.bulk},.*,Build it,yes,2.00$`),
    );
    const billable = await call(admin, 'GET', url('&billable=false'));
    expect(billable.body.split('\r\n').filter(Boolean)).toHaveLength(2);
    const theirs = await call(otherAdmin, 'GET', url(''));
    expect(
      theirs.body
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .filter(Boolean),
    ).toHaveLength(1);
  });
});

type Inbox = { kind: string; title: string; detail: string | null; actor: { userId: string } }[];
async function inbox(s: Session, kind: string): Promise<Inbox> {
  const res = await call(s, 'GET', '/api/Notifications?pageSize=100');
  expect(res.statusCode).toBe(200);
  return (res.json().data.items as Inbox).filter((n) => n.kind === kind);
}

describe('notifications', () => {
  it("submitted: the department's manager, else the approve:all holders; decided: the person, with the reason; a refusal tells no one", async () => {
    const week = '2026-06-08';
    const nia = await buildUser(database.db, acme, { firstName: 'Nia', lastName: 'Lead' });
    const sam = await buildUser(database.db, acme, { firstName: 'Sam', lastName: 'Member' });
    const lou = await buildUser(database.db, acme, { firstName: 'Lou', lastName: 'Loner' });
    const [ops] = await database.db
      .insert(departments)
      .values({ companyId: acme.companyId, name: 'Ops', managerId: nia.userId })
      .returning({ id: departments.id });
    await database.db.execute(
      sql`update ${users} set department_id = ${ops?.id ?? null} where company_id = ${acme.companyId} and id = ${sam.userId}`,
    );
    const [niaS, samS, louS] = await Promise.all([
      login(app, nia.email),
      login(app, sam.email),
      login(app, lou.email),
    ]);
    const adminBefore = (await inbox(admin, 'timesheet_submitted')).length;
    const samWeek = await submit(samS, week);
    expect(await inbox(niaS, 'timesheet_submitted')).toEqual([
      expect.objectContaining({
        title: `week of ${week}`,
        actor: expect.objectContaining({ userId: sam.userId }),
      }),
    ]);
    expect(await inbox(admin, 'timesheet_submitted')).toHaveLength(adminBefore);
    await submit(louS, week);
    const toAdmin = await inbox(admin, 'timesheet_submitted');
    expect(toAdmin).toHaveLength(adminBefore + 1);
    expect(toAdmin[0]?.actor.userId).toBe(lou.userId);
    // Mike hears of Eve's weeks (his department), not of Sam's or Lou's.
    const mikes = await inbox(mike, 'timesheet_submitted');
    expect(mikes.length).toBeGreaterThan(0);
    expect(mikes.every((n) => n.actor.userId === eve.userId)).toBe(true);

    const [notes] = await sqlRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from notifications where company_id = ${acme.companyId}`,
    );
    expect(
      (await call(mike, 'POST', '/api/Timesheets/weeks/reject', { weekIds: [samWeek], reason: 'No' }))
        .statusCode,
    ).toBe(403);
    const [after] = await sqlRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from notifications where company_id = ${acme.companyId}`,
    );
    expect(after?.n).toBe(notes?.n);

    await callOk(app, niaS, {
      method: 'POST',
      url: '/api/Timesheets/weeks/reject',
      payload: { weekIds: [samWeek], reason: 'Tuesday is empty' },
    });
    expect(await inbox(samS, 'timesheet_decided')).toEqual([
      expect.objectContaining({
        title: `rejected your timesheet for the week of ${week}`,
        detail: 'Tuesday is empty',
        actor: expect.objectContaining({ userId: nia.userId }),
      }),
    ]);
    await submit(samS, week);
    await callOk(app, niaS, {
      method: 'POST',
      url: '/api/Timesheets/weeks/approve',
      payload: { weekIds: [samWeek] },
    });
    const decided = await inbox(samS, 'timesheet_decided');
    expect(decided.map((n) => n.title)).toEqual([
      `approved your timesheet for the week of ${week}`,
      `rejected your timesheet for the week of ${week}`,
    ]);
    expect(await inbox(niaS, 'timesheet_submitted')).toHaveLength(2);
  });
});

describe('reminders', () => {
  it('on the reminder weekday, each person who may log time with an open or rejected past week is reminded once, in the app and by email, however many rounds run at once', async () => {
    const today = '2026-07-08'; // a Wednesday: its previous week starts Monday 2026-06-29
    const pastWeek = '2026-06-29';
    await log(olga, pastWeek, '01:00');
    await submit(olga, pastWeek);
    await callOk(app, admin, {
      method: 'PUT',
      url: '/api/Timesheets/settings',
      payload: { reminderWeekday: 3 },
    });
    try {
      // Not their weekday: nobody in Acme.
      await remindTimesheets(appDb(database), '2026-07-07');
      expect(await inbox(eve, 'timesheet_reminder')).toHaveLength(0);
      // Two rounds at once (on PostgreSQL two connections race), then a third later.
      await Promise.all([remindTimesheets(appDb(database), today), remindTimesheets(appDb(database), today)]);
      await remindTimesheets(appDb(database), today);
      const eves = await inbox(eve, 'timesheet_reminder');
      expect(eves).toEqual([
        expect.objectContaining({ title: TIMESHEET_MESSAGES.reminderTitle(pastWeek), detail: pastWeek }),
      ]);
      expect(await inbox(olga, 'timesheet_reminder')).toHaveLength(0);
      expect(await inbox(otherAdmin, 'timesheet_reminder')).toHaveLength(0);
      await app.jobs.drain();
      const emails = new Map(
        (
          await sqlRows<{ id: string; email: string }>(
            database.db,
            sql`select id, email from users where company_id = ${acme.companyId}`,
          )
        ).map((u) => [u.id, u.email]),
      );
      const mails = app.mailer
        .outbox()
        .filter((m) => m.subject === TIMESHEET_MESSAGES.reminderTitle(pastWeek));
      expect(mails.filter((m) => m.to === emails.get(eve.userId))).toHaveLength(1);
      expect(mails.some((m) => m.to === emails.get(olga.userId))).toBe(false);
    } finally {
      await callOk(app, admin, {
        method: 'PUT',
        url: '/api/Timesheets/settings',
        payload: { reminderWeekday: 1 },
      });
    }
  });
});

describe('statements', () => {
  it('the grid and the approvals list read in a bounded number of statements, whatever the rows', async () => {
    const { app: counted, counter } = await buildCountingApp(database);
    try {
      const grid = async () => {
        counter.statements = 0;
        await callOk(counted, olga, {
          method: 'GET',
          url: `/api/Timesheets/weeks/mine?weekStart=${W.count}`,
        });
        return counter.statements;
      };
      const approvals = async () => {
        counter.statements = 0;
        await callOk(counted, admin, {
          method: 'GET',
          url: `/api/Timesheets/approvals?weekStart=${W.count}&pageSize=100`,
        });
        return counter.statements;
      };
      await log(olga, W.count, '00:30');
      await submit(olga, W.count);
      // Once each first: the first request of a session fills the process's caches (permissions).
      await grid();
      await approvals();
      const [g1, a1] = [await grid(), await approvals()];
      const people = await Promise.all(
        Array.from({ length: 6 }, (_, i) => buildUser(database.db, acme, { firstName: `P${i}` })),
      );
      for (const p of [...people, { userId: olga.userId }]) {
        for (let d = 0; d < 5; d++)
          await database.db.insert(timeLogs).values({
            companyId: acme.companyId,
            userId: p.userId,
            projectId,
            taskId: d % 2 ? taskId : task2Id,
            loggedAt: new Date(`${addDays(W.count, d)}T00:00:00Z`),
            durationMinutes: 60,
          });
        if (p.userId !== olga.userId) await submit(await login(app, (p as { email: string }).email), W.count);
      }
      const [g2, a2] = [await grid(), await approvals()];
      expect(g2).toBe(g1);
      expect(a2).toBe(a1);
      expect(g1).toBeLessThanOrEqual(8);
      expect(a1).toBeLessThanOrEqual(8);
    } finally {
      await counted.close();
    }
  });

  it('a page of the workload reads in a bounded number of statements, whatever the number of people', async () => {
    const { app: counted, counter } = await buildCountingApp(database);
    const week = '2026-06-22';
    try {
      const workload = async () => {
        counter.statements = 0;
        const page = await callOk(counted, admin, {
          method: 'GET',
          url: `/api/Timesheets/workload?weekStart=${week}&pageSize=100`,
        });
        return { statements: counter.statements, total: page.totalCount as number };
      };
      await workload();
      const before = await workload();
      const list = await buildTaskList(database.db, acme, { projectId });
      const people = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          buildUser(database.db, acme, { firstName: `W${i}`, lastName: 'Load' }),
        ),
      );
      for (const p of people) {
        await buildTask(database.db, acme, {
          taskListId: list.taskListId,
          title: 'Planned',
          dueDate: addDays(week, 1),
          estimatedHours: 2,
          assigneeIds: [p.userId],
        });
        await database.db.insert(timeLogs).values({
          companyId: acme.companyId,
          userId: p.userId,
          projectId,
          taskId,
          loggedAt: new Date(`${addDays(week, 2)}T00:00:00Z`),
          durationMinutes: 60,
        });
      }
      const after = await workload();
      expect(after.total).toBe(before.total + 8);
      expect(after.statements).toBe(before.statements);
      expect(before.statements).toBeLessThanOrEqual(4);
    } finally {
      await counted.close();
    }
  });
});
