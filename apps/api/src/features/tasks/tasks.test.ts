import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@taskhive/contract';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { buildTestApp } from '../../test/build-app.ts';
import {
  bearer,
  buildProject,
  buildTask,
  buildTaskList,
  buildUser,
  login,
  priorityIdOf,
  type Session,
  statusIdOf,
  type TestCompany,
  twoTenants,
} from '../../test/factories.ts';
import { multipart } from '../../test/files.fixtures.ts';

let app: App;
let database: Database;
let acme: TestCompany;
let other: TestCompany;
let admin: Session;
let employee: Session;
let otherAdmin: Session;
let project: { projectId: string };
let list: { taskListId: string };
let theirList: { taskListId: string; projectId: string };
let theirTask: { taskId: string };

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  ({ acme, other, admin, employee, otherAdmin } = await twoTenants(app, database.db));
  project = await buildProject(database.db, acme, { memberIds: [acme.adminUserId, employee.userId] });
  list = await buildTaskList(database.db, acme, { projectId: project.projectId, name: 'Backlog' });
  const theirs = await buildProject(database.db, other, { memberIds: [other.adminUserId] });
  theirList = await buildTaskList(database.db, other, { projectId: theirs.projectId });
  theirTask = await buildTask(database.db, other, { taskListId: theirList.taskListId });
});
afterAll(() => app.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, s?: Session, payload?: object) =>
  app.inject({ method, url, headers: s ? bearer(s) : {}, ...(payload ? { payload } : {}) });
const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

