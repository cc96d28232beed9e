import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { buildTestApp } from '../../test/build-app.ts';
import {
  bearer,
  buildProject,
  buildTask,
  buildTaskList,
  buildUser,
  type Session,
  sqlRows,
  type TestCompany,
  twoTenants,
} from '../../test/factories.ts';
import { remindDueSoon } from './due-soon.ts';

/**
 * Due-soon reminders (issue 22, the scheduler's job for people): the assignees of each open task
 * due tomorrow are reminded once, in their own company, live; nobody else is.
 */
let app: App;
let database: Database;
let acme: TestCompany;
let other: TestCompany;
let employee: Session;
let otherAdmin: Session;
let list: { taskListId: string };
let theirList: { taskListId: string };
const TOMORROW = '2031-03-14';

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  ({ acme, other, employee, otherAdmin } = await twoTenants(app, database.db, {
    employee: { firstName: 'Eve', lastName: 'Employee' },
  }));
  const project = await buildProject(database.db, acme, { memberIds: [acme.adminUserId, employee.userId] });
  list = await buildTaskList(database.db, acme, { projectId: project.projectId });
  const theirs = await buildProject(database.db, other, { memberIds: [other.adminUserId] });
  theirList = await buildTaskList(database.db, other, { projectId: theirs.projectId });
});
afterAll(() => app.close());

async function inbox(s: Session) {
  const res = await app.inject({ method: 'GET', url: '/api/Notifications?pageSize=100', headers: bearer(s) });
  expect(res.statusCode).toBe(200);
  return (
    res.json().data.items as { kind: string; title: string; detail: string; actor: { userId: string } }[]
  ).filter((n) => n.kind === 'due_soon');
}

describe('due-soon reminders', () => {
  it('remind the assignees of open tasks due that day, once, live, each in their own company', async () => {
    await buildTask(database.db, acme, {
      taskListId: list.taskListId,
      title: 'Ship the report',
      dueDate: TOMORROW,
      assigneeIds: [employee.userId],
    });
    await buildTask(database.db, acme, {
      taskListId: list.taskListId,
      title: 'Already done',
      dueDate: TOMORROW,
      statusName: 'Completed',
      assigneeIds: [employee.userId],
    });
    await buildTask(database.db, acme, {
      taskListId: list.taskListId,
      title: 'Due the day after',
      dueDate: '2031-03-15',
      assigneeIds: [employee.userId],
    });
    const gone = await buildUser(database.db, acme, { status: 'inactive' });
    await buildTask(database.db, acme, {
      taskListId: list.taskListId,
      title: 'Left with someone who left',
      dueDate: TOMORROW,
      assigneeIds: [gone.userId],
    });
    await buildTask(database.db, other, {
      taskListId: theirList.taskListId,
      title: 'Their own',
      dueDate: TOMORROW,
      assigneeIds: [other.adminUserId],
    });

    expect(await remindDueSoon(database.db, TOMORROW)).toBe(2);
    const mine = await inbox(employee);
    expect(mine).toEqual([
      expect.objectContaining({
        title: 'Ship the report',
        detail: TOMORROW,
        actor: expect.objectContaining({ userId: employee.userId }),
      }),
    ]);
    expect((await inbox(otherAdmin)).map((n) => n.title)).toEqual(['Their own']);
    // A second round (a retry, a second process) reminds no one twice.
    expect(await remindDueSoon(database.db, TOMORROW)).toBe(0);
    expect(await inbox(employee)).toHaveLength(1);
    // Each reminder is a change addressed to its recipient only: the live streams read those.
    const changes = await sqlRows<{ user_ids: string[] | string }>(
      database.db,
      sql`select user_ids from changes where company_id = ${acme.companyId} and type = 'notification'`,
    );
    expect(changes.map((c) => String(c.user_ids).replace(/[{}]/g, ''))).toEqual([employee.userId]);
  });
});
