import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { changes, labels, taskLabels } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-app.ts';
import { isChange, type LiveClient, openLive } from '../../test/live-client.ts';
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
 * Issue 26, labels: the endpoints (401, 400 per field, 403, cross-tenant and out-of-reach 404,
 * happy paths), a task's labels on every read that lists tasks, the `labelIds` filter on the
 * lists, My Tasks, All Tasks and the board, the history lines, and a deleted label leaving its tasks.
 */

let app: App;
let database: Database;
let acme: TestCompany;
let other: TestCompany;
let admin: Session;
let employee: Session;
let manager: Session;
let reader: Session;
let noRole: Session;
let otherAdmin: Session;
let employeeId: string;
let web: { projectId: string };
let webList: string;
let opsTask: string;
let otherTask: string;
let otherLabel: string;

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  ({ acme, other, admin, employee, employeeId, otherAdmin } = await twoTenants(app, database.db));
  manager = await login(app, (await buildUser(database.db, acme, { role: 'manager' })).email);
  reader = await login(
    app,
    (await buildUser(database.db, acme, { role: null, permissions: ['project:read', 'task:read'] })).email,
  );
  noRole = await login(app, (await buildUser(database.db, acme, { role: null })).email);
  web = await buildProject(database.db, acme, {
    code: 'WEB',
    name: 'Website',
    memberIds: [acme.adminUserId, employeeId, manager.userId, reader.userId],
  });
  webList = (await buildTaskList(database.db, acme, { projectId: web.projectId })).taskListId;
  // The employee is no member of OPS: its tasks are out of their reach.
  const ops = await buildProject(database.db, acme, { code: 'OPS', memberIds: [acme.adminUserId] });
  const opsList = (await buildTaskList(database.db, acme, { projectId: ops.projectId })).taskListId;
  opsTask = (await buildTask(database.db, acme, { taskListId: opsList, title: 'Ops task' })).taskId;
  const op = await buildProject(database.db, other, { memberIds: [other.adminUserId] });
  const ol = await buildTaskList(database.db, other, { projectId: op.projectId });
  otherTask = (await buildTask(database.db, other, { taskListId: ol.taskListId })).taskId;
  otherLabel = (await call('POST', '/api/Labels', otherAdmin, { name: 'Theirs', color: 'red' })).json().data
    .labelId;
});
afterAll(() => app.close());

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, s?: Session, payload?: unknown) {
  return app.inject({
    method,
    url,
    headers: {
      ...(s ? bearer(s) : {}),
      ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
  });
}

let seq = 0;
async function label(name = `Label ${++seq}`, color = 'blue'): Promise<string> {
  const res = await call('POST', '/api/Labels', admin, { name, color });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.labelId;
}
const task = async (title = 'Task', assigneeIds: string[] = []) =>
  (await buildTask(database.db, acme, { taskListId: webList, title, assigneeIds })).taskId;
const setLabels = (s: Session, taskId: string, labelIds: string[]) =>
  call('PUT', `/api/Labels/tasks/${taskId}`, s, { labelIds });
const ids = (items: { taskId: string }[]) => items.map((t) => t.taskId).sort();

describe('/api/Labels', () => {
  it('401 without a token on every route', async () => {
    const id = await label();
    const t = await task();
    for (const [m, url, body] of [
      ['GET', '/api/Labels', undefined],
      ['POST', '/api/Labels', { name: 'X', color: 'red' }],
      ['PUT', `/api/Labels/${id}`, { name: 'Y' }],
      ['DELETE', `/api/Labels/${id}`, undefined],
      ['PUT', `/api/Labels/tasks/${t}`, { labelIds: [] }],
    ] as const)
      expect((await call(m, url, undefined, body)).statusCode, `${m} ${url}`).toBe(401);
  });

  it('creates, lists by name (any case) with task counts, renames and recolours', async () => {
    const zeta = await label('zeta-ui', 'green');
    const alpha = await label('Alpha-Bug', 'red');
    const t = await task();
    expect((await setLabels(admin, t, [alpha])).statusCode).toBe(200);
    const list = (await call('GET', '/api/Labels', employee)).json().data as {
      labelId: string;
      name: string;
      color: string;
      taskCount: number;
    }[];
    const names = list.map((l) => l.name);
    expect(names.indexOf('Alpha-Bug')).toBeLessThan(names.indexOf('zeta-ui'));
    expect(list.find((l) => l.labelId === alpha)).toMatchObject({ color: 'red', taskCount: 1 });
    expect(list.find((l) => l.labelId === zeta)).toMatchObject({ color: 'green', taskCount: 0 });

    const renamed = await call('PUT', `/api/Labels/${zeta}`, manager, { name: 'Zeta UI' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ labelId: zeta, name: 'Zeta UI', color: 'green' });
    const recoloured = await call('PUT', `/api/Labels/${zeta}`, admin, { color: 'purple' });
    expect(recoloured.json().data).toMatchObject({ name: 'Zeta UI', color: 'purple' });
    // A change the live streams hear of, for everyone's screens.
    const logged = await database.db
      .select({ type: changes.type })
      .from(changes)
      .where(eq(changes.entityId, zeta));
    expect(logged.map((c) => c.type)).toEqual(['label', 'label', 'label']);
  });

  it('400 per field: name, colour, unknown fields, an empty update, a bad filter', async () => {
    const missing = await call('POST', '/api/Labels', admin, { color: 'red' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.name).toBeDefined();
    const blank = await call('POST', '/api/Labels', admin, { name: '  ', color: 'red' });
    expect(blank.json().errors.name).toEqual(['Label name is required']);
    const long = await call('POST', '/api/Labels', admin, { name: 'x'.repeat(41), color: 'red' });
    expect(long.json().errors.name).toBeDefined();
    const colour = await call('POST', '/api/Labels', admin, { name: 'Hex', color: '#ff0000' });
    expect(colour.statusCode).toBe(400);
    expect(colour.json().errors.color[0]).toContain('Pick one of');
    const extra = await call('POST', '/api/Labels', admin, {
      name: 'Extra',
      color: 'red',
      companyId: other.companyId,
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().errors.companyId).toBeDefined();
    const id = await label();
    const empty = await call('PUT', `/api/Labels/${id}`, admin, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.name).toEqual(['Send a new name or a new colour']);
    expect((await call('PUT', '/api/Labels/not-a-uuid', admin, { name: 'X' })).statusCode).toBe(400);
    const filter = await call('GET', `/api/Tasks/projects/${web.projectId}/tasks?labelIds=nope`, admin);
    expect(filter.statusCode).toBe(400);
    expect(JSON.stringify(filter.json().errors)).toContain('labelIds');
    const board = await call('GET', `/api/Tasks/projects/${web.projectId}/board?labelIds=nope`, admin);
    expect(board.statusCode).toBe(400);
  });

  it('409 on a name the company has in any case; another company may use it', async () => {
    await label('Customer');
    const dup = await call('POST', '/api/Labels', admin, { name: ' customer ', color: 'teal' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors.name).toEqual(['A label with this name already exists']);
    const id = await label('Vendor');
    const rename = await call('PUT', `/api/Labels/${id}`, admin, { name: 'CUSTOMER' });
    expect(rename.statusCode).toBe(409);
    expect(
      (await call('POST', '/api/Labels', otherAdmin, { name: 'Customer', color: 'teal' })).statusCode,
    ).toBe(201);
  });

  it('403: managing labels needs project:update, setting them task:update, reading them task:read', async () => {
    const id = await label();
    const t = await task();
    expect((await call('POST', '/api/Labels', employee, { name: 'Mine', color: 'red' })).statusCode).toBe(
      403,
    );
    expect((await call('PUT', `/api/Labels/${id}`, employee, { name: 'Mine' })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/Labels/${id}`, employee)).statusCode).toBe(403);
    expect((await setLabels(reader, t, [id])).statusCode).toBe(403);
    expect((await call('GET', '/api/Labels', noRole)).statusCode).toBe(403);
    expect((await call('GET', '/api/Labels', reader)).statusCode).toBe(200);
    // The Employee may label a task they may edit, with the company's labels.
    expect((await setLabels(employee, t, [id])).statusCode).toBe(200);
  });

  it("404 across tenants and out of reach; another company's label on a task is 400 on labelIds", async () => {
    const id = await label();
    const t = await task();
    expect((await call('PUT', `/api/Labels/${id}`, otherAdmin, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/Labels/${id}`, otherAdmin)).statusCode).toBe(404);
    expect((await setLabels(otherAdmin, t, [])).statusCode).toBe(404);
    expect((await setLabels(admin, otherTask, [id])).statusCode).toBe(404);
    expect((await setLabels(employee, opsTask, [id])).statusCode).toBe(404);
    expect(
      (await call('PUT', `/api/Labels/${crypto.randomUUID()}`, admin, { name: 'Gone' })).statusCode,
    ).toBe(404);
    for (const bad of [otherLabel, crypto.randomUUID()]) {
      const res = await setLabels(admin, t, [id, bad]);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.labelIds).toEqual(['Label not found']);
    }
    // Nothing was written by the refusals.
    expect(await database.db.select().from(taskLabels).where(eq(taskLabels.taskId, t))).toEqual([]);
    // Their label is still theirs, unchanged.
    const [theirs] = await database.db.select().from(labels).where(eq(labels.id, otherLabel));
    expect(theirs?.name).toBe('Theirs');
  });

  it('400 on a task label list: not uuids, a label twice, unknown fields', async () => {
    const id = await label();
    const t = await task();
    expect((await setLabels(admin, t, ['x'])).json().errors['labelIds.0']).toBeDefined();
    expect((await setLabels(admin, t, [id, id])).json().errors.labelIds).toEqual(['A label is named twice']);
    const extra = await call('PUT', `/api/Labels/tasks/${t}`, admin, { labelIds: [], add: [id] });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().errors.add).toBeDefined();
  });

  it("sets a task's labels: the answer, every read of the task, and its history", async () => {
    const bug = await label('Bug', 'red');
    const ui = await label('UI', 'indigo');
    const t = await task('Fix header');
    const put = await setLabels(employee, t, [ui, bug]);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toEqual({
      taskId: t,
      labels: [
        { labelId: bug, name: 'Bug', color: 'red' },
        { labelId: ui, name: 'UI', color: 'indigo' },
      ],
    });
    const detail = (await call('GET', `/api/Tasks/${t}`, employee)).json().data;
    expect(detail.labels.map((l: { name: string }) => l.name)).toEqual(['Bug', 'UI']);
    const listed = (
      await call('GET', `/api/Tasks/projects/${web.projectId}/tasks?pageSize=100`, employee)
    ).json().data.items as { taskId: string; labels: { name: string }[] }[];
    expect(listed.find((x) => x.taskId === t)?.labels.map((l) => l.name)).toEqual(['Bug', 'UI']);
    const board = (await call('GET', `/api/Tasks/projects/${web.projectId}/board`, employee)).json().data
      .items as { taskId: string; labels: { color: string }[] }[];
    expect(board.find((x) => x.taskId === t)?.labels.map((l) => l.color)).toEqual(['red', 'indigo']);

    // Taking one off and leaving the other: one line each way in the history.
    expect((await setLabels(employee, t, [bug])).json().data.labels).toHaveLength(1);
    // The same set again changes nothing and records nothing.
    expect((await setLabels(employee, t, [bug])).statusCode).toBe(200);
    const timeline = (await call('GET', `/api/Tasks/${t}/timeline`, employee)).json().data.items as {
      kind: string;
      activity?: { field: string; from: string | null; to: string | null };
    }[];
    const lines = timeline.flatMap((i) => (i.activity?.field === 'label' ? [i.activity] : []));
    expect(lines.map((l) => [l.from, l.to]).sort()).toEqual([
      [null, 'Bug'],
      [null, 'UI'],
      ['UI', null],
    ]);
    const empty = await setLabels(employee, t, []);
    expect(empty.json().data.labels).toEqual([]);
  });

  it('deleting a label takes it off every task', async () => {
    const gone = await label('Obsolete', 'grey');
    const keep = await label('Kept', 'amber');
    const t1 = await task();
    const t2 = await task();
    await setLabels(admin, t1, [gone, keep]);
    await setLabels(admin, t2, [gone]);
    const del = await call('DELETE', `/api/Labels/${gone}`, manager);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().data).toMatchObject({ labelId: gone, name: 'Obsolete', taskCount: 2 });
    expect(
      (await call('GET', `/api/Tasks/${t1}`, admin)).json().data.labels.map((l: { name: string }) => l.name),
    ).toEqual(['Kept']);
    expect((await call('GET', `/api/Tasks/${t2}`, admin)).json().data.labels).toEqual([]);
    expect(await database.db.select().from(taskLabels).where(eq(taskLabels.labelId, gone))).toEqual([]);
    expect((await call('DELETE', `/api/Labels/${gone}`, manager)).statusCode).toBe(404);
  });
});

