import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '@taskhive/contract';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { departments, timeLogs, timeLogTimers, users } from '../../db/schema/index.ts';
import { systemScope } from '../../lib/scope.ts';
import { buildTestApp } from '../../test/build-app.ts';
import {
  bearer,
  buildProject,
  buildTask,
  buildTaskList,
  buildUser,
  login,
  type Session,
  type TestCompany,
  twoTenants,
} from '../../test/factories.ts';
import { addDays, todayUtc } from './days.ts';
import { dayStart, EXPORT_BATCH_SIZE, filterConditions, timeLogsRepo } from './time-logs.repo.ts';

let app: App;
let database: Database;
let acme: TestCompany;
let other: TestCompany;
let admin: Session;
let employee: Session;
let employeeId: string;
let manager: Session;
let colleague: Session;
let outsider: Session;
let taskId: string;
let task2Id: string;
let projectId: string;
let otherTaskId: string;
let geminiTaskId: string;

const today = todayUtc();
const yesterday = addDays(today, -1);

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  ({ acme, other, admin, employee, employeeId } = await twoTenants(app, database.db, {
    employee: { firstName: 'Eve', lastName: 'Employee' },
  }));
  const db = database.db;
  // The manager holds only the Employee role: they see the department's entries by managing it.
  const m = await buildUser(db, acme, { firstName: 'Mona', lastName: 'Manager' });
  await db.update(departments).set({ managerId: m.userId }).where(eq(departments.id, acme.departmentId));
  await db.update(users).set({ departmentId: acme.departmentId }).where(eq(users.id, employeeId));
  const c = await buildUser(db, acme, { firstName: 'Carl', lastName: 'Colleague' });
  const o = await buildUser(db, acme, { role: null, firstName: 'No', lastName: 'Rights' });
  manager = await login(app, m.email);
  colleague = await login(app, c.email);
  outsider = await login(app, o.email);

  // Time is logged only on tasks within the caller's reach: Eve and Carl are Apollo's members, Mona
  // logs on Gemini's.
  const p = await buildProject(db, acme, { name: 'Apollo', memberIds: [employeeId, c.userId] });
  projectId = p.projectId;
  const list = await buildTaskList(db, acme, { projectId });
  taskId = (await buildTask(db, acme, { taskListId: list.taskListId, title: 'Design the lander' })).taskId;
  task2Id = (await buildTask(db, acme, { taskListId: list.taskListId, title: 'Build the rocket' })).taskId;
  const gemini = await buildProject(db, acme, { name: 'Gemini', memberIds: [m.userId] });
  const geminiList = await buildTaskList(db, acme, { projectId: gemini.projectId });
  geminiTaskId = (await buildTask(db, acme, { taskListId: geminiList.taskListId })).taskId;
  const op = await buildProject(db, other, { name: 'Theirs' });
  const ol = await buildTaskList(db, other, { projectId: op.projectId });
  otherTaskId = (await buildTask(db, other, { taskListId: ol.taskListId })).taskId;
});
afterAll(() => app.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, s?: Session, payload?: object) =>
  app.inject({ method, url, headers: s ? bearer(s) : {}, ...(payload ? { payload } : {}) });

type Log = { timeLogId: string; userId: string; duration: string; durationMinutes: number; loggedAt: string };

