import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client.ts';
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

/**
 * Task keys (issue 23, raise the bar): every task has a number in its project (trigger
 * tasks_number, migration 0026) and a key people say and type, `<project code>-<number>`, shown
 * on every task the API answers and found by GET /api/Tasks/key/{key} and by a list's search.
 */
let app: App;
let database: Database;
let acme: TestCompany;
let other: TestCompany;
let admin: Session;
let employee: Session;
let otherAdmin: Session;
let noRole: Session;
let apollo: { projectId: string; code: string };
let list: { taskListId: string };

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  ({ acme, other, admin, employee, otherAdmin } = await twoTenants(app, database.db));
  noRole = await login(app, (await buildUser(database.db, acme, { role: null })).email);
  apollo = await buildProject(database.db, acme, { code: 'APL', memberIds: [acme.adminUserId] });
  list = await buildTaskList(database.db, acme, { projectId: apollo.projectId });
});
afterAll(() => app.close());

const call = (method: 'GET' | 'POST', url: string, s?: Session, payload?: object) =>
  app.inject({ method, url, headers: s ? bearer(s) : {}, ...(payload ? { payload } : {}) });

async function create(title: string) {
  const res = await call('POST', `/api/Tasks/tasklists/${list.taskListId}/tasks`, admin, { title });
  expect(res.statusCode).toBe(201);
  return res.json().data as { taskId: string; key: string };
}

describe('task keys', () => {
  it('number the tasks of a project in order, whichever way they are made, per project', async () => {
    const first = await create('First'); // the one-statement create
    const sub = await call('POST', `/api/tasks/${first.taskId}/subtasks`, admin, { title: 'A subtask' }); // the transaction
    expect(sub.statusCode).toBe(201);
    const factory = await buildTask(database.db, acme, { taskListId: list.taskListId }); // a plain insert
    const third = await create('Third');
    expect([first.key, sub.json().data.key, third.key]).toEqual(['APL-1', 'APL-2', 'APL-4']);
    const made = await call('GET', `/api/Tasks/${factory.taskId}`, admin);
    expect(made.json().data.key).toBe('APL-3');
    // Another project counts from 1.
    const zeus = await buildProject(database.db, acme, { code: 'ZEUS-01', memberIds: [acme.adminUserId] });
    const zl = await buildTaskList(database.db, acme, { projectId: zeus.projectId });
    const z = await call('POST', `/api/Tasks/tasklists/${zl.taskListId}/tasks`, admin, { title: 'Z' });
    expect(z.json().data.key).toBe('ZEUS-01-1');
    // The board, a list and the project's tasks show the same key.
    const page = await call('GET', `/api/Tasks/tasklists/${list.taskListId}/tasks?pageSize=50`, admin);
    expect(page.json().data.items.map((t: { key: string }) => t.key)).toEqual(
      expect.arrayContaining(['APL-1', 'APL-3', 'APL-4']),
    );
  });

  it('GET /api/Tasks/key/{key}: 401, 400, 403, 404 across tenants and out of reach, the task by its key in any case', async () => {
    const t = await create('By key');
    expect((await call('GET', `/api/Tasks/key/${t.key}`)).statusCode).toBe(401);
    const bad = await call('GET', '/api/Tasks/key/not-a-key', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.key).toEqual(['A task key is a project code, a dash and a number, like APL-42']);
    expect((await call('GET', `/api/Tasks/key/${t.key}`, noRole)).statusCode).toBe(403);
    // Another company's task by its own key, and the same key asked by another company.
    const theirs = await buildProject(database.db, other, { code: 'THR', memberIds: [other.adminUserId] });
    const tl = await buildTaskList(database.db, other, { projectId: theirs.projectId });
    await buildTask(database.db, other, { taskListId: tl.taskListId });
    expect((await call('GET', '/api/Tasks/key/THR-1', admin)).statusCode).toBe(404);
    expect((await call('GET', `/api/Tasks/key/${t.key}`, otherAdmin)).statusCode).toBe(404);
    // An employee who is not a member of the project does not reach its tasks.
    expect((await call('GET', `/api/Tasks/key/${t.key}`, employee)).statusCode).toBe(404);
    expect((await call('GET', '/api/Tasks/key/APL-99999', admin)).statusCode).toBe(404);
    expect((await call('GET', '/api/Tasks/key/APL-999999999', admin)).statusCode).toBe(404);
    const ok = await call('GET', `/api/Tasks/key/${t.key.toLowerCase()}`, admin);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ taskId: t.taskId, key: t.key, title: 'By key', subtasks: [] });
  });

  it('20 creates at once in one project take 20 different numbers, one after another', async () => {
    const p = await buildProject(database.db, acme, { code: 'PAR', memberIds: [acme.adminUserId] });
    const l = await buildTaskList(database.db, acme, { projectId: p.projectId });
    const made = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call('POST', `/api/Tasks/tasklists/${l.taskListId}/tasks`, admin, { title: `Parallel ${i}` }),
      ),
    );
    expect(made.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const keys = made
      .map((r) => r.json().data.key as string)
      .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
    expect(keys).toEqual(Array.from({ length: 20 }, (_, i) => `PAR-${i + 1}`));
  });

  it("a create takes its number in a transaction of its own, not the insert's (issue 28: the project row is not locked to the request's commit)", async () => {
    const p = await buildProject(database.db, acme, { code: 'OWN', memberIds: [acme.adminUserId] });
    const l = await buildTaskList(database.db, acme, { projectId: p.projectId });
    const xmins = async (taskId: string) => {
      const [row] = rowsOf<{ project: string; task: string }>(
        await database.db.execute(sql`select
          (select xmin::text from projects where company_id = ${acme.companyId} and id = ${p.projectId}) as project,
          (select xmin::text from tasks where company_id = ${acme.companyId} and id = ${taskId}) as task`),
      );
      if (!row) throw new Error('no row');
      return row;
    };
    // The one-statement create and the transaction's (a subtask).
    const card = await call('POST', `/api/Tasks/tasklists/${l.taskListId}/tasks`, admin, { title: 'Own' });
    expect(card.json().data.key).toBe('OWN-1');
    const first = await xmins(card.json().data.taskId);
    expect(first.project).not.toBe(first.task);
    const sub = await call('POST', `/api/tasks/${card.json().data.taskId}/subtasks`, admin, { title: 'Sub' });
    expect(sub.json().data.key).toBe('OWN-2');
    const second = await xmins(sub.json().data.taskId);
    expect(second.project).not.toBe(second.task);
    // An insert that names no number is still numbered by the trigger.
    const plain = await buildTask(database.db, acme, { taskListId: l.taskListId });
    expect((await call('GET', `/api/Tasks/${plain.taskId}`, admin)).json().data.key).toBe('OWN-3');
  });

  it("a list's search finds a task by its key", async () => {
    const t = await create('Found by key');
    const res = await call('GET', `/api/Tasks/tasklists/${list.taskListId}/tasks?search=${t.key}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items.map((i: { taskId: string }) => i.taskId)).toEqual([t.taskId]);
  });
});
