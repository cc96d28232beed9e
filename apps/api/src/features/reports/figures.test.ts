import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { taskAssignees, timeLogs } from '../../db/schema/index.ts';
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
 * Issue 23, defect 6: one definition of each figure, whichever screen shows it.
 * - A project's figures (dashboard "My projects", the project list, card and page): its top-level
 *   tasks, and progress as the mean progress of those tasks (a task with subtasks counts as the
 *   share of its subtasks done).
 * - A person's hours in a range (tasks by status, hours by day and project, the CSV): every
 *   entry they logged on those days.
 */

let app: App;
let database: Database;
let admin: Session;
let eve: Session;
let eveId: string;
let projectId: string;
const FROM = '2026-03-01';
const TO = '2026-03-31';

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  const db = database.db;
  const acme = await buildCompany(db, { name: 'Figureco' });
  admin = await login(app, acme.adminEmail);
  const e = await buildUser(db, acme, { firstName: 'Eve', lastName: 'Figures' });
  eveId = e.userId;
  eve = await login(app, e.email);
  projectId = (await buildProject(db, acme, { name: 'Apollo', memberIds: [eveId] })).projectId;
  const list = (await buildTaskList(db, acme, { projectId })).taskListId;
  // Two top-level tasks: one done (100), one with two subtasks of which one is done (50).
  const done = await buildTask(db, acme, { taskListId: list, statusName: 'Completed', assigneeIds: [eveId] });
  const parent = await buildTask(db, acme, {
    taskListId: list,
    statusName: 'In Progress',
    startDate: '2026-03-02',
    dueDate: '2026-03-20',
    assigneeIds: [eveId],
  });
  await buildTask(db, acme, { taskListId: list, parentTaskId: parent.taskId, statusName: 'Completed' });
  const open = await buildTask(db, acme, {
    taskListId: list,
    parentTaskId: parent.taskId,
    statusName: 'Open',
    assigneeIds: [eveId],
  });
  const log = (taskId: string, day: string, minutes: number) =>
    db.insert(timeLogs).values({
      companyId: acme.companyId,
      userId: eveId,
      projectId,
      taskId,
      loggedAt: dayStart(day),
      durationMinutes: minutes,
    });
  await log(done.taskId, '2026-03-03', 90);
  await log(parent.taskId, '2026-03-04', 600);
  await log(open.taskId, '2026-03-05', 120);
  // Time logged on a task Eve was later taken off: still her hours in the range.
  await log(open.taskId, '2026-03-06', 90);
  await db.delete(taskAssignees).where(eq(taskAssignees.taskId, open.taskId));
});
afterAll(() => app.close());

const get = (url: string, s: Session) => app.inject({ method: 'GET', url, headers: bearer(s) });

describe('a project has one set of figures', () => {
  it('the dashboard gives the same task count and progress as the project list and page', async () => {
    const dashboard = (await get('/api/dashboard/me?today=2026-03-10', eve)).json().data;
    const mine = dashboard.projects.find((p: { projectId: string }) => p.projectId === projectId);
    const page = (await get(`/api/Project/${projectId}`, eve)).json().data;
    const listed = (await get('/api/Project?pageSize=50', eve))
      .json()
      .data.items.find((p: { projectId: string }) => p.projectId === projectId);
    // Two top-level tasks, (100 + 50) / 2 = 75 %.
    expect(page).toMatchObject({ taskCount: 2, progress: 75 });
    expect(listed).toMatchObject({ taskCount: page.taskCount, progress: page.progress });
    expect(mine).toMatchObject({ taskCount: page.taskCount, progress: page.progress });
  });
});

describe("a person's hours in a range are one total", () => {
  it('tasks by status, hours by day and project, and the CSV export add up to the same minutes', async () => {
    const range = `startDateTo=${FROM}&endDateTo=${TO}`;
    const byStatus = (await get(`/api/taskreports/user-tasks-by-status/${eveId}?${range}`, admin)).json()
      .data;
    const hours = (await get(`/api/taskreports/company-hours?${range}&userId=${eveId}`, admin)).json().data;
    const csv = await get(
      `/api/Timelogs/export.csv?userId=${eveId}&loggedAtFrom=${FROM}&loggedAtTo=${TO}`,
      admin,
    );
    expect(csv.statusCode).toBe(200);
    const csvHours = csv.body
      .trim()
      .split('\n')
      .slice(1)
      .reduce((n, line) => n + Number(line.split(',')[6]), 0);

    expect(hours.totalMinutes).toBe(900);
    expect(hours.byDay.reduce((n: number, d: { minutes: number }) => n + d.minutes, 0)).toBe(900);
    expect(csvHours).toBe(15);
    expect(byStatus.totalMinutes).toBe(hours.totalMinutes);
    expect(byStatus.items.reduce((n: number, i: { minutesLogged: number }) => n + i.minutesLogged, 0)).toBe(
      hours.totalMinutes,
    );
    // The task Eve is no longer on counts among her tasks, as its hours do.
    const open = byStatus.items.find((i: { statusName: string }) => i.statusName === 'Open');
    expect(open).toMatchObject({ taskCount: 1, minutesLogged: 210 });
  });
});