describe('task lists', () => {
  it('401, 403, 400 and 404 across tenants on every list route', async () => {
    const url = `/api/Tasks/projects/${project.projectId}/tasklists`;
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('POST', url, employee, { name: 'X' })).statusCode).toBe(403);
    const bad = await call('POST', url, admin, { name: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.name).toEqual(['List name is required']);
    expect(
      (await call('GET', `/api/Tasks/projects/${theirList.projectId}/tasklists`, admin)).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/api/Tasks/projects/${theirList.projectId}/tasklists`, admin, { name: 'X' }))
        .statusCode,
    ).toBe(404);
    expect((await call('GET', `/api/TaskLists/${theirList.taskListId}`, admin)).statusCode).toBe(404);
    const theirUrl = `/api/Tasks/projects/${theirList.projectId}/tasklists/${theirList.taskListId}`;
    expect((await call('PUT', theirUrl, admin, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call('DELETE', theirUrl, admin)).statusCode).toBe(404);
    // A list named under another project of the same company is not found there either.
    const mixed = `/api/Tasks/projects/${project.projectId}/tasklists/${theirList.taskListId}`;
    expect((await call('PUT', mixed, admin, { name: 'x' })).statusCode).toBe(404);
    expect((await call('PUT', `${url}/${list.taskListId}`, employee, { name: 'x' })).statusCode).toBe(403);
    expect((await call('DELETE', `${url}/${list.taskListId}`, employee)).statusCode).toBe(403);
  });

  it('creates at the end, reorders, reports taskCount and overallProgress, deletes with its tasks', async () => {
    const p = await buildProject(database.db, acme, { memberIds: [employee.userId] });
    const url = `/api/Tasks/projects/${p.projectId}/tasklists`;
    const a = (await call('POST', url, admin, { name: 'A' })).json().data;
    const b = await call('POST', url, admin, { name: 'B', description: 'second' });
    expect(b.statusCode).toBe(201);
    expect(b.json().message).toBe(MESSAGES.taskLists.created);
    expect(b.json().data).toMatchObject({
      name: 'B',
      sortOrder: a.sortOrder + 1,
      taskCount: 0,
      overallProgress: 0,
    });
    await buildTask(database.db, acme, { taskListId: a.taskListId, statusName: 'Completed' });
    await buildTask(database.db, acme, { taskListId: a.taskListId });

    const moved = await call('PUT', `${url}/${b.json().data.taskListId}`, admin, { sortOrder: 0 });
    expect(moved.json().data).toMatchObject({ name: 'B', description: 'second', sortOrder: 0 });
    const lists = (await call('GET', url, employee)).json().data;
    expect(lists.items.map((l: { name: string }) => l.name)).toEqual(['B', 'A']);
    expect(lists.items[1]).toMatchObject({ taskCount: 2, overallProgress: 50 });

    const one = await call('GET', `/api/TaskLists/${a.taskListId}`, admin);
    expect(one.json().data).toMatchObject({
      projectName: expect.any(String),
      taskCount: 2,
      overallProgress: 50,
    });

    const del = await call('DELETE', `${url}/${a.taskListId}`, admin);
    expect(del.json()).toMatchObject({ message: MESSAGES.taskLists.deleted, data: { deletedTasks: 2 } });
    expect((await call('GET', `/api/TaskLists/${a.taskListId}`, admin)).statusCode).toBe(404);
  });
});

describe('POST /api/Tasks/tasklists/{id}/tasks', () => {
  it('401, 403, 400 with field errors, 404 for a list of another company', async () => {
    const url = `/api/Tasks/tasklists/${list.taskListId}/tasks`;
    expect((await call('POST', url, undefined, { title: 'T' })).statusCode).toBe(401);
    expect((await call('POST', url, employee, { title: 'T' })).statusCode).toBe(403);
    const bad = await call('POST', url, admin, {
      title: '',
      startDate: '2026-05-02',
      dueDate: '2026-05-01',
      estimatedHours: -1,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      title: ['Task title is required'],
      dueDate: ['The due date cannot be before the start date'],
      estimatedHours: [expect.any(String)],
    });
    expect(
      (await call('POST', `/api/Tasks/tasklists/${theirList.taskListId}/tasks`, admin, { title: 'T' }))
        .statusCode,
    ).toBe(404);
  });

  it("assignees must be project members: a non-member or another company's user is a 400", async () => {
    const url = `/api/Tasks/tasklists/${list.taskListId}/tasks`;
    const outsider = await buildUser(database.db, acme);
    for (const userId of [outsider.userId, other.adminUserId]) {
      const res = await call('POST', url, admin, { title: 'T', assigneeIds: [userId] });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.assigneeIds).toEqual([MESSAGES.tasks.assigneeNotMember]);
    }
    const res = await call('POST', url, admin, {
      title: 'T',
      priorityId: await statusIdOf(database.db, acme.companyId, 'Open'),
    });
    expect(res.json().errors.priorityId).toEqual([MESSAGES.tasks.priorityNotFound]);
  });

  it('creates with assignees (avatars), priority, hours; the detail names list and project', async () => {
    const res = await call('POST', `/api/Tasks/tasklists/${list.taskListId}/tasks`, admin, {
      title: 'Write the spec',
      description: 'All of it',
      priorityId: await priorityIdOf(database.db, 'High'),
      assigneeIds: [employee.userId],
      startDate: '2026-01-01',
      dueDate: '2026-01-10',
      estimatedHours: 6.5,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(MESSAGES.tasks.created);
    expect(res.json().data).toMatchObject({
      title: 'Write the spec',
      // The company's first status (issue 23, defect 15: Not Started, where work begins).
      statusName: 'Not Started',
      priorityName: 'High',
      listName: 'Backlog',
      projectName: expect.any(String),
      estimatedHours: 6.5,
      actualHours: null,
      progress: 0,
      sortOrder: expect.any(Number),
      subtasks: [],
      documents: [],
      assignees: [{ userId: employee.userId, firstName: 'Test', lastName: 'User', profilePhotoUrl: null }],
    });
  });
});

describe('progress roll-up, subtasks and overdue', () => {
  it('a task with subtasks takes their mean; completing and deleting subtasks keeps it true', async () => {
    const completed = await statusIdOf(database.db, acme.companyId, 'Completed');
    const done = await call('POST', `/api/Tasks/tasklists/${list.taskListId}/tasks`, admin, {
      title: 'Done on arrival',
      statusId: completed,
    });
    expect(done.json().data).toMatchObject({ progress: 100, completedAt: expect.any(String) });
    const parent = (
      await call('POST', `/api/Tasks/tasklists/${list.taskListId}/tasks`, admin, { title: 'Parent' })
    ).json().data;
    expect(
      (await call('POST', `/api/tasks/${parent.taskId}/subtasks`, employee, { title: 'S' })).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', `/api/tasks/${theirTask.taskId}/subtasks`, admin, { title: 'S' })).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/api/tasks/${parent.taskId}/subtasks`, admin, { title: '' })).statusCode,
    ).toBe(400);
    const s1 = await call('POST', `/api/tasks/${parent.taskId}/subtasks`, admin, {
      title: 'One',
      statusId: completed,
    });
    expect(s1.statusCode).toBe(201);
    expect(s1.json().message).toBe(MESSAGES.tasks.subtaskCreated);
    // Created Completed: done from its insert, and its parent takes the mean at once.
    expect(s1.json().data).toMatchObject({ progress: 100, completedAt: expect.any(String), subtasks: [] });
    expect((await call('GET', `/api/Tasks/${parent.taskId}`, admin)).json().data.progress).toBe(100);
    const s2 = (await call('POST', `/api/tasks/${parent.taskId}/subtasks`, admin, { title: 'Two' })).json()
      .data;
    expect(s2).toMatchObject({ progress: 0, completedAt: null });
    const s3 = (await call('POST', `/api/tasks/${parent.taskId}/subtasks`, admin, { title: 'Three' })).json()
      .data;
    const detail = async () => (await call('GET', `/api/Tasks/${parent.taskId}`, employee)).json().data;
    expect(await detail()).toMatchObject({ progress: 33, subtaskCount: 3 });
    expect((await detail()).subtasks.map((s: { title: string }) => s.title)).toEqual(['One', 'Two', 'Three']);

    const put = await call('PUT', `/api/Tasks/${s2.taskId}`, employee, { statusId: completed });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toMatchObject({ progress: 100, completedAt: expect.any(String) });
    expect((await detail()).progress).toBe(67);
    const del = await call('DELETE', `/api/Tasks/${s3.taskId}`, admin);
    expect(del.json()).toMatchObject({
      message: MESSAGES.tasks.deleted,
      data: { parentTaskId: parent.taskId },
    });
    expect((await detail()).progress).toBe(100);
    expect(
      (await call('POST', `/api/tasks/${s2.taskId}/subtasks`, admin, { title: 'Deep' })).statusCode,
    ).toBe(400);
  });

  it('past due and not Completed or Cancelled shows as overdue, and Delayed matches it', async () => {
    const p = await buildProject(database.db, acme, { memberIds: [employee.userId] });
    const l = await buildTaskList(database.db, acme, { projectId: p.projectId });
    const late = await buildTask(database.db, acme, {
      taskListId: l.taskListId,
      title: 'Late',
      dueDate: ago(3),
    });
    await buildTask(database.db, acme, {
      taskListId: l.taskListId,
      title: 'Done',
      dueDate: ago(3),
      statusName: 'Completed',
    });
    await buildTask(database.db, acme, {
      taskListId: l.taskListId,
      title: 'Off',
      dueDate: ago(3),
      statusName: 'Cancelled',
    });
    await buildTask(database.db, acme, { taskListId: l.taskListId, title: 'Today', dueDate: ago(0) });
    const all = (
      await call('GET', `/api/Tasks/projects/${p.projectId}/tasks?pageSize=50&sortBy=title`, admin)
    ).json().data.items;
    expect(
      Object.fromEntries(all.map((t: { title: string; isOverdue: boolean }) => [t.title, t.isOverdue])),
    ).toEqual({
      Late: true,
      Done: false,
      Off: false,
      Today: false,
    });
    const delayed = await call('GET', `/api/Tasks/projects/${p.projectId}/tasks?statusNames=Delayed`, admin);
    expect(delayed.json().data.items.map((t: { taskId: string }) => t.taskId)).toEqual([late.taskId]);
    const overdue = await call('GET', `/api/Tasks/projects/${p.projectId}/tasks?overdue=true`, admin);
    expect(overdue.json().data.totalCount).toBe(1);
  });
});

