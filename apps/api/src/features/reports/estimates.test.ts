import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { departments, timeLogs, users } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-app.ts';
import {
  bearer,
  buildCompany,
  buildProject,
  buildTask,
  buildTaskList,
  buildUser,
  login,
  type Session,
} from '../../test/factories.ts';
import { dayStart } from '../time-logs/time-logs.repo.ts';

/**
 * Issue 25: a project's and a person's time against their estimates, one definition wherever it
 * shows (contract `projectTimeSchema`). The project overview's logged total, the hours report's
 * per-project total and the time logs' total for the project agree, for every reader (each sees
 * the time the time logs' rule lets them see); the team report, the member report and their CSVs
 * give a person the same estimate.
 *
 * The project (all times in minutes):
 * - T1 (10 h), no subtasks: Eve 120, Carl 60                 → counts 600
 * - T2 (8 h) with S1 (3 h) and S2 (none): Eve 30 on S2       → S1's 180 counts, T2's own does not
 * - T3 (5 h) with S3 (none): Carl 45 on S3                   → T3's 300 counts
 * - T4 (none) with S4 (none): Eve 50 on T4, the admin 20 on S4 → unestimated
 * - no task: Carl 15                                        → unestimated
 * Estimated 1080, logged 340, unestimated 85. Eve's own: 200; Mona manages Eve's department.
 */

let app: App;
let database: Database;
let admin: Session;
let eve: Session;
let mona: Session;
let carl: Session;
let otherAdmin: Session;
let noTime: Session;
let noRights: Session;
let eveId: string;
let carlId: string;
let projectId: string;
const ids: Record<string, string> = {};
const FROM = '2026-04-01';
const TO = '2026-04-30';
const RANGE = `startDateTo=${FROM}&endDateTo=${TO}`;

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  const db = database.db;
  const acme = await buildCompany(db, { name: 'Estimateco' });
  const other = await buildCompany(db, { name: 'Elsewhere' });
  admin = await login(app, acme.adminEmail);
  otherAdmin = await login(app, other.adminEmail);
  const e = await buildUser(db, acme, { firstName: 'Eve', lastName: 'Estimate' });
  const c = await buildUser(db, acme, { firstName: 'Carl', lastName: 'Counter' });
  const m = await buildUser(db, acme, { firstName: 'Mona', lastName: 'Manager' });
  const n = await buildUser(db, acme, { role: null, permissions: ['project:read'] });
  const z = await buildUser(db, acme, { role: null });
  eveId = e.userId;
  carlId = c.userId;
  // Mona manages a department of Eve alone.
  const [design] = await db
    .insert(departments)
    .values({ companyId: acme.companyId, name: 'Design', managerId: m.userId })
    .returning({ id: departments.id });
  await db.update(users).set({ departmentId: design?.id }).where(eq(users.id, eveId));
  eve = await login(app, e.email);
  carl = await login(app, c.email);
  mona = await login(app, m.email);
  noTime = await login(app, n.email);
  noRights = await login(app, z.email);
  projectId = (
    await buildProject(db, acme, {
      name: 'Apollo',
      memberIds: [eveId, carlId, m.userId, n.userId],
    })
  ).projectId;
  const taskListId = (await buildTaskList(db, acme, { projectId })).taskListId;
  const mk = async (key: string, o: Omit<Parameters<typeof buildTask>[2], 'taskListId'>) => {
    ids[key] = (await buildTask(db, acme, { taskListId, title: key, ...o })).taskId;
  };
  await mk('T1', { estimatedHours: 10, startDate: FROM, dueDate: TO, assigneeIds: [eveId] });
  await mk('T2', { estimatedHours: 8 });
  await mk('S1', { parentTaskId: ids.T2, estimatedHours: 3, startDate: FROM, assigneeIds: [eveId] });
  await mk('S2', { parentTaskId: ids.T2 });
  await mk('T3', { estimatedHours: 5 });
  await mk('S3', { parentTaskId: ids.T3 });
  await mk('T4', {});
  await mk('S4', { parentTaskId: ids.T4 });
  const task = (key: string) => ids[key] ?? null;
  const log = (userId: string, taskId: string | null, day: string, minutes: number) =>
    db.insert(timeLogs).values({
      companyId: acme.companyId,
      userId,
      projectId,
      taskId,
      loggedAt: dayStart(day),
      durationMinutes: minutes,
    });
  await log(eveId, task('T1'), '2026-04-02', 120);
  await log(carlId, task('T1'), '2026-04-03', 60);
  await log(eveId, task('S2'), '2026-04-04', 30);
  await log(carlId, task('S3'), '2026-04-05', 45);
  await log(eveId, task('T4'), '2026-04-06', 50);
  await log(acme.adminUserId, task('S4'), '2026-04-07', 20);
  await log(carlId, null, '2026-04-08', 15);
});
afterAll(() => app.close());