async function log(s: Session, body: Record<string, unknown>): Promise<Log> {
  const res = await call('POST', '/api/Timelogs', s, {
    taskId,
    loggedAt: yesterday,
    duration: '01:00',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Log;
}

describe('POST /api/Timelogs', () => {
  it('401 without a token, 403 without timelog:create', async () => {
    const body = { taskId, loggedAt: yesterday, duration: '01:00' };
    expect((await call('POST', '/api/Timelogs', undefined, body)).statusCode).toBe(401);
    expect((await call('POST', '/api/Timelogs', outsider, body)).statusCode).toBe(403);
  });

  it('400 with field errors for bad durations, days and tasks', async () => {
    for (const duration of ['00:00', '24:01', '25:00', '1:75', 'abc', '', '90']) {
      const res = await call('POST', '/api/Timelogs', employee, { taskId, loggedAt: yesterday, duration });
      expect(res.statusCode, duration).toBe(400);
      expect(res.json().errors.duration, duration).toEqual([expect.any(String)]);
    }
    const bad = await call('POST', '/api/Timelogs', employee, {
      taskId: 'x',
      loggedAt: 'not-a-day',
      duration: '01:00',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['loggedAt', 'taskId']);

    const future = await call('POST', '/api/Timelogs', employee, {
      taskId,
      loggedAt: addDays(today, 2),
      duration: '01:00',
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().errors.loggedAt).toEqual([MESSAGES.timesheets.futureDay]);

    const foreign = await call('POST', '/api/Timelogs', employee, {
      taskId: otherTaskId,
      loggedAt: yesterday,
      duration: '01:00',
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors.taskId).toEqual([MESSAGES.timesheets.taskRequired]);
    expect(
      (
        await call('POST', '/api/Timelogs', employee, {
          taskId,
          loggedAt: yesterday,
          duration: '01:00',
          userId: manager.userId,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('logs a past day on a task: minutes, decimal hours and project in the answer; 00:01 and 24:00 are allowed', async () => {
    const res = await call('POST', '/api/Timelogs', employee, {
      taskId,
      loggedAt: addDays(today, -40),
      duration: '01:30',
      description: 'Sketches',
      billable: false,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(MESSAGES.timesheets.created);
    expect(res.json().data).toMatchObject({
      userId: employeeId,
      userName: 'Eve Employee',
      projectId,
      projectName: 'Apollo',
      taskId,
      taskTitle: 'Design the lander',
      loggedAt: addDays(today, -40),
      duration: '01:30',
      durationMinutes: 90,
      durationHours: 1.5,
      description: 'Sketches',
      billable: false,
      canEdit: true,
      canDelete: true,
    });
    await log(employee, { loggedAt: addDays(today, -41), duration: '24:00' });
    await log(employee, { loggedAt: addDays(today, -42), duration: '00:01' });
    // A date-time names the day in its own offset.
    const at = await log(employee, { loggedAt: `${addDays(today, -43)}T23:30:00-08:00`, duration: '00:10' });
    expect(at.loggedAt).toBe(addDays(today, -43));
  });

  it('keeps each entry as its own row and refuses more than 24 hours on one day (409)', async () => {
    const day = addDays(today, -50);
    await log(employee, { loggedAt: day, duration: '20:00' });
    await log(employee, { loggedAt: day, duration: '03:00', taskId: task2Id });
    const over = await call('POST', '/api/Timelogs', employee, { taskId, loggedAt: day, duration: '01:01' });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toContain(MESSAGES.timesheets.dayLimit);
    expect(over.json().message).toContain('23:00');
    await log(employee, { loggedAt: day, duration: '01:00' });
    // Another user's day is their own.
    await log(colleague, { loggedAt: day, duration: '10:00' });
    const rows = await database.db
      .select({ id: timeLogs.id })
      .from(timeLogs)
      .where(eq(timeLogs.loggedAt, dayStart(day)));
    expect(rows).toHaveLength(4);
  });

  it('lets only one of two concurrent entries that together pass 24 hours in', async () => {
    const day = addDays(today, -51);
    const results = await Promise.all(
      [0, 1, 2].map(() =>
        call('POST', '/api/Timelogs', employee, { taskId, loggedAt: day, duration: '10:00' }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 409]);
  });
});

describe('who sees what', () => {
  let eveLog: Log;
  let carlLog: Log;
  let monaLog: Log;
  const day = addDays(today, -3);

  beforeAll(async () => {
    eveLog = await log(employee, { loggedAt: day, description: 'eve' });
    carlLog = await log(colleague, { loggedAt: day, description: 'carl' });
    monaLog = await log(manager, { loggedAt: day, description: 'mona', taskId: geminiTaskId });
  });

  const ids = async (s: Session) => {
    const res = await call('GET', `/api/Timelogs?loggedAtFrom=${day}&loggedAtTo=${day}&pageSize=50`, s);
    expect(res.statusCode).toBe(200);
    return (res.json().data.items as Log[]).map((l) => l.timeLogId).sort();
  };

  it('an employee sees their own; a department manager also their department; read:all the company', async () => {
    expect(await ids(employee)).toEqual([eveLog.timeLogId]);
    expect(await ids(colleague)).toEqual([carlLog.timeLogId]);
    expect(await ids(manager)).toEqual([eveLog.timeLogId, monaLog.timeLogId].sort());
    expect(await ids(admin)).toEqual([eveLog.timeLogId, carlLog.timeLogId, monaLog.timeLogId].sort());
  });

  it("another user's entry outside your rights answers 403 with the spec's text; another company's 404", async () => {
    const res = await call('GET', `/api/Timelogs/${carlLog.timeLogId}`, employee);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You do not have permission to view this timelog.');
    expect((await call('GET', `/api/Timelogs/${carlLog.timeLogId}`, manager)).statusCode).toBe(403);
    const seen = await call('GET', `/api/Timelogs/${eveLog.timeLogId}`, manager);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data).toMatchObject({ userName: 'Eve Employee', canEdit: false, canDelete: false });
    const theirs = await login(app, other.adminEmail);
    expect((await call('GET', `/api/Timelogs/${eveLog.timeLogId}`, theirs)).statusCode).toBe(404);
    expect((await call('GET', `/api/Timelogs/${eveLog.timeLogId}`)).statusCode).toBe(401);
    expect((await call('GET', `/api/Timelogs/${eveLog.timeLogId}`, outsider)).statusCode).toBe(403);
    expect((await call('GET', '/api/Timelogs/not-a-uuid', admin)).statusCode).toBe(400);
  });

  it('PUT: own entries and timelog:update:all; a manager may see but not change; keeps the fields not sent', async () => {
    const url = `/api/Timelogs/${eveLog.timeLogId}`;
    expect((await call('PUT', url, undefined, { duration: '02:00' })).statusCode).toBe(401);
    expect((await call('PUT', url, colleague, { duration: '02:00' })).json().message).toBe(
      MESSAGES.timesheets.noPermission,
    );
    const byManager = await call('PUT', url, manager, { duration: '02:00' });
    expect(byManager.statusCode).toBe(403);
    expect(byManager.json().message).toBe(MESSAGES.timesheets.noEditPermission);
    const bad = await call('PUT', url, employee, { duration: '24:30' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.duration).toEqual(['Duration must be between 00:01 and 24:00']);
    const future = await call('PUT', url, employee, { loggedAt: addDays(today, 3) });
    expect(future.statusCode).toBe(400);
    expect(future.json().errors.loggedAt).toEqual([MESSAGES.timesheets.futureDay]);

    const res = await call('PUT', url, employee, { duration: '02:15', taskId: task2Id });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MESSAGES.timesheets.updated);
    expect(res.json().data).toMatchObject({
      duration: '02:15',
      taskTitle: 'Build the rocket',
      description: 'eve',
      loggedAt: day,
    });
    const empty = await call('PUT', url, employee, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(MESSAGES.noFieldsToUpdate);
    const same = await call('GET', url, employee);
    expect(same.json().data).toMatchObject({ duration: '02:15', description: 'eve' });
    const byAdmin = await call('PUT', url, admin, { description: null, billable: false });
    expect(byAdmin.json().data).toMatchObject({ duration: '02:15', description: null, billable: false });

    const theirs = await login(app, other.adminEmail);
    expect((await call('PUT', url, theirs, { duration: '01:00' })).statusCode).toBe(404);
  });

  it('PUT checks the 24-hour rule on the day the entry ends up on, leaving itself out', async () => {
    const full = addDays(today, -60);
    await log(employee, { loggedAt: full, duration: '23:00' });
    const url = `/api/Timelogs/${eveLog.timeLogId}`;
    expect((await call('PUT', url, employee, { loggedAt: full, duration: '01:00' })).statusCode).toBe(200);
    expect((await call('PUT', url, employee, { duration: '01:01' })).statusCode).toBe(409);
    expect((await call('PUT', url, employee, { loggedAt: day })).statusCode).toBe(200);
  });

  it('DELETE: own entries, or timelog:delete:all; others 403; another company 404', async () => {
    const mine = await log(employee, { loggedAt: addDays(today, -4) });
    expect((await call('DELETE', `/api/Timelogs/${mine.timeLogId}`)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/Timelogs/${mine.timeLogId}`, colleague)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/Timelogs/${mine.timeLogId}`, manager)).statusCode).toBe(403);
    const theirs = await login(app, other.adminEmail);
    expect((await call('DELETE', `/api/Timelogs/${mine.timeLogId}`, theirs)).statusCode).toBe(404);
    const res = await call('DELETE', `/api/Timelogs/${mine.timeLogId}`, employee);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MESSAGES.timesheets.deleted);
    expect((await call('GET', `/api/Timelogs/${mine.timeLogId}`, employee)).statusCode).toBe(404);
    const carls = await log(colleague, { loggedAt: addDays(today, -4) });
    expect((await call('DELETE', `/api/Timelogs/${carls.timeLogId}`, admin)).statusCode).toBe(200);
  });
});

describe('GET /api/Timelogs filters and paging', () => {
  const from = addDays(today, -100);
  const to = addDays(today, -91);
  beforeAll(async () => {
    for (let i = 0; i < 12; i++) {
      await log(colleague, {
        loggedAt: addDays(from, i % 10),
        duration: `0${(i % 5) + 1}:00`,
        taskId: i % 2 === 0 ? taskId : task2Id,
        description: i === 7 ? 'Fixed 100%_ of the bugs' : `entry ${i}`,
      });
    }
  });
  const list = async (qs: string, s: Session = admin) => {
    const res = await call('GET', `/api/Timelogs?loggedAtFrom=${from}&loggedAtTo=${to}&${qs}`, s);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { items: Log[]; totalCount: number; pageNumber: number; pageSize: number };
  };

  it('pages 10 by default (pageNumber), newest day first, and sorts by duration', async () => {
    const p1 = await list('');
    expect(p1).toMatchObject({ totalCount: 12, pageNumber: 1, pageSize: 10 });
    expect(p1.items).toHaveLength(10);
    const days = p1.items.map((l) => l.loggedAt);
    expect(days).toEqual([...days].sort().reverse());
    const p2 = await list('pageNumber=2');
    expect(p2.items).toHaveLength(2);
    expect(new Set([...p1.items, ...p2.items].map((l) => l.timeLogId)).size).toBe(12);
    const byDuration = await list('sortBy=duration&sortOrder=asc&pageSize=12');
    const mins = byDuration.items.map((l) => l.durationMinutes);
    expect(mins).toEqual([...mins].sort((a, b) => a - b));
    expect((await call('GET', '/api/Timelogs?sortBy=nope', admin)).statusCode).toBe(400);
    expect((await call('GET', '/api/Timelogs?loggedAtFrom=yesterday', admin)).statusCode).toBe(400);
    expect((await call('GET', '/api/Timelogs')).statusCode).toBe(401);
  });

  it('filters by task, project, user, member, duration and search (LIKE characters are literal)', async () => {
    expect((await list(`taskId=${task2Id}`)).totalCount).toBe(6);
    expect((await list(`projectId=${projectId}`)).totalCount).toBe(12);
    expect((await list(`userId=${colleague.userId}`)).totalCount).toBe(12);
    expect((await list(`userId=${employeeId}`)).totalCount).toBe(0);
    expect((await list(`memberUserId=${employeeId}`)).totalCount).toBe(12);
    expect((await list(`memberUserId=${manager.userId}`)).totalCount).toBe(0);
    expect((await list('durationFrom=04:00')).items.every((l) => l.durationMinutes >= 240)).toBe(true);
    expect((await list('durationFrom=240')).totalCount).toBe((await list('durationFrom=04:00')).totalCount);
    expect((await list(`search=${encodeURIComponent('100%_')}`)).totalCount).toBe(1);
    expect((await list('search=rocket')).totalCount).toBe(6);
    expect((await list('search=apollo')).totalCount).toBe(12);
    expect((await list('', employee)).totalCount).toBe(0);
  });

  it('GET /api/Timelogs/filtered: totals per task, statusCode 200, the last 30 days by default', async () => {
    const res = await call('GET', `/api/Timelogs/filtered?loggedAtFrom=${from}&loggedAtTo=${to}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().statusCode).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({ from, to, entryCount: 12 });
    expect(d.items).toHaveLength(2);
    const byTask = Object.fromEntries(
      d.items.map((i: { taskId: string; totalMinutes: number }) => [i.taskId, i.totalMinutes]),
    );
    // i even → taskId: durations 1,3,5,2,4,1 h; odd → task2: 2,4,1,3,5,2 h.
    expect(byTask[taskId]).toBe(16 * 60);
    expect(byTask[task2Id]).toBe(17 * 60);
    expect(d.totalHours).toBe(33);

    const recent = (await call('GET', '/api/Timelogs/filtered', admin)).json().data;
    expect(recent.to).toBe(today);
    expect(recent.from).toBe(addDays(today, -29));
    expect(recent.entryCount).toBeGreaterThan(0);
    const mine = (
      await call('GET', `/api/Timelogs/filtered?loggedAtFrom=${from}&loggedAtTo=${to}`, employee)
    ).json().data;
    expect(mine.entryCount).toBe(0);
    expect((await call('GET', '/api/Timelogs/filtered?durationFrom=99:99', admin)).statusCode).toBe(400);
  });
});

describe('GET /api/Timelogs/export.csv', () => {
  it('streams the filtered entries as CSV with proper quoting and formula-safe cells', async () => {
    const day = addDays(today, -200);
    await log(employee, { loggedAt: day, description: 'Said "hi", then\nleft' });
    await log(employee, { loggedAt: day, description: '=HYPERLINK("x")' });
    expect((await call('GET', `/api/Timelogs/export.csv?loggedAtFrom=${day}`)).statusCode).toBe(401);
    const res = await call('GET', `/api/Timelogs/export.csv?loggedAtFrom=${day}&loggedAtTo=${day}`, employee);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="timesheet.csv"');
    const body = res.body.replace(/^\uFEFF/, '');
    expect(body.startsWith('Date,User,Project,Task,Description,Duration,Hours,Billable\n')).toBe(true);
    expect(body).toContain(
      `${day},Eve Employee,Apollo,Design the lander,"Said ""hi"", then\nleft",01:00,1.00,yes`,
    );
    expect(body).toContain(`"'=HYPERLINK(""x"")"`);
    const others = await call(
      'GET',
      `/api/Timelogs/export.csv?loggedAtFrom=${day}&loggedAtTo=${day}`,
      colleague,
    );
    expect(
      others.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n'),
    ).toHaveLength(1);
    expect((await call('GET', '/api/Timelogs/export.csv?loggedAtTo=nope', employee)).statusCode).toBe(400);
  });

  it('reads keyset pages of a bounded size and writes every row once', async () => {
    const n = EXPORT_BATCH_SIZE * 2 + 37;
    const base = dayStart(addDays(today, -400));
    await database.db.insert(timeLogs).values(
      Array.from({ length: n }, (_, i) => ({
        companyId: acme.companyId,
        userId: outsider.userId,
        projectId,
        taskId,
        loggedAt: new Date(base.getTime() - (i % 300) * 86_400_000),
        durationMinutes: 1,
        description: `bulk ${i}`,
      })),
    );
    const scope = systemScope(database.db, acme.companyId);
    const where = filterConditions(scope, { userId: outsider.userId }, undefined);
    const sizes: number[] = [];
    const seen = new Set<string>();
    for await (const page of timeLogsRepo.batches(scope, where)) {
      sizes.push(page.length);
      for (const r of page) seen.add(r.id);
    }
    expect(sizes).toEqual([EXPORT_BATCH_SIZE, EXPORT_BATCH_SIZE, 37]);
    expect(seen.size).toBe(n);

    const res = await call('GET', `/api/Timelogs/export.csv?userId=${outsider.userId}`, admin);
    const lines = res.body.trim().split('\n');
    expect(lines).toHaveLength(n + 1);
    expect(new Set(lines.slice(1).map((l) => l.split(',')[4])).size).toBe(n);
  });
});

describe("a task out of the caller's reach (another project of the company)", () => {
  let hiddenTaskId: string;
  let hiddenProjectId: string;
  let reader: Session;
  let keeper: Session;
  const day = addDays(today, -5);
  const secrets = () => ['Hermes', 'Secret probe', hiddenProjectId, hiddenTaskId];

  beforeAll(async () => {
    const db = database.db;
    const p = await buildProject(db, acme, { name: 'Hermes' });
    hiddenProjectId = p.projectId;
    const list = await buildTaskList(db, acme, { projectId: hiddenProjectId, name: 'Hermes list' });
    hiddenTaskId = (await buildTask(db, acme, { taskListId: list.taskListId, title: 'Secret probe' })).taskId;
    // An Employee who may read every project's tasks without being a member.
    const r = await buildUser(db, acme, { permissions: ['task:read:all'] });
    reader = await login(app, r.email);
    // An Employee who may log time for others, within their own reach.
    const k = await buildUser(db, acme, { permissions: ['timelog:update:all'] });
    keeper = await login(app, k.email);
  });

  /** The task answers as an unknown one would: 400 on taskId, and not one word about it. */
  function expectUnknownTask(res: { statusCode: number; body: string; json: () => { errors: object } }) {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual({ taskId: [MESSAGES.timesheets.taskRequired] });
    for (const secret of secrets()) expect(res.body).not.toContain(secret);
  }

  const hiddenEntries = async () =>
    (await database.db.select({ id: timeLogs.id }).from(timeLogs).where(eq(timeLogs.taskId, hiddenTaskId)))
      .length;

  it('GET /api/Tasks/{id} answers 404 to the employee: so does time logged on it, as an unknown task', async () => {
    expect((await call('GET', `/api/Tasks/${hiddenTaskId}`, employee)).statusCode).toBe(404);
    const body = { taskId: hiddenTaskId, loggedAt: day, duration: '01:00' };
    expectUnknownTask(await call('POST', '/api/Timelogs', employee, body));
    expectUnknownTask(await call('POST', '/api/Timelogs', keeper, { ...body, userId: employeeId }));
    expectUnknownTask(await call('POST', '/api/Timelogs/timer', employee, { taskId: hiddenTaskId }));
    expect((await call('GET', '/api/Timelogs/timer', employee)).json().data).toBeNull();

    const mine = await log(employee, { loggedAt: day, description: 'kept' });
    expectUnknownTask(
      await call('PUT', `/api/Timelogs/${mine.timeLogId}`, employee, { taskId: hiddenTaskId }),
    );
    const kept = await call('GET', `/api/Timelogs/${mine.timeLogId}`, employee);
    expect(kept.json().data).toMatchObject({ taskId, projectId, description: 'kept' });
    expect(await hiddenEntries()).toBe(0);
  });

  it('the same rule as GET /api/Tasks/{id}: project:read:all and task:read:all reach it', async () => {
    for (const s of [admin, reader]) {
      expect((await call('GET', `/api/Tasks/${hiddenTaskId}`, s)).statusCode).toBe(200);
      const res = await call('POST', '/api/Timelogs', s, {
        taskId: hiddenTaskId,
        loggedAt: day,
        duration: '01:00',
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toMatchObject({ taskTitle: 'Secret probe', projectName: 'Hermes' });
    }
    const started = await call('POST', '/api/Timelogs/timer', reader, { taskId: hiddenTaskId });
    expect(started.statusCode, started.body).toBe(201);
    expect((await call('DELETE', '/api/Timelogs/timer', reader)).statusCode).toBe(200);
    expect(await hiddenEntries()).toBe(2);
  });

  it('an entry keeps its task: editing one logged before leaving the project (the task sent again) still works', async () => {
    const join = await call('POST', `/api/Project/${hiddenProjectId}/members`, admin, { userId: employeeId });
    expect(join.statusCode, join.body).toBe(201);
    const before = await log(employee, {
      taskId: hiddenTaskId,
      loggedAt: day,
      description: 'while a member',
    });
    const leave = await call('DELETE', `/api/Project/${hiddenProjectId}/members/${employeeId}`, admin);
    expect(leave.statusCode, leave.body).toBe(200);
    expect((await call('GET', `/api/Tasks/${hiddenTaskId}`, employee)).statusCode).toBe(404);

    // The edit form sends the entry's task with every change.
    const url = `/api/Timelogs/${before.timeLogId}`;
    const res = await call('PUT', url, employee, { taskId: hiddenTaskId, description: 'edited later' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ taskId: hiddenTaskId, description: 'edited later' });
    // Another task out of reach is still refused.
    const elsewhere = (
      await buildTask(database.db, acme, {
        taskListId: (await buildTaskList(database.db, acme, { projectId: hiddenProjectId })).taskListId,
      })
    ).taskId;
    expectUnknownTask(await call('PUT', url, employee, { taskId: elsewhere }));
  });
});

describe('running timer', () => {
  it('starts one per user, survives in the database, stops into an entry, and can be discarded', async () => {
    expect((await call('GET', '/api/Timelogs/timer')).statusCode).toBe(401);
    expect((await call('POST', '/api/Timelogs/timer', outsider, { taskId })).statusCode).toBe(403);
    expect((await call('POST', '/api/Timelogs/timer', employee, { taskId: 'x' })).statusCode).toBe(400);
    expect((await call('POST', '/api/Timelogs/timer', employee, { taskId: otherTaskId })).statusCode).toBe(
      400,
    );
    expect((await call('GET', '/api/Timelogs/timer', employee)).json().data).toBeNull();

    const started = await call('POST', '/api/Timelogs/timer', employee, { taskId, description: 'Timed' });
    expect(started.statusCode).toBe(201);
    expect(started.json().data).toMatchObject({
      taskId,
      taskTitle: 'Design the lander',
      projectName: 'Apollo',
    });
    const again = await call('POST', '/api/Timelogs/timer', employee, { taskId: task2Id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.timesheets.timerRunning);
    // A second device signs in and sees the same timer.
    const device2 = await login(
      app,
      (await database.db.select({ e: users.email }).from(users).where(eq(users.id, employeeId)))[0]?.e ?? '',
    );
    expect((await call('GET', '/api/Timelogs/timer', device2)).json().data.timerId).toBe(
      started.json().data.timerId,
    );
    expect((await call('GET', '/api/Timelogs/timer', colleague)).json().data).toBeNull();

    await database.db
      .update(timeLogTimers)
      .set({ startedAt: new Date(Date.now() - 95 * 60_000) })
      .where(eq(timeLogTimers.userId, employeeId));
    const stopped = await call('POST', '/api/Timelogs/timer/stop', device2, { loggedAt: today });
    expect(stopped.statusCode).toBe(201);
    expect(stopped.json().data).toMatchObject({
      taskId,
      duration: '01:35',
      description: 'Timed',
      loggedAt: today,
    });
    expect((await call('GET', '/api/Timelogs/timer', employee)).json().data).toBeNull();
    const none = await call('POST', '/api/Timelogs/timer/stop', employee);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(MESSAGES.timesheets.noTimer);

    await call('POST', '/api/Timelogs/timer', employee, { taskId });
    await database.db
      .update(timeLogTimers)
      .set({ startedAt: new Date(Date.now() - 25 * 60 * 60_000) })
      .where(eq(timeLogTimers.userId, employeeId));
    const tooLong = await call('POST', '/api/Timelogs/timer/stop', employee, {});
    expect(tooLong.statusCode).toBe(409);
    expect((await call('GET', '/api/Timelogs/timer', employee)).json().data).not.toBeNull();
    expect((await call('DELETE', '/api/Timelogs/timer', employee)).statusCode).toBe(200);
    expect((await call('DELETE', '/api/Timelogs/timer', employee)).statusCode).toBe(404);
  });
});