describe('task lists of tasks, project tasks and my tasks', () => {
  it('page 5 by default, filter by status, priority, project, due date, member and search', async () => {
    const p = await buildProject(database.db, acme, { memberIds: [employee.userId] });
    const l = await buildTaskList(database.db, acme, { projectId: p.projectId });
    for (let i = 0; i < 7; i++)
      await buildTask(database.db, acme, {
        taskListId: l.taskListId,
        title: `Filter ${i}`,
        statusName: i < 2 ? 'In Progress' : 'Open',
        priorityName: i === 0 ? 'Urgent' : 'Low',
        dueDate: `2030-01-0${i + 1}`,
        assigneeIds: i % 2 === 0 ? [employee.userId] : [],
        sortOrder: i,
      });
    const byList = await call('GET', `/api/Tasks/tasklists/${l.taskListId}/tasks`, employee);
    expect(byList.statusCode).toBe(200);
    expect(byList.json().data).toMatchObject({ pageSize: 5, totalCount: 7, totalPages: 2 });
    expect(byList.json().data.items[0].title).toBe('Filter 0');

    const base = `/api/Tasks/projects/${p.projectId}/tasks`;
    expect((await call('GET', `${base}?statusNames=In Progress`, admin)).json().data.totalCount).toBe(2);
    expect((await call('GET', `${base}?priorityNames=urgent`, admin)).json().data.totalCount).toBe(1);
    expect(
      (await call('GET', `${base}?dueDateFrom=2030-01-03&dueDateTo=2030-01-05`, admin)).json().data
        .totalCount,
    ).toBe(3);
    expect((await call('GET', `${base}?memberUserId=${employee.userId}`, admin)).json().data.totalCount).toBe(
      4,
    );
    expect((await call('GET', `${base}?search=filter 6`, admin)).json().data.totalCount).toBe(1);
    expect((await call('GET', `${base}?dueDateTo=soon`, admin)).statusCode).toBe(400);

    const mine = await call('GET', `/api/Tasks/users/mytasks?projectId=${p.projectId}&pageSize=50`, employee);
    expect(
      mine
        .json()
        .data.items.map((t: { title: string }) => t.title)
        .sort(),
    ).toEqual(['Filter 0', 'Filter 2', 'Filter 4', 'Filter 6']);
    expect(mine.json().data.items[0].assignees[0].userId).toBe(employee.userId);
    expect((await call('GET', '/api/Tasks/users/mytasks')).statusCode).toBe(401);

    expect((await call('GET', `/api/Tasks/tasklists/${theirList.taskListId}/tasks`, admin)).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/api/Tasks/projects/${theirList.projectId}/tasks`, admin)).statusCode).toBe(
      404,
    );
    const hidden = await buildProject(database.db, acme);
    expect((await call('GET', `/api/Tasks/projects/${hidden.projectId}/tasks`, employee)).statusCode).toBe(
      404,
    );
    // A list of a project the employee is not a member of: out of reach to read and to add to.
    const hiddenList = await buildTaskList(database.db, acme, { projectId: hidden.projectId });
    const hiddenUrl = `/api/Tasks/tasklists/${hiddenList.taskListId}/tasks`;
    expect((await call('GET', hiddenUrl, employee)).statusCode).toBe(404);
    const writer = await buildUser(database.db, acme, { permissions: ['task:read', 'task:create'] });
    const asWriter = await login(app, writer.email);
    expect((await call('POST', hiddenUrl, asWriter, { title: 'Sneaked in' })).statusCode).toBe(404);
  });
});

describe('GET/PUT/DELETE /api/Tasks/{id}', () => {
  it('401, 403, 400 and 404 across tenants', async () => {
    const t = await buildTask(database.db, acme, { taskListId: list.taskListId });
    expect((await call('GET', `/api/Tasks/${t.taskId}`)).statusCode).toBe(401);
    expect((await call('GET', `/api/Tasks/${theirTask.taskId}`, admin)).statusCode).toBe(404);
    expect((await call('PUT', `/api/Tasks/${theirTask.taskId}`, admin, { title: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/Tasks/${theirTask.taskId}`, admin)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/Tasks/${t.taskId}`, employee)).statusCode).toBe(403);
    expect((await call('PUT', `/api/Tasks/${t.taskId}`, admin, { title: '' })).statusCode).toBe(400);
    const foreignList = await call('PUT', `/api/Tasks/${t.taskId}`, admin, {
      taskListId: theirList.taskListId,
    });
    expect(foreignList.statusCode).toBe(400);
    expect(foreignList.json().errors.taskListId).toEqual([MESSAGES.tasks.listNotInProject]);
    const foreignAssignee = await call('PUT', `/api/Tasks/${t.taskId}`, admin, {
      assigneeIds: [other.adminUserId],
    });
    expect(foreignAssignee.json().errors.assigneeIds).toEqual([MESSAGES.tasks.assigneeNotMember]);
  });

  it('updates the fields sent and keeps the others; a board move keeps the order within a column', async () => {
    const p = await buildProject(database.db, acme, { memberIds: [employee.userId] });
    const l = await buildTaskList(database.db, acme, { projectId: p.projectId });
    const open = await statusIdOf(database.db, acme.companyId, 'Open');
    const review = await statusIdOf(database.db, acme.companyId, 'In Review');
    const create = async (title: string, statusId: string) =>
      (await call('POST', `/api/Tasks/tasklists/${l.taskListId}/tasks`, admin, { title, statusId })).json()
        .data;
    const c = await create('C', review);
    await create('B', review);
    await create('A', review);
    const x = await create('X', open);

    const cards = async (statusName: string) =>
      (
        await call(
          'GET',
          `/api/Tasks/projects/${p.projectId}/tasks?statusNames=${statusName}&pageSize=50`,
          admin,
        )
      ).json().data.items as { title: string; sortOrder: number }[];
    const column = async (statusName: string) => (await cards(statusName)).map((t) => t.title);
    /** The key a client sends to put a card before this one (the board sends the next card's). */
    const keyOf = async (title: string) =>
      (await cards('In Review')).find((t) => t.title === title)?.sortOrder;
    expect(await column('In Review')).toEqual(['A', 'B', 'C']);

    const moved = await call('PUT', `/api/Tasks/${x.taskId}`, employee, {
      statusId: review,
      sortOrder: await keyOf('B'),
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      message: MESSAGES.tasks.updated,
      data: { title: 'X', statusName: 'In Review' },
    });
    expect(await column('In Review')).toEqual(['A', 'X', 'B', 'C']);
    await call('PUT', `/api/Tasks/${c.taskId}`, admin, { sortOrder: await keyOf('A') });
    expect(await column('In Review')).toEqual(['C', 'A', 'X', 'B']);

    const kept = await call('PUT', `/api/Tasks/${x.taskId}`, admin, { description: 'more', actualHours: 2 });
    expect(kept.json().data).toMatchObject({
      title: 'X',
      description: 'more',
      actualHours: 2,
      statusName: 'In Review',
    });
    const del = await call('DELETE', `/api/Tasks/${x.taskId}`, admin);
    expect(del.statusCode).toBe(200);
    expect((await call('GET', `/api/Tasks/${x.taskId}`, admin)).statusCode).toBe(404);
  });

  it('ten creates and ten moves into one column at once all succeed, each card at its own place', async () => {
    // On PostgreSQL these run in parallel: the column's renumbering once deadlocked (the benchmark's
    // writes failed); placements now share the column's lock and a renumbering takes it alone,
    // never by upgrading (placement.test.ts).
    const p = await buildProject(database.db, acme, { memberIds: [employee.userId] });
    const l = await buildTaskList(database.db, acme, { projectId: p.projectId });
    const review = await statusIdOf(database.db, acme.companyId, 'In Review');
    const open = await statusIdOf(database.db, acme.companyId, 'Open');
    const url = `/api/Tasks/tasklists/${l.taskListId}/tasks`;
    const created = await Promise.all(
      Array.from({ length: 10 }, (_, i) => call('POST', url, admin, { title: `T${i}`, statusId: open })),
    );
    expect(created.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    const moved = await Promise.all(
      created.map((r, i) =>
        call('PUT', `/api/Tasks/${r.json().data.taskId}`, admin, { statusId: review, sortOrder: i % 3 }),
      ),
    );
    expect(moved.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const board = (
      await call('GET', `/api/Tasks/projects/${p.projectId}/tasks?pageSize=50&statusNames=In Review`, admin)
    ).json().data.items as { sortOrder: number }[];
    expect(board).toHaveLength(10);
    expect(new Set(board.map((t) => t.sortOrder)).size).toBe(10);
  });

  it('sparse keys: a move rewrites only the moved card, no gap left renumbers the column in order, ten moves before one card land before it', async () => {
    const p = await buildProject(database.db, acme, { memberIds: [employee.userId] });
    const l = await buildTaskList(database.db, acme, { projectId: p.projectId });
    const review = await statusIdOf(database.db, acme.companyId, 'In Review');
    const open = await statusIdOf(database.db, acme.companyId, 'Open');
    // Dense keys 0..3 (the old numbering): a move between two of them finds no room.
    const ids: Record<string, string> = {};
    for (const [i, title] of ['A', 'B', 'C', 'D'].entries())
      ids[title] = (
        await buildTask(database.db, acme, {
          taskListId: l.taskListId,
          title,
          statusName: 'In Review',
          sortOrder: i,
        })
      ).taskId;
    const cards = async () =>
      (
        await call('GET', `/api/Tasks/projects/${p.projectId}/tasks?pageSize=50&statusNames=In Review`, admin)
      ).json().data.items as { title: string; sortOrder: number }[];
    const titles = async () => (await cards()).map((t) => t.title);
    const put = (title: string, body: object) => call('PUT', `/api/Tasks/${ids[title] ?? ''}`, admin, body);

    expect((await put('D', { sortOrder: 2 ** 51 })).statusCode).toBe(400); // past ±2^50
    expect((await put('D', { sortOrder: 1.5 })).statusCode).toBe(400);
    const dMove = await put('D', { sortOrder: 1 });
    expect(dMove.statusCode).toBe(200); // before B (key 1), after A (0)
    const renumbered = await cards();
    expect(renumbered.map((t) => t.title)).toEqual(['A', 'D', 'B', 'C']);
    expect(new Set(renumbered.map((t) => t.sortOrder)).size).toBe(4);

    const keys = new Map(renumbered.map((t) => [t.title, t.sortOrder]));
    expect((await put('C', { sortOrder: keys.get('D') })).statusCode).toBe(200); // C before D
    const after = await cards();
    expect(after.map((t) => t.title)).toEqual(['A', 'C', 'D', 'B']);
    for (const t of after) if (t.title !== 'C') expect(t.sortOrder).toBe(keys.get(t.title));

    await put('A', { sortOrder: (keys.get('B') ?? 0) + 1 }); // past the last card: last
    expect(await titles()).toEqual(['C', 'D', 'B', 'A']);

    // Ten cards moved before B at once: each lands between D and B at a key of its own (the gap
    // halves with each, so the last ones spread the cards just below B on the way, leaving B and
    // every card after it at their keys: a move sent with B's old key still means B).
    const url = `/api/Tasks/tasklists/${l.taskListId}/tasks`;
    const created = await Promise.all(
      Array.from({ length: 10 }, (_, i) => call('POST', url, admin, { title: `T${i}`, statusId: open })),
    );
    const beforeB = (await cards()).find((t) => t.title === 'B')?.sortOrder;
    const moved = await Promise.all(
      created.map((r) =>
        call('PUT', `/api/Tasks/${r.json().data.taskId}`, admin, { statusId: review, sortOrder: beforeB }),
      ),
    );
    expect(moved.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const column = await cards();
    expect(column).toHaveLength(14);
    expect(column.slice(0, 2).map((t) => t.title)).toEqual(['C', 'D']);
    expect(column.slice(12).map((t) => t.title)).toEqual(['B', 'A']);
    expect(new Set(column.map((t) => t.sortOrder)).size).toBe(14);
    expect(column.find((t) => t.title === 'B')?.sortOrder).toBe(beforeB);
  });

  it('new cards go to the front without touching the others; subtasks go last', async () => {
    const p = await buildProject(database.db, acme, { memberIds: [employee.userId] });
    const l = await buildTaskList(database.db, acme, { projectId: p.projectId });
    const url = `/api/Tasks/tasklists/${l.taskListId}/tasks`;
    const first = (await call('POST', url, admin, { title: 'First' })).json().data;
    const second = (await call('POST', url, admin, { title: 'Second' })).json().data;
    expect(second.sortOrder).toBeLessThan(first.sortOrder);
    expect((await call('GET', `/api/Tasks/${first.taskId}`, admin)).json().data.sortOrder).toBe(
      first.sortOrder,
    );
    const sub = (title: string) =>
      call('POST', `/api/tasks/${first.taskId}/subtasks`, admin, { title }).then((r) => r.json().data);
    const s1 = await sub('S1');
    const s2 = await sub('S2');
    expect(s2.sortOrder).toBeGreaterThan(s1.sortOrder);
    const detail = (await call('GET', `/api/Tasks/${first.taskId}`, admin)).json().data;
    expect(detail.subtasks.map((t: { title: string }) => t.title)).toEqual(['S1', 'S2']);
  });

  it('task documents: upload 201, download, delete; 403 and 404', async () => {
    const t = await buildTask(database.db, acme, { taskListId: list.taskListId });
    const up = (id: string, s: Session) => {
      const m = multipart({ name: 'notes.txt', content: 'Plain notes' });
      return app.inject({
        method: 'POST',
        url: `/api/Tasks/${id}/documents`,
        payload: m.payload,
        headers: { ...bearer(s), ...m.headers },
      });
    };
    expect((await up(theirTask.taskId, admin)).statusCode).toBe(404);
    const res = await up(t.taskId, employee);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(MESSAGES.tasks.documentUploaded);
    const doc = res.json().data;
    expect(doc).toMatchObject({ fileName: 'notes.txt', mimeType: 'text/plain' });
    expect((await call('GET', `/api/Tasks/${t.taskId}`, admin)).json().data.documents).toHaveLength(1);
    expect((await call('GET', doc.url, admin)).body).toBe('Plain notes');
    expect(
      (await call('DELETE', `/api/Tasks/${t.taskId}/documents/${doc.documentId}`, otherAdmin)).statusCode,
    ).toBe(404);
    expect(
      (await call('DELETE', `/api/Tasks/${t.taskId}/documents/${doc.documentId}`, employee)).statusCode,
    ).toBe(200);
    expect((await call('GET', doc.url, admin)).statusCode).toBe(404);
  });
});

describe('GET /api/Tasks/projects/{id}/board', () => {
  it('401, 400 with field errors, 404 across tenants and outside the reach', async () => {
    const url = `/api/Tasks/projects/${project.projectId}/board`;
    expect((await call('GET', url)).statusCode).toBe(401);
    for (const q of ['perColumn=0', 'perColumn=1001', 'perColumn=x']) {
      const bad = await call('GET', `${url}?${q}`, admin);
      expect(bad.statusCode, q).toBe(400);
      expect(Object.keys(bad.json().errors), q).toEqual(['perColumn']);
    }
    for (const q of [
      'limits=nope',
      `limits=${project.projectId}:0`,
      `limits=${project.projectId}:1001`,
      'limits=1:2',
    ]) {
      const bad = await call('GET', `${url}?${q}`, admin);
      expect(bad.statusCode, q).toBe(400);
      expect(bad.json().errors.limits, q).toEqual(['Each column limit is statusId:count, count 1–1000']);
    }
    expect((await call('GET', `/api/Tasks/projects/${theirList.projectId}/board`, admin)).statusCode).toBe(
      404,
    );
    const notMine = await buildProject(database.db, acme);
    expect((await call('GET', `/api/Tasks/projects/${notMine.projectId}/board`, employee)).statusCode).toBe(
      404,
    );
  });

  it("each status's first cards in column order, a column's own limit, every column's total", async () => {
    const p = await buildProject(database.db, acme, { memberIds: [acme.adminUserId, employee.userId] });
    const l = await buildTaskList(database.db, acme, { projectId: p.projectId });
    const open = await statusIdOf(database.db, acme.companyId, 'Open');
    const doing = await statusIdOf(database.db, acme.companyId, 'In Progress');
    for (let i = 0; i < 7; i++)
      await buildTask(database.db, acme, {
        taskListId: l.taskListId,
        title: `Open ${i}`,
        sortOrder: 100 - i,
      });
    for (let i = 0; i < 3; i++)
      await buildTask(database.db, acme, {
        taskListId: l.taskListId,
        title: `Doing ${i}`,
        statusName: 'In Progress',
        sortOrder: i,
        assigneeIds: [employee.userId],
      });
    const parent = await buildTask(database.db, acme, {
      taskListId: l.taskListId,
      title: 'Open 7',
      sortOrder: 200,
    });
    await buildTask(database.db, acme, {
      taskListId: l.taskListId,
      parentTaskId: parent.taskId,
      title: 'Sub',
    });

    const url = `/api/Tasks/projects/${p.projectId}/board`;
    const res = await call('GET', `${url}?perColumn=2&limits=${open.toUpperCase()}:5`, employee);
    expect(res.statusCode, res.body).toBe(200);
    const board = res.json().data as {
      items: { title: string; statusId: string; assignees: { userId: string }[] }[];
      columns: { statusId: string; totalCount: number }[];
    };
    // Open: its own limit of 5, in column order (lowest key first); In Progress: perColumn 2.
    expect(board.items.map((t) => t.title)).toEqual([
      'Open 6',
      'Open 5',
      'Open 4',
      'Open 3',
      'Open 2',
      'Doing 0',
      'Doing 1',
    ]);
    expect(board.items[5]?.assignees.map((a) => a.userId)).toEqual([employee.userId]);
    // Every status of the company, in its order, with the project's top-level tasks (the subtask is not a card).
    const statuses = (await call('GET', '/api/Taskstatuses', admin)).json().data as { statusId: string }[];
    expect(board.columns.map((c) => c.statusId)).toEqual(statuses.map((s) => s.statusId));
    const totals = new Map(board.columns.map((c) => [c.statusId, c.totalCount]));
    expect(totals.get(open)).toBe(8);
    expect(totals.get(doing)).toBe(3);
    expect([...totals.values()].reduce((a, b) => a + b, 0)).toBe(11);
    // The default: 50 a column.
    const all = (await call('GET', url, admin)).json().data as { items: unknown[] };
    expect(all.items).toHaveLength(11);
  });
});

describe('reads without the permission', () => {
  it('a user with no role gets 403 on every project, list and task read', async () => {
    const nobody = await buildUser(database.db, acme, { role: null });
    const s = await login(app, nobody.email);
    const t = await buildTask(database.db, acme, { taskListId: list.taskListId });
    for (const url of [
      '/api/Project',
      `/api/Project/${project.projectId}`,
      `/api/Tasks/projects/${project.projectId}/tasklists`,
      `/api/TaskLists/${list.taskListId}`,
      `/api/Tasks/tasklists/${list.taskListId}/tasks`,
      `/api/Tasks/projects/${project.projectId}/tasks`,
      `/api/Tasks/projects/${project.projectId}/board`,
      '/api/Tasks/users/mytasks',
      `/api/Tasks/${t.taskId}`,
    ])
      expect((await call('GET', url, s)).statusCode, url).toBe(403);
    expect((await call('GET', '/api/Taskstatuses', s)).statusCode).toBe(200);
  });
});