const get = (url: string, s?: Session) => app.inject({ method: 'GET', url, headers: s ? bearer(s) : {} });
const data = async (url: string, s: Session) => {
  const res = await get(url, s);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const timeLogsTotal = async (s: Session) =>
  (await data(`/api/Timelogs/filtered?projectId=${projectId}&loggedAtFrom=${FROM}&loggedAtTo=${TO}`, s))
    .totalMinutes as number;

describe("GET /api/Project/{id}: the project's time against its estimate", () => {
  it('401 without a session, 400 for a malformed id, 403 without project:read, 404 across tenants', async () => {
    expect((await get(`/api/Project/${projectId}`)).statusCode).toBe(401);
    const bad = await get('/api/Project/not-an-id', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('id');
    expect((await get(`/api/Project/${projectId}`, noRights)).statusCode).toBe(403);
    expect((await get(`/api/Project/${projectId}`, otherAdmin)).statusCode).toBe(404);
  });

  it('counts each estimate once (a parent only without estimated subtasks) and every entry, saying which are unestimated', async () => {
    const p = await data(`/api/Project/${projectId}`, admin);
    expect(p.time).toEqual({
      estimatedMinutes: 1080,
      loggedMinutes: 340,
      unestimatedLoggedMinutes: 85,
      coverage: 'all',
    });
  });

  it('a reader sees the time the time logs let them see: their own, or their department too', async () => {
    expect((await data(`/api/Project/${projectId}`, eve)).time).toEqual({
      estimatedMinutes: 1080,
      loggedMinutes: 200,
      unestimatedLoggedMinutes: 50,
      coverage: 'own',
    });
    // Mona logged nothing herself; she manages Eve's department.
    expect((await data(`/api/Project/${projectId}`, mona)).time).toMatchObject({
      loggedMinutes: 200,
      coverage: 'team',
    });
    expect((await data(`/api/Project/${projectId}`, carl)).time).toMatchObject({
      loggedMinutes: 120,
      unestimatedLoggedMinutes: 15,
      coverage: 'own',
    });
  });

  it('no time figure for a reader who may not read time logs', async () => {
    expect((await data(`/api/Project/${projectId}`, noTime)).time).toBeNull();
  });
});

describe("one logged total for a project: the overview's, the hours report's and the time logs'", () => {
  it('agree for the admin, a manager and employees', async () => {
    for (const [s, expected] of [
      [admin, 340],
      [mona, 200],
      [eve, 200],
      [carl, 120],
    ] as const) {
      const overview = (await data(`/api/Project/${projectId}`, s)).time.loggedMinutes;
      const logs = await timeLogsTotal(s);
      expect(overview).toBe(expected);
      expect(logs).toBe(overview);
    }
    // The reports (the admin's report:read:all; an employee's own): the project's row and a
    // report filtered on the project.
    for (const [s, expected] of [
      [admin, 340],
      [eve, 200],
    ] as const) {
      const hours = await data(`/api/taskreports/company-hours?${RANGE}`, s);
      const row = hours.byProject.find((p: { projectId: string }) => p.projectId === projectId);
      expect(row).toMatchObject({ minutes: expected, estimatedMinutes: 1080 });
      const only = await data(`/api/taskreports/company-hours?${RANGE}&projectId=${projectId}`, s);
      expect(only.totalMinutes).toBe(expected);
    }
  });
});

describe("the reports' estimates per person and per task", () => {
  it('400 for bad query values, 401, 403 and 404 across tenants on the changed reports', async () => {
    const bad = await get('/api/taskreports/team?startDateTo=yesterday', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('startDateTo');
    const badHours = await get('/api/taskreports/company-hours?projectId=nope', admin);
    expect(badHours.statusCode).toBe(400);
    expect(badHours.json().errors).toHaveProperty('projectId');
    expect((await get(`/api/taskreports/team?${RANGE}`)).statusCode).toBe(401);
    expect((await get(`/api/taskreports/team?${RANGE}`, eve)).statusCode).toBe(403);
    expect((await get(`/api/taskreports/member/${carlId}?${RANGE}`, eve)).statusCode).toBe(403);
    expect((await get(`/api/taskreports/member/${eveId}?${RANGE}`, otherAdmin)).statusCode).toBe(404);
    expect((await get(`/api/taskreports/member/${eveId}/export.csv?${RANGE}`, otherAdmin)).statusCode).toBe(
      404,
    );
  });

  it("a person's estimate is their tasks' (T1 10 h and S1 3 h for Eve), the same in the team and member reports", async () => {
    const team = await data(`/api/taskreports/team?${RANGE}&projectId=${projectId}`, admin);
    const eveRow = team.members.find((m: { userId: string }) => m.userId === eveId);
    const carlRow = team.members.find((m: { userId: string }) => m.userId === carlId);
    expect(eveRow).toMatchObject({ minutes: 200, estimatedMinutes: 780 });
    // Carl logged on T1 (10 h) and S3 (none); a person's report counts time on tasks (his 15
    // minutes on no task are the project's, not a task's).
    expect(carlRow).toMatchObject({ minutes: 105, estimatedMinutes: 600 });
    expect(team.summary.estimatedMinutes).toBe(
      team.members.reduce((n: number, m: { estimatedMinutes: number }) => n + m.estimatedMinutes, 0),
    );

    const member = await data(`/api/taskreports/member/${eveId}?${RANGE}`, admin);
    expect(member.estimatedMinutes).toBe(780);
    const byTitle = Object.fromEntries(
      member.tasks.map((t: { title: string; estimatedMinutes: number | null; minutesLogged: number }) => [
        t.title,
        [t.estimatedMinutes, t.minutesLogged],
      ]),
    );
    expect(byTitle).toEqual({ T1: [600, 120], S1: [180, 0], S2: [null, 30], T4: [null, 50] });
  });

  it('the CSV exports carry the logged and estimated hours, as two-place hours', async () => {
    const team = await get(`/api/taskreports/team/export.csv?${RANGE}&projectId=${projectId}`, admin);
    expect(team.statusCode).toBe(200);
    const teamLines = team.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    const header = (teamLines[0] ?? '').split(',');
    expect(header.slice(-2)).toEqual(['Hours', 'Estimated hours']);
    const eveLine = (teamLines.find((l) => l.startsWith('Eve Estimate')) ?? '').split(',');
    expect(eveLine.slice(-2)).toEqual(['3.33', '13.00']);

    const member = await get(`/api/taskreports/member/${eveId}/export.csv?${RANGE}`, admin);
    expect(member.statusCode).toBe(200);
    const lines = member.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Due date,Task,Project,Status,Hours logged,Estimated hours');
    expect(lines.find((l) => l.includes(',T1,'))).toMatch(/,2\.00,10\.00$/);
    expect(lines.find((l) => l.includes(',S2,'))).toMatch(/,0\.50,$/);
  });
});
