import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEAM_REPORT_MESSAGES } from '@taskhive/contract';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { departments, timeLogs, users } from '../../db/schema/index.ts';
import { buildCountingApp, buildTestApp } from '../../test/build-app.ts';
import {
  bearer,
  buildCompany,
  buildProject,
  buildTask,
  buildTaskList,
  buildUser,
  login,
  type Session,
  type TestCompany,
  twoTenants,
} from '../../test/factories.ts';
import { dayStart } from '../time-logs/time-logs.repo.ts';

/**
 * Issue 24: the team report (every member's tasks by status, done and hours in a period) and the
 * member report (one member's tasks by due date and hours per day), with their CSV exports. Their
 * figures are the user report's (issue 23, defect 6: one definition per figure).
 */

let app: App;
let database: Database;
let acme: TestCompany;
let admin: Session;
let employee: Session;
let eveId: string;
let manager: Session;
let monaId: string;
let colleague: Session;
let carlId: string;
let nobody: Session;
let otherAdmin: Session;
let otherDepartmentId: string;
let otherProjectId: string;
let salesId: string;
let apolloId: string;
let geminiId: string;
let departmentName: string;

const FROM = '2026-06-01';
const TO = '2026-06-30';
const RANGE = `startDateTo=${FROM}&endDateTo=${TO}`;

async function logTime(userId: string, projectId: string, taskId: string, day: string, minutes: number) {
  await database.db.insert(timeLogs).values({
    companyId: acme.companyId,
    userId,
    projectId,
    taskId,
    loggedAt: dayStart(day),
    durationMinutes: minutes,
  });
}

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  const t = await twoTenants(app, database.db, { employee: { firstName: 'Eve', lastName: 'Employee' } });
  ({ acme, admin, employee, otherAdmin } = t);
  eveId = t.employeeId;
  otherDepartmentId = t.other.departmentId;
  const db = database.db;
  const m = await buildUser(db, acme, { firstName: 'Mona', lastName: 'Manager' });
  monaId = m.userId;
  await db.update(departments).set({ managerId: monaId }).where(eq(departments.id, acme.departmentId));
  await db.update(users).set({ departmentId: acme.departmentId }).where(eq(users.id, eveId));
  const [dept] = await db
    .select({ name: departments.name })
    .from(departments)
    .where(eq(departments.id, acme.departmentId));
  departmentName = dept?.name ?? '';
  const [sales] = await db
    .insert(departments)
    .values({ companyId: acme.companyId, name: 'Sales' })
    .returning({ id: departments.id });
  salesId = sales?.id ?? '';
  const c = await buildUser(db, acme, { firstName: 'Carl', lastName: 'Colleague' });
  carlId = c.userId;
  await db.update(users).set({ departmentId: salesId }).where(eq(users.id, carlId));
  const n = await buildUser(db, acme, { firstName: 'Nora', lastName: 'Norights', role: null });
  await buildUser(db, acme, { firstName: 'Dee', lastName: 'Gone', status: 'inactive' });
  manager = await login(app, m.email);
  colleague = await login(app, c.email);
  nobody = await login(app, n.email);
  otherProjectId = (await buildProject(db, t.other, { name: 'Theirs' })).projectId;

  apolloId = (await buildProject(db, acme, { name: 'Apollo', memberIds: [eveId] })).projectId;
  geminiId = (await buildProject(db, acme, { name: 'Gemini', memberIds: [eveId, carlId] })).projectId;
  const apollo = (await buildTaskList(db, acme, { projectId: apolloId })).taskListId;
  const gemini = (await buildTaskList(db, acme, { projectId: geminiId })).taskListId;
  const task = async (o: Parameters<typeof buildTask>[2]) => (await buildTask(db, acme, o)).taskId;
  const eve = [eveId];
  const open1 = await task({
    taskListId: apollo,
    title: 'Write the brief',
    statusName: 'Open',
    startDate: '2026-06-02',
    dueDate: '2026-06-10',
    assigneeIds: eve,
  });
  const open2 = await task({
    taskListId: apollo,
    title: 'Book the venue',
    statusName: 'Open',
    startDate: '2026-06-05',
    dueDate: '2026-06-19',
    assigneeIds: eve,
  });
  const wip = await task({
    taskListId: gemini,
    title: 'Build the stage',
    statusName: 'In Progress',
    startDate: '2026-05-20',
    dueDate: '2026-07-10',
    assigneeIds: eve,
  });
  await task({
    taskListId: gemini,
    title: 'Order chairs',
    statusName: 'Completed',
    startDate: '2026-06-01',
    dueDate: '2026-06-05',
    assigneeIds: eve,
  });
  // Outside the range by its dates, but Eve logged time on it in the range: it counts.
  const old = await task({
    taskListId: apollo,
    title: 'Old plan',
    statusName: 'In Review',
    startDate: '2026-01-01',
    dueDate: '2026-02-01',
    assigneeIds: eve,
  });
  // Outside the range and no time in it: not counted.
  await task({
    taskListId: apollo,
    statusName: 'Open',
    startDate: '2025-01-01',
    dueDate: '2025-02-01',
    assigneeIds: eve,
  });
  const carl = await task({
    taskListId: gemini,
    title: '=HYPERLINK("x")',
    statusName: 'Open',
    startDate: '2026-06-02',
    assigneeIds: [carlId],
  });
  await logTime(eveId, apolloId, open1, '2026-06-03', 90);
  await logTime(eveId, apolloId, open2, '2026-06-16', 60);
  await logTime(eveId, geminiId, wip, '2026-06-15', 120);
  await logTime(eveId, geminiId, wip, '2026-06-10', 45);
  await logTime(eveId, apolloId, old, '2026-06-09', 30);
  await logTime(eveId, apolloId, open1, '2026-05-20', 600); // before the range
  await logTime(carlId, geminiId, carl, '2026-06-16', 240);
});
afterAll(() => app.close());

