import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TODO_MESSAGES } from '@taskhive/contract';
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
  sqlRows,
  type TestCompany,
  twoTenants,
} from '../../test/factories.ts';
import { isChange, type LiveClient, openLive } from '../../test/live-client.ts';

let app: App;
let database: Database;
let acme: TestCompany;
let admin: Session;
let employee: Session;
let otherAdmin: Session;
let noTasks: Session;
let high: string;

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  ({ acme, admin, employee, otherAdmin } = await twoTenants(app, database.db));
  const u = await buildUser(database.db, acme, { role: null, permissions: ['project:read'] });
  noTasks = await login(app, u.email);
  high = await priorityIdOf(database.db, 'High');
});
afterAll(() => app.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, s?: Session, payload?: object) =>
  app.inject({ method, url, headers: s ? bearer(s) : {}, ...(payload ? { payload } : {}) });
const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

async function todo(s: Session, body: object) {
  const res = await call('POST', '/api/Todos', s, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { todoId: string; title: string };
}

describe('GET /api/Todos', () => {
  it('401 without a token, 403 without task:read, 400 on a bad query', async () => {
    expect((await call('GET', '/api/Todos')).statusCode).toBe(401);
    expect((await call('GET', '/api/Todos', noTasks)).statusCode).toBe(403);
    const bad = await call('GET', '/api/Todos?sortBy=projectId&done=maybe', employee);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['sortBy', 'done']));
  });

  it("lists the caller's own to-dos only: never another user's, never another company's", async () => {
    const mine = await todo(employee, { title: 'Mine alone' });
    await todo(admin, { title: "The admin's own" });
    await todo(otherAdmin, { title: 'Elsewhere' });
    const titles = async (s: Session) =>
      ((await call('GET', '/api/Todos?pageSize=200', s)).json().data.items as { title: string }[]).map(
        (t) => t.title,
      );
    expect(await titles(employee)).toContain('Mine alone');
    expect(await titles(employee)).not.toContain("The admin's own");
    expect(await titles(admin)).not.toContain('Mine alone');
    expect(await titles(otherAdmin)).toEqual(['Elsewhere']);
    const page = (await call('GET', '/api/Todos', employee)).json().data;
    expect(page.items.find((t: { todoId: string }) => t.todoId === mine.todoId)).toMatchObject({
      title: 'Mine alone',
      done: false,
      dueDate: null,
      priorityName: null,
    });
  });

  it('filters by search, priority, due dates and done; sorts by due date', async () => {
    const s = await login(app, (await buildUser(database.db, acme)).email);
    await todo(s, { title: 'Call the bank', dueDate: ago(2), priorityId: high });
    await todo(s, { title: 'Buy stamps', dueDate: ago(-3) });
    await todo(s, { title: 'Water plants', done: true });
    const get = async (q: string) =>
      ((await call('GET', `/api/Todos?${q}`, s)).json().data.items as { title: string }[]).map(
        (t) => t.title,
      );
    expect(await get('')).toEqual(['Call the bank', 'Buy stamps', 'Water plants']);
    expect(await get('sortOrder=desc')).toEqual(['Buy stamps', 'Call the bank', 'Water plants']);
    expect(await get('search=BANK')).toEqual(['Call the bank']);
    expect(await get('priorityNames=high')).toEqual(['Call the bank']);
    expect(await get(`dueDateFrom=${ago(0)}`)).toEqual(['Buy stamps']);
    expect(await get(`dueDateTo=${ago(0)}`)).toEqual(['Call the bank']);
    expect(await get('done=true')).toEqual(['Water plants']);
    expect(await get('done=false&sortBy=title')).toEqual(['Buy stamps', 'Call the bank']);
    const overdue = (await call('GET', '/api/Todos?search=bank', s)).json().data.items[0];
    expect(overdue).toMatchObject({ isOverdue: true, priorityName: 'High' });
  });
});

