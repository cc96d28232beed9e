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
  type Session,
  statusIdOf,
  type TestCompany,
  twoTenants,
} from '../../test/factories.ts';

let app: App;
let database: Database;
let acme: TestCompany;
let other: TestCompany;
let admin: Session;
let employee: Session;

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  ({ acme, other, admin, employee } = await twoTenants(app, database.db));
});
afterAll(() => app.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, s?: Session, payload?: object) =>
  app.inject({ method, url, headers: s ? bearer(s) : {}, ...(payload ? { payload } : {}) });

describe('GET /api/Taskstatuses and /api/Taskpriorities', () => {
  it("lists the company's statuses in order with the built-in flags, and the priorities", async () => {
    expect((await call('GET', '/api/Taskstatuses')).statusCode).toBe(401);
    const res = await call('GET', '/api/Taskstatuses', employee);
    expect(res.statusCode).toBe(200);
    const items = res.json().data as { name: string; builtIn: string | null; statusId: string }[];
    expect(items.map((s) => s.name)).toEqual([
      'Not Started',
      'Open',
      'In Progress',
      'In Review',
      'Delayed',
      'Completed',
      'Cancelled',
    ]);
    expect(items.filter((s) => s.builtIn).map((s) => s.builtIn)).toEqual(['completed', 'cancelled']);
    expect(items.map((s) => s.statusId)).not.toContain(
      await statusIdOf(database.db, other.companyId, 'Open'),
    );
    const prios = await call('GET', '/api/Taskpriorities', employee);
    expect(prios.json().data.map((p: { name: string }) => p.name)).toEqual([
      'Low',
      'Medium',
      'High',
      'Urgent',
    ]);
    expect((await call('GET', '/api/Taskpriorities')).statusCode).toBe(401);
  });
});

describe('POST/PUT/DELETE /api/Taskstatuses', () => {
  it('403 for an Employee, 400 on a bad colour, 409 on a taken name, 404 across tenants', async () => {
    expect(
      (await call('POST', '/api/Taskstatuses', undefined, { name: 'X', color: '#000000' })).statusCode,
    ).toBe(401);
    expect(
      (await call('POST', '/api/Taskstatuses', employee, { name: 'X', color: '#000000' })).statusCode,
    ).toBe(403);
    const bad = await call('POST', '/api/Taskstatuses', admin, { name: '', color: 'red' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      name: [expect.any(String)],
      color: ['Use a colour like #4caf50'],
    });
    const dup = await call('POST', '/api/Taskstatuses', admin, { name: 'open', color: '#000000' });
    expect(dup.statusCode).toBe(409);
    const theirs = await statusIdOf(database.db, other.companyId, 'Open');
    expect((await call('PUT', `/api/Taskstatuses/${theirs}`, admin, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/Taskstatuses/${theirs}`, admin)).statusCode).toBe(404);
    const mine = await statusIdOf(database.db, acme.companyId, 'Open');
    expect((await call('PUT', `/api/Taskstatuses/${mine}`, employee, { name: 'x' })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/Taskstatuses/${mine}`, employee)).statusCode).toBe(403);
  });

  it('adds, renames, recolours and reorders', async () => {
    const res = await call('POST', '/api/Taskstatuses', admin, {
      name: 'Blocked',
      color: '#123456',
      sortOrder: 2,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: MESSAGES.taskStatuses.created,
      data: { name: 'Blocked', sortOrder: 2 },
    });
    const id = res.json().data.statusId;
    const names = async () =>
      (await call('GET', '/api/Taskstatuses', admin)).json().data.map((s: { name: string }) => s.name);
    expect((await names()).slice(0, 3)).toEqual(['Not Started', 'Blocked', 'Open']);
    const put = await call('PUT', `/api/Taskstatuses/${id}`, admin, { name: 'On Hold', color: '#654321' });
    expect(put.json().data).toMatchObject({ name: 'On Hold', color: '#654321', sortOrder: 2 });
    await call('PUT', `/api/Taskstatuses/${id}`, admin, { sortOrder: 0 });
    expect((await names())[0]).toBe('On Hold');
    expect((await call('DELETE', `/api/Taskstatuses/${id}`, admin)).statusCode).toBe(200);
  });

  it('keeps Completed and Cancelled; a status in use needs moveTo, which moves tasks and projects', async () => {
    const completed = await statusIdOf(database.db, acme.companyId, 'Completed');
    const cancelled = await statusIdOf(database.db, acme.companyId, 'Cancelled');
    const builtIn = await call('DELETE', `/api/Taskstatuses/${completed}`, admin);
    expect(builtIn.statusCode).toBe(400);
    expect(builtIn.json().message).toBe(MESSAGES.taskStatuses.builtInCannotBeDeleted);
    await call('PUT', `/api/Taskstatuses/${cancelled}`, admin, { name: 'Dropped' });
    expect((await call('DELETE', `/api/Taskstatuses/${cancelled}`, admin)).statusCode).toBe(400);

    const review = await statusIdOf(database.db, acme.companyId, 'In Review');
    const p = await buildProject(database.db, acme, { statusName: 'In Review' });
    const l = await buildTaskList(database.db, acme, { projectId: p.projectId });
    const t = await buildTask(database.db, acme, { taskListId: l.taskListId, statusName: 'In Review' });
    const inUse = await call('DELETE', `/api/Taskstatuses/${review}`, admin);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe(MESSAGES.taskStatuses.inUse);
    expect((await call('DELETE', `/api/Taskstatuses/${review}?moveTo=${review}`, admin)).statusCode).toBe(
      400,
    );
    const foreign = await statusIdOf(database.db, other.companyId, 'Open');
    expect((await call('DELETE', `/api/Taskstatuses/${review}?moveTo=${foreign}`, admin)).statusCode).toBe(
      400,
    );
    expect((await call('DELETE', `/api/Taskstatuses/${review}?moveTo=nope`, admin)).statusCode).toBe(400);

    const moved = await call('DELETE', `/api/Taskstatuses/${review}?moveTo=${completed}`, admin);
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toEqual({ statusId: review, movedTasks: 1, movedProjects: 1 });
    const task = (await call('GET', `/api/Tasks/${t.taskId}`, admin)).json().data;
    expect(task).toMatchObject({ statusName: 'Completed', progress: 100 });
    expect((await call('GET', `/api/Project/${p.projectId}`, admin)).json().data).toMatchObject({
      statusName: 'Completed',
      progress: 100,
    });
  });
});