const get = (url: string, s?: Session) => app.inject({ method: 'GET', url, headers: s ? bearer(s) : {} });

type Member = {
  userId: string;
  userName: string;
  departmentName: string | null;
  byStatus: { statusId: string | null; taskCount: number }[];
  taskCount: number;
  doneCount: number;
  minutes: number;
  hours: number;
};

describe('GET /api/taskreports/team', () => {
  const url = (qs = '') => `/api/taskreports/team?${RANGE}${qs}`;

  it("lists every member who is not deactivated with their tasks by status, done and hours, and the team's sums", async () => {
    const res = await get(url(), admin);
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({ from: FROM, to: TO, coverage: 'company' });
    expect(d.statuses.map((s: { statusName: string }) => s.statusName)).toEqual([
      'Not Started',
      'Open',
      'In Progress',
      'In Review',
      'Delayed',
      'Completed',
      'Cancelled',
    ]);
    const names = d.members.map((m: Member) => m.userName);
    expect(names).toEqual(['Ada Admin', 'Carl Colleague', 'Eve Employee', 'Mona Manager', 'Nora Norights']);
    const eve = d.members.find((m: Member) => m.userId === eveId);
    expect(eve).toMatchObject({
      departmentName,
      taskCount: 5,
      doneCount: 1,
      minutes: 345,
      hours: 5.75,
    });
    expect(eve.byStatus.map((s: { taskCount: number }) => s.taskCount)).toEqual([0, 2, 1, 1, 0, 1, 0]);
    expect(d.members.find((m: Member) => m.userId === carlId)).toMatchObject({
      departmentName: 'Sales',
      taskCount: 1,
      doneCount: 0,
      minutes: 240,
      hours: 4,
    });
    expect(d.members.find((m: Member) => m.userId === monaId)).toMatchObject({ taskCount: 0, minutes: 0 });
    // No task here has an estimate (issue 25's estimates: estimates.test.ts).
    expect(d.summary).toEqual({
      members: 5,
      taskCount: 6,
      doneCount: 1,
      minutes: 585,
      hours: 9.75,
      estimatedMinutes: 0,
    });
  });

  it("narrows to one department's or one project's members", async () => {
    const dept = (await get(url(`&departmentId=${salesId}`), admin)).json().data;
    expect(dept.members.map((m: Member) => m.userName)).toEqual(['Carl Colleague']);
    const project = (await get(url(`&projectId=${apolloId}`), admin)).json().data;
    expect(project.members.map((m: Member) => m.userName)).toEqual(['Eve Employee']);
    expect(project.summary).toMatchObject({ members: 1, taskCount: 5, minutes: 345 });
  });

  it("a department's manager sees its members and themself; one who manages none, or without report rights, 403", async () => {
    const team = (await get(url(), manager)).json().data;
    expect(team.coverage).toBe('team');
    // Ada (the admin) and Eve are in Mona's department.
    expect(team.members.map((m: Member) => m.userName)).toEqual([
      'Ada Admin',
      'Eve Employee',
      'Mona Manager',
    ]);
    const elsewhere = await get(url(`&departmentId=${salesId}`), manager);
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().message).toBe(TEAM_REPORT_MESSAGES.noPermission);
    const denied = await get(url(), colleague);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(TEAM_REPORT_MESSAGES.noPermission);
    expect((await get(url(), nobody)).statusCode).toBe(403);
    expect((await get('/api/taskreports/team/export.csv', colleague)).statusCode).toBe(403);
  });

  it('401 without a token; 400 for a bad period or filter; 404 for another company’s department or project', async () => {
    expect((await get(url())).statusCode).toBe(401);
    expect((await get('/api/taskreports/team/export.csv')).statusCode).toBe(401);
    const backwards = await get('/api/taskreports/team?startDateTo=2026-06-10&endDateTo=2026-06-01', admin);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors.endDateTo).toBeDefined();
    const tooLong = await get('/api/taskreports/team?startDateTo=2020-01-01&endDateTo=2026-01-01', admin);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors.endDateTo).toBeDefined();
    expect((await get('/api/taskreports/team?startDateTo=soon', admin)).statusCode).toBe(400);
    expect((await get(url('&departmentId=nope'), admin)).json().errors.departmentId).toBeDefined();
    expect(
      (await get('/api/taskreports/team/export.csv?startDateTo=2026-06-10&endDateTo=2026-06-01', admin))
        .statusCode,
    ).toBe(400);
    expect((await get(url(`&departmentId=${otherDepartmentId}`), admin)).statusCode).toBe(404);
    expect((await get(url(`&projectId=${otherProjectId}`), admin)).statusCode).toBe(404);
    expect((await get(url(`&departmentId=${otherDepartmentId}`), manager)).statusCode).toBe(404);
  });

  it('exports a row per member as CSV', async () => {
    const res = await get(`/api/taskreports/team/export.csv?${RANGE}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="team-report-${FROM}-${TO}.csv"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.startsWith('\ufeff')).toBe(true);
    const lines = res.body.slice(1).trim().split('\n');
    expect(lines[0]).toBe(
      'Member,Department,Not Started,Open,In Progress,In Review,Delayed,Completed,Cancelled,Tasks,Done,Hours,Estimated hours',
    );
    expect(lines).toContain(`Eve Employee,${departmentName},0,2,1,1,0,1,0,5,1,5.75,0.00`);
    expect(lines).toContain('Carl Colleague,Sales,0,1,0,0,0,0,0,1,0,4.00,0.00');
    expect(lines).toContain('Mona Manager,,0,0,0,0,0,0,0,0,0,0.00,0.00');
    expect(lines).toHaveLength(6);
  });
});

describe('GET /api/taskreports/member/{userId}', () => {
  const url = (userId: string, qs = RANGE) => `/api/taskreports/member/${userId}?${qs}`;

  it("one member's tasks by due date (none last), their statuses, and hours on every day", async () => {
    const res = await get(url(eveId), admin);
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({
      userId: eveId,
      userName: 'Eve Employee',
      from: FROM,
      to: TO,
      taskCount: 5,
      doneCount: 1,
      minutes: 345,
      hours: 5.75,
    });
    expect(
      d.tasks.map(
        (t: {
          dueDate: string;
          title: string;
          projectName: string;
          statusName: string;
          minutesLogged: number;
        }) => [t.dueDate, t.title, t.projectName, t.statusName, t.minutesLogged],
      ),
    ).toEqual([
      ['2026-02-01', 'Old plan', 'Apollo', 'In Review', 30],
      ['2026-06-05', 'Order chairs', 'Gemini', 'Completed', 0],
      ['2026-06-10', 'Write the brief', 'Apollo', 'Open', 90],
      ['2026-06-19', 'Book the venue', 'Apollo', 'Open', 60],
      ['2026-07-10', 'Build the stage', 'Gemini', 'In Progress', 165],
    ]);
    expect(d.byDay).toHaveLength(30);
    expect(d.byDay.find((x: { day: string }) => x.day === '2026-06-15')).toEqual({
      day: '2026-06-15',
      minutes: 120,
      hours: 2,
    });
    expect(d.byDay.reduce((n: number, x: { minutes: number }) => n + x.minutes, 0)).toBe(345);
    const carl = (await get(url(carlId), admin)).json().data;
    expect(carl.tasks[0]).toMatchObject({ dueDate: null, title: '=HYPERLINK("x")' });
  });

  it('a member reads their own; their manager and report:read:all may; a colleague or no report rights 403', async () => {
    expect((await get(url(eveId), employee)).json().data.taskCount).toBe(5);
    expect((await get(url(eveId), manager)).json().data.taskCount).toBe(5);
    expect((await get(url(carlId), colleague)).statusCode).toBe(200);
    expect((await get(url(eveId), colleague)).statusCode).toBe(403);
    expect((await get(url(carlId), manager)).statusCode).toBe(403);
    expect((await get(url(eveId), nobody)).statusCode).toBe(403);
    expect((await get(`/api/taskreports/member/${eveId}/export.csv?${RANGE}`, colleague)).statusCode).toBe(
      403,
    );
  });

  it('401; 400 for a bad id or period; 404 for a member of another company', async () => {
    expect((await get(url(eveId))).statusCode).toBe(401);
    expect((await get(`/api/taskreports/member/${eveId}/export.csv`)).statusCode).toBe(401);
    expect((await get(url('nope'), admin)).statusCode).toBe(400);
    const bad = await get(url(eveId, 'startDateTo=2026-06-10&endDateTo=2026-06-01'), admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.endDateTo).toBeDefined();
    expect((await get(url(eveId, 'startDateTo=2020-01-01&endDateTo=2026-01-01'), admin)).statusCode).toBe(
      400,
    );
    expect((await get(url(otherAdmin.userId), admin)).statusCode).toBe(404);
    expect(
      (await get(`/api/taskreports/member/${otherAdmin.userId}/export.csv?${RANGE}`, admin)).statusCode,
    ).toBe(404);
    expect((await get(url(eveId), otherAdmin)).statusCode).toBe(404);
  });

  it('exports a row per task as CSV, formulas defused', async () => {
    const res = await get(`/api/taskreports/member/${eveId}/export.csv?${RANGE}`, employee);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="member-report-${FROM}-${TO}.csv"`);
    expect(res.body.slice(1).trim().split('\n')).toEqual([
      'Due date,Task,Project,Status,Hours logged,Estimated hours',
      '2026-02-01,Old plan,Apollo,In Review,0.50,',
      '2026-06-05,Order chairs,Gemini,Completed,0.00,',
      '2026-06-10,Write the brief,Apollo,Open,1.50,',
      '2026-06-19,Book the venue,Apollo,Open,1.00,',
      '2026-07-10,Build the stage,Gemini,In Progress,2.75,',
    ]);
    const carl = await get(`/api/taskreports/member/${carlId}/export.csv?${RANGE}`, admin);
    expect(carl.body.slice(1).trim().split('\n')[1]).toBe(`,"'=HYPERLINK(""x"")",Gemini,Open,4.00,`);
  });
});