describe('POST /api/Todos', () => {
  it('401, 403, 400 with field errors (title, date, priority, unknown fields)', async () => {
    expect((await call('POST', '/api/Todos', undefined, { title: 'x' })).statusCode).toBe(401);
    expect((await call('POST', '/api/Todos', noTasks, { title: 'x' })).statusCode).toBe(403);
    const bad = await call('POST', '/api/Todos', employee, { title: ' ', dueDate: '31/01/2026' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.title).toEqual(['To-do title is required']);
    expect(bad.json().errors.dueDate).toBeDefined();
    const priority = await call('POST', '/api/Todos', employee, {
      title: 'x',
      priorityId: '00000000-0000-4000-8000-000000000000',
    });
    expect(priority.statusCode).toBe(400);
    expect(priority.json().errors.priorityId).toEqual([TODO_MESSAGES.priorityNotFound]);
    const project = await call('POST', '/api/Todos', employee, { title: 'x', projectId: acme.companyId });
    expect(project.statusCode).toBe(400);
  });

  it('happy path: an Employee (no task:create) adds one; its change names only the owner, with no fields', async () => {
    const res = await call('POST', '/api/Todos', employee, {
      title: '  Renew passport ',
      dueDate: '2030-05-01',
      priorityId: high,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(TODO_MESSAGES.created);
    const t = res.json().data;
    expect(t).toMatchObject({
      title: 'Renew passport',
      dueDate: '2030-05-01',
      priorityId: high,
      priorityName: 'High',
      done: false,
      completedAt: null,
      isOverdue: false,
    });
    const [change] = await sqlRows<{ type: string; user_ids: unknown; fields: unknown; project_id: unknown }>(
      database.db,
      sql`select type, user_ids, fields, project_id from changes where entity_id = ${t.todoId}`,
    );
    expect(change).toMatchObject({ type: 'todo', fields: null, project_id: null });
    expect(String(change?.user_ids)).toContain(employee.userId);
  });
});

describe('PUT /api/Todos/{id}', () => {
  it("401, 403, 400, 404 for another company's and another user's to-do (the admin's too)", async () => {
    const t = await todo(employee, { title: 'Private' });
    const url = `/api/Todos/${t.todoId}`;
    expect((await call('PUT', url, undefined, { done: true })).statusCode).toBe(401);
    expect((await call('PUT', url, noTasks, { done: true })).statusCode).toBe(403);
    expect((await call('PUT', url, employee, {})).statusCode).toBe(400);
    expect((await call('PUT', url, employee, { title: '' })).json().errors.title).toBeDefined();
    expect((await call('PUT', '/api/Todos/not-a-uuid', employee, { done: true })).statusCode).toBe(400);
    expect((await call('PUT', url, otherAdmin, { done: true })).statusCode).toBe(404);
    expect((await call('PUT', url, admin, { done: true })).statusCode).toBe(404);
    expect((await call('PUT', url, admin, { title: 'Mine now' })).statusCode).toBe(404);
    // Nothing changed.
    const items = (await call('GET', '/api/Todos?pageSize=200', employee)).json().data.items;
    expect(items.find((x: { todoId: string }) => x.todoId === t.todoId)).toMatchObject({
      title: 'Private',
      done: false,
    });
  });

  it('happy path: completes, renames, clears the due date, reopens', async () => {
    const t = await todo(employee, { title: 'Book dentist', dueDate: ago(1) });
    const url = `/api/Todos/${t.todoId}`;
    const done = await call('PUT', url, employee, { done: true });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe(TODO_MESSAGES.updated);
    expect(done.json().data).toMatchObject({ done: true, isOverdue: false, completedAt: expect.any(String) });
    const renamed = (await call('PUT', url, employee, { title: 'Book the dentist', dueDate: null })).json()
      .data;
    expect(renamed).toMatchObject({ title: 'Book the dentist', dueDate: null, done: true });
    expect(renamed.completedAt).toBe(done.json().data.completedAt);
    const reopened = (await call('PUT', url, employee, { done: false, priorityId: high })).json().data;
    expect(reopened).toMatchObject({ done: false, completedAt: null, priorityName: 'High' });
  });
});

describe('DELETE /api/Todos/{id}', () => {
  it("401, 403, 400, 404 for another company's and another user's to-do", async () => {
    const t = await todo(employee, { title: 'Keep me' });
    const url = `/api/Todos/${t.todoId}`;
    expect((await call('DELETE', url)).statusCode).toBe(401);
    expect((await call('DELETE', url, noTasks)).statusCode).toBe(403);
    expect((await call('DELETE', '/api/Todos/nope', employee)).statusCode).toBe(400);
    expect((await call('DELETE', url, otherAdmin)).statusCode).toBe(404);
    expect((await call('DELETE', url, admin)).statusCode).toBe(404);
    const items = (await call('GET', '/api/Todos?pageSize=200', employee)).json().data.items;
    expect(items.some((x: { todoId: string }) => x.todoId === t.todoId)).toBe(true);
  });

  it('happy path: the owner deletes it; a second delete is 404', async () => {
    const t = await todo(employee, { title: 'Throw away' });
    const url = `/api/Todos/${t.todoId}`;
    const res = await call('DELETE', url, employee);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: TODO_MESSAGES.deleted, data: { todoId: t.todoId } });
    expect((await call('DELETE', url, employee)).statusCode).toBe(404);
    expect((await call('PUT', url, employee, { done: true })).statusCode).toBe(404);
  });
});

describe('to-dos stay out of company figures', () => {
  it("are not tasks: not in the owner's My Tasks API, All Tasks, a project or the reports", async () => {
    const project = await buildProject(database.db, acme, { memberIds: [employee.userId] });
    const list = await buildTaskList(database.db, acme, { projectId: project.projectId });
    await buildTask(database.db, acme, { taskListId: list.taskListId, assigneeIds: [employee.userId] });
    await todo(employee, { title: 'Only a to-do' });
    const all = (await call('GET', '/api/Tasks/all?pageSize=200', admin)).json().data;
    expect(all.items.map((t: { title: string }) => t.title)).not.toContain('Only a to-do');
    const mine = (await call('GET', '/api/Tasks/users/mytasks?pageSize=200', employee)).json().data;
    expect(mine.items.map((t: { title: string }) => t.title)).not.toContain('Only a to-do');
    const tasks = (await call('GET', `/api/Tasks/projects/${project.projectId}/tasks`, admin)).json().data;
    expect(tasks.totalCount).toBe(1);
  });
});

describe('live updates', () => {
  const open: LiveClient[] = [];
  afterAll(() => open.forEach((c) => c.close()));

  it("reach the owner's streams only: not an admin's", async () => {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const owner = await openLive(base, employee.token);
    const watcher = await openLive(base, admin.token);
    open.push(owner, watcher);
    const t = await todo(employee, { title: 'Secret errand' });
    const f = await owner.next(isChange({ type: 'todo', id: t.todoId }));
    expect(f.data).toMatchObject({ type: 'todo', action: 'created', id: t.todoId, projectId: null });
    // The admin's own to-do after it: once that arrived, the employee's would have too.
    const theirs = await todo(admin, { title: 'Admin errand' });
    await watcher.next(isChange({ type: 'todo', id: theirs.todoId }));
    expect(watcher.changes().some((m) => m.id === t.todoId)).toBe(false);
    expect(owner.changes().some((m) => m.id === theirs.todoId)).toBe(false);
  });
});