describe('the labelIds filter (any of)', () => {
  let red: string;
  let blue: string;
  let a: string;
  let b: string;
  let c: string;
  let sub: string;

  beforeAll(async () => {
    red = await label('Filter red', 'red');
    blue = await label('Filter blue', 'blue');
    a = await task('Filter A', [employeeId]);
    b = await task('Filter B', [employeeId]);
    c = await task('Filter C', [employeeId]);
    sub = (
      await buildTask(database.db, acme, {
        taskListId: webList,
        title: 'Filter sub',
        parentTaskId: c,
        assigneeIds: [employeeId],
      })
    ).taskId;
    await setLabels(admin, a, [red]);
    await setLabels(admin, b, [red, blue]);
    await setLabels(admin, sub, [blue]);
  });

  it("a project's and a list's tasks", async () => {
    const project = await call('GET', `/api/Tasks/projects/${web.projectId}/tasks?labelIds=${red}`, employee);
    expect(ids(project.json().data.items)).toEqual([a, b].sort());
    expect(project.json().data.totalCount).toBe(2);
    const list = await call('GET', `/api/Tasks/tasklists/${webList}/tasks?labelIds=${blue}`, employee);
    expect(ids(list.json().data.items)).toEqual([b]);
    // Empty means no filter.
    const all = await call('GET', `/api/Tasks/tasklists/${webList}/tasks?labelIds=&pageSize=500`, employee);
    expect(all.json().data.items.length).toBeGreaterThan(2);
  });

  it('My Tasks and All Tasks, subtasks included; any of several, repeated or comma-separated', async () => {
    const mine = await call('GET', `/api/Tasks/users/mytasks?labelIds=${blue}`, employee);
    expect(ids(mine.json().data.items)).toEqual([b, sub].sort());
    const anyOf = await call('GET', `/api/Tasks/all?labelIds=${red},${blue}`, admin);
    expect(ids(anyOf.json().data.items)).toEqual([a, b, sub].sort());
    const repeated = await call('GET', `/api/Tasks/all?labelIds=${red}&labelIds=${blue}`, admin);
    expect(ids(repeated.json().data.items)).toEqual([a, b, sub].sort());
    // Another company's label matches nothing here.
    expect((await call('GET', `/api/Tasks/all?labelIds=${otherLabel}`, admin)).json().data.items).toEqual([]);
  });

  it('the board: its cards and its columns’ counts', async () => {
    const res = await call('GET', `/api/Tasks/projects/${web.projectId}/board?labelIds=${red}`, employee);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data as {
      items: { taskId: string }[];
      columns: { totalCount: number; unfilteredCount: number }[];
    };
    expect(ids(page.items)).toEqual([a, b].sort());
    expect(page.columns.reduce((n, col) => n + col.totalCount, 0)).toBe(2);
    expect(page.columns.reduce((n, col) => n + col.unfilteredCount, 0)).toBeGreaterThan(2);
  });
});

describe('live updates', () => {
  const open: LiveClient[] = [];
  afterAll(() => open.forEach((c) => c.close()));

  it("a label's change reaches the company's streams, a task's labels its readers; not another company's", async () => {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const reading = await openLive(base, employee.token);
    const foreign = await openLive(base, otherAdmin.token);
    open.push(reading, foreign);
    const id = await label('Live label', 'teal');
    await reading.next(isChange({ type: 'label', action: 'created', id }));
    const t = await task('Live task');
    expect((await setLabels(admin, t, [id])).statusCode).toBe(200);
    await reading.next(isChange({ type: 'task', action: 'updated', id: t }));
    expect((await call('PUT', `/api/Labels/${id}`, admin, { color: 'pink' })).statusCode).toBe(200);
    await reading.next(isChange({ type: 'label', action: 'updated', id }));
    // The other company's stream, open all along, heard none of it.
    expect(foreign.changes().filter((m) => m.id === id || m.id === t)).toEqual([]);
  });
});