describe('the team and member reports agree with the user report (one definition per figure)', () => {
  it("every member's tasks by status and hours are the user report's for the same user and dates", async () => {
    const team = (await get(`/api/taskreports/team?${RANGE}`, admin)).json().data;
    expect(team.members.length).toBeGreaterThan(1);
    for (const m of team.members as Member[]) {
      const user = (await get(`/api/taskreports/user-tasks-by-status/${m.userId}?${RANGE}`, admin)).json()
        .data;
      const member = (await get(`/api/taskreports/member/${m.userId}?${RANGE}`, admin)).json().data;
      expect([m.taskCount, m.minutes, m.hours]).toEqual([
        user.totalCount,
        user.totalMinutes,
        user.totalHours,
      ]);
      const perStatus = Object.fromEntries(
        user.items.map((i: { statusId: string | null; taskCount: number }) => [
          String(i.statusId),
          i.taskCount,
        ]),
      );
      for (const s of m.byStatus) expect(s.taskCount).toBe(perStatus[String(s.statusId)] ?? 0);
      expect(member.byStatus).toEqual(user.items);
      expect([member.taskCount, member.minutes]).toEqual([user.totalCount, user.totalMinutes]);
      expect(member.tasks).toHaveLength(user.totalCount);
      const hours = (await get(`/api/taskreports/company-hours?${RANGE}&userId=${m.userId}`, admin)).json()
        .data;
      expect(member.byDay).toEqual(hours.byDay);
    }
  });
});

describe('the team report costs the same queries however many members', () => {
  it('adding members and their work adds no statement', async () => {
    const co = await buildCompany(database.db, { name: 'Countco' });
    const { app: counting, counter } = await buildCountingApp(database);
    try {
      const s = await login(counting, co.adminEmail);
      const projectId = (await buildProject(database.db, co)).projectId;
      const list = (await buildTaskList(database.db, co, { projectId })).taskListId;
      const addMember = async (i: number) => {
        const u = await buildUser(database.db, co, { firstName: `M${i}` });
        const taskId = (await buildTask(database.db, co, { taskListId: list, assigneeIds: [u.userId] }))
          .taskId;
        await database.db.insert(timeLogs).values({
          companyId: co.companyId,
          userId: u.userId,
          projectId,
          taskId,
          loggedAt: dayStart('2026-06-10'),
          durationMinutes: 30,
        });
      };
      const measure = async () => {
        const before = counter.statements;
        const res = await counting.inject({
          method: 'GET',
          url: `/api/taskreports/team?${RANGE}`,
          headers: bearer(s),
        });
        expect(res.statusCode).toBe(200);
        return { statements: counter.statements - before, members: res.json().data.summary.members };
      };
      await addMember(0);
      // A first request warms the caches (the session, the permissions).
      await counting.inject({ method: 'GET', url: `/api/taskreports/team?${RANGE}`, headers: bearer(s) });
      const small = await measure();
      for (let i = 1; i <= 6; i++) await addMember(i);
      await counting.inject({ method: 'GET', url: `/api/taskreports/team?${RANGE}`, headers: bearer(s) });
      const large = await measure();
      expect([small.members, large.members]).toEqual([2, 8]);
      expect(large.statements).toBe(small.statements);
    } finally {
      await counting.close();
    }
  });
});
