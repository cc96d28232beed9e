import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import {
  changes,
  notifications,
  notificationPreferences,
  tasks,
  taskDependencies,
} from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-app.ts';
import {
  bearer,
  buildProject,
  buildTask,
  buildTaskList,
  buildUser,
  login,
  type Session,
  statusIdOf,
  type TestCompany,
  twoTenants,
} from '../../test/factories.ts';

/**
 * Issue 26, dependencies: the endpoints (401, 400 per field, 403, cross-tenant and out-of-reach
 * 404/400, happy paths), cycle refusal (direct, transitive, two at once on PostgreSQL), the blocked
 * count on reads, the notification when a blocker is done, and auto-scheduling.
 */

let app: App;
let database: Database;
let acme: TestCompany;
let other: TestCompany;
let admin: Session;
let employee: Session;
let colleague: Session;
let reader: Session;
let noRole: Session;
let otherAdmin: Session;
let web: { projectId: string; code: string };
let ops: { projectId: string; code: string };
let webList: string;
let opsList: string;
let otherTaskId: string;

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  ({ acme, other, admin, employee, otherAdmin } = await twoTenants(app, database.db, {
    employee: { firstName: 'Eve', lastName: 'Employee' },
  }));
  colleague = await login(app, (await buildUser(database.db, acme, { firstName: 'Cole' })).email);
  reader = await login(
    app,
    (await buildUser(database.db, acme, { role: null, permissions: ['project:read', 'task:read'] })).email,
  );
  noRole = await login(app, (await buildUser(database.db, acme, { role: null })).email);
  const members = [acme.adminUserId, employee.userId, colleague.userId, reader.userId, noRole.userId];
  web = await buildProject(database.db, acme, { code: 'WEB', name: 'Website', memberIds: members });
  // The employee is not a member of OPS: its tasks are out of their reach.
  ops = await buildProject(database.db, acme, {
    code: 'OPS',
    name: 'Operations',
    memberIds: [acme.adminUserId],
  });
  webList = (await buildTaskList(database.db, acme, { projectId: web.projectId })).taskListId;
  opsList = (await buildTaskList(database.db, acme, { projectId: ops.projectId })).taskListId;
  const op = await buildProject(database.db, other, { memberIds: [other.adminUserId] });
  const ol = await buildTaskList(database.db, other, { projectId: op.projectId });
  otherTaskId = (await buildTask(database.db, other, { taskListId: ol.taskListId })).taskId;
});
afterAll(() => app.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, s?: Session, payload?: unknown) =>
  app.inject({
    method,
    url,
    headers: {
      ...(s ? bearer(s) : {}),
      ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
  });

async function task(
  o: {
    list?: string;
    title?: string;
    statusName?: string;
    assigneeIds?: string[];
    startDate?: string;
    dueDate?: string;
  } = {},
) {
  const t = await buildTask(database.db, acme, {
    taskListId: o.list ?? webList,
    title: o.title ?? 'Task',
    ...(o.statusName ? { statusName: o.statusName } : {}),
    ...(o.assigneeIds ? { assigneeIds: o.assigneeIds } : {}),
    ...(o.startDate ? { startDate: o.startDate } : {}),
    ...(o.dueDate ? { dueDate: o.dueDate } : {}),
  });
  const [row] = await database.db
    .select({ number: tasks.number, projectId: tasks.projectId })
    .from(tasks)
    .where(eq(tasks.id, t.taskId));
  const code = row?.projectId === ops.projectId ? 'OPS' : 'WEB';
  return { id: t.taskId, key: `${code}-${row?.number}` };
}

const link = (s: Session, blockerTaskId: string, blockedTaskId: string) =>
  call('POST', '/api/TaskDependencies', s, { blockerTaskId, blockedTaskId });

async function edges() {
  return database.db
    .select({ blocker: taskDependencies.blockerTaskId, blocked: taskDependencies.blockedTaskId })
    .from(taskDependencies);
}

describe('POST /api/TaskDependencies', () => {
  it('401 without a token', async () => {
    const [a, b] = [await task(), await task()];
    expect((await link(undefined as unknown as Session, a.id, b.id)).statusCode).toBe(401);
  });

  it('400 per field: missing, not a uuid, the same task, unknown fields', async () => {
    const a = await task();
    let res = await call('POST', '/api/TaskDependencies', employee, {});
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['blockedTaskId', 'blockerTaskId']);
    res = await link(employee, 'nope', a.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('blockerTaskId');
    res = await link(employee, a.id, a.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.blockedTaskId).toEqual(['A task cannot block itself']);
    res = await call('POST', '/api/TaskDependencies', employee, {
      blockerTaskId: a.id,
      blockedTaskId: a.id,
      companyId: acme.companyId,
    });
    expect(res.statusCode).toBe(400);
    expect(await edges()).toEqual([]);
  });

  it('403 without task:update (a reader may read both tasks), and nothing is written', async () => {
    const [a, b] = [await task(), await task()];
    expect((await link(reader, a.id, b.id)).statusCode).toBe(403);
    expect((await link(noRole, a.id, b.id)).statusCode).toBe(403);
    expect(await edges()).toEqual([]);
  });

  it("400 on the field naming another company's task or a task out of the caller's reach", async () => {
    const a = await task();
    const hidden = await task({ list: opsList });
    let res = await link(employee, otherTaskId, a.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.blockerTaskId).toEqual(['Task not found']);
    res = await link(employee, a.id, otherTaskId);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.blockedTaskId).toEqual(['Task not found']);
    res = await link(employee, hidden.id, a.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('blockerTaskId');
    res = await link(otherAdmin, a.id, otherTaskId);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('blockerTaskId');
    expect(await edges()).toEqual([]);
  });

  it('adds one (201, the blocked task’s dependencies), 409 the second time, across projects for whoever reads both', async () => {
    const a = await task({ title: 'Design' });
    const b = await task({ title: 'Build' });
    const res = await link(employee, a.id, b.id);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      taskId: b.id,
      blockedBy: [
        {
          taskId: a.id,
          key: a.key,
          title: 'Design',
          projectName: 'Website',
          statusName: 'Open',
          done: false,
        },
      ],
      blocking: [],
    });
    const again = await link(employee, a.id, b.id);
    expect(again.statusCode).toBe(409);
    // Across projects: the admin reads OPS too.
    const o = await task({ list: opsList, title: 'Server' });
    expect((await link(admin, o.id, b.id)).statusCode).toBe(201);
    // Each side's change is recorded as a change of its task, with its history line.
    const recorded = await database.db
      .select({ entity: changes.entityId, fields: changes.fields })
      .from(changes)
      .where(and(eq(changes.companyId, acme.companyId), eq(changes.type, 'task')));
    expect(recorded).toEqual(
      expect.arrayContaining([
        { entity: b.id, fields: [{ field: 'blockedBy', from: null, to: `${a.key} Design` }] },
        { entity: a.id, fields: [{ field: 'blocking', from: null, to: `${b.key} Build` }] },
      ]),
    );
    const timeline = await call('GET', `/api/Tasks/${b.id}/timeline`, employee);
    expect(timeline.statusCode).toBe(200);
    expect(JSON.stringify(timeline.json().data)).toContain(`${a.key} Design`);
  });
});

describe('cycles are refused, naming the cycle', () => {
  it('direct: A blocks B, then B blocks A', async () => {
    const a = await task();
    const b = await task();
    expect((await link(employee, a.id, b.id)).statusCode).toBe(201);
    const res = await link(employee, b.id, a.id);
    expect(res.statusCode).toBe(400);
    const message = `This would make a cycle: ${b.key} → ${a.key} → ${b.key}`;
    expect(res.json().message).toBe(message);
    expect(res.json().errors.blockerTaskId).toEqual([message]);
  });

  it('transitive: A → B → C, then C blocks A', async () => {
    const [a, b, c] = [await task(), await task(), await task()];
    expect((await link(employee, a.id, b.id)).statusCode).toBe(201);
    expect((await link(employee, b.id, c.id)).statusCode).toBe(201);
    const res = await link(employee, c.id, a.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`This would make a cycle: ${c.key} → ${a.key} → ${b.key} → ${c.key}`);
    // A diamond is no cycle: A → C as well is fine.
    expect((await link(employee, a.id, c.id)).statusCode).toBe(201);
  });

  it('a cycle through a task the caller cannot open does not name it', async () => {
    const [a, b] = [await task(), await task()];
    const hidden = await task({ list: opsList });
    expect((await link(admin, a.id, hidden.id)).statusCode).toBe(201);
    expect((await link(admin, hidden.id, b.id)).statusCode).toBe(201);
    const res = await link(employee, b.id, a.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      `This would make a cycle: ${b.key} → ${a.key} → a task you cannot open → ${b.key}`,
    );
  });

  it.runIf(process.env.DATABASE_URL)(
    'two inserts at once that together close a cycle: one is refused (PostgreSQL)',
    async () => {
      for (let round = 0; round < 5; round++) {
        const [a, b] = [await task(), await task()];
        const answers = await Promise.all([link(employee, a.id, b.id), link(colleague, b.id, a.id)]);
        expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 400]);
        const rows = (await edges()).filter((e) => [a.id, b.id].includes(e.blocker));
        expect(rows).toHaveLength(1);
      }
    },
  );
});

describe('GET /api/TaskDependencies?taskId=', () => {
  it('401, 400 per field, 403, 404 across tenants and out of reach', async () => {
    const a = await task();
    expect((await call('GET', `/api/TaskDependencies?taskId=${a.id}`)).statusCode).toBe(401);
    const bad = await call('GET', '/api/TaskDependencies?taskId=nope', employee);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('taskId');
    const missing = await call('GET', '/api/TaskDependencies', employee);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty('taskId');
    expect((await call('GET', `/api/TaskDependencies?taskId=${a.id}`, noRole)).statusCode).toBe(403);
    expect((await call('GET', `/api/TaskDependencies?taskId=${otherTaskId}`, employee)).statusCode).toBe(404);
    expect((await call('GET', `/api/TaskDependencies?taskId=${a.id}`, otherAdmin)).statusCode).toBe(404);
    const hidden = await task({ list: opsList });
    expect((await call('GET', `/api/TaskDependencies?taskId=${hidden.id}`, employee)).statusCode).toBe(404);
  });

  it('both ways, open first, only the tasks the reader may read', async () => {
    const blocked = await task({ title: 'Launch' });
    const open = await task({ title: 'Open blocker' });
    const done = await task({ title: 'Done blocker', statusName: 'Completed' });
    const hidden = await task({ list: opsList, title: 'Secret' });
    const after = await task({ title: 'After launch' });
    for (const [x, y] of [
      [done, blocked],
      [open, blocked],
      [hidden, blocked],
      [blocked, after],
    ] as const)
      expect((await link(admin, x.id, y.id)).statusCode).toBe(201);
    const res = await call('GET', `/api/TaskDependencies?taskId=${blocked.id}`, employee);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.blockedBy.map((t: { title: string; done: boolean }) => [t.title, t.done])).toEqual([
      ['Open blocker', false],
      ['Done blocker', true],
    ]);
    expect(data.blocking.map((t: { title: string }) => t.title)).toEqual(['After launch']);
    const all = await call('GET', `/api/TaskDependencies?taskId=${blocked.id}`, admin);
    expect(all.json().data.blockedBy.map((t: { title: string }) => t.title)).toContain('Secret');
  });
});

describe('DELETE /api/TaskDependencies/{blockerTaskId}/{blockedTaskId}', () => {
  it('401, 400 per field, 403, 404 across tenants, unknown and out of reach; then removes it', async () => {
    const [a, b] = [await task({ title: 'First' }), await task({ title: 'Second' })];
    expect((await link(employee, a.id, b.id)).statusCode).toBe(201);
    const url = `/api/TaskDependencies/${a.id}/${b.id}`;
    expect((await call('DELETE', url)).statusCode).toBe(401);
    const bad = await call('DELETE', '/api/TaskDependencies/nope/also-nope', employee);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['blockedTaskId', 'blockerTaskId']);
    expect((await call('DELETE', url, reader)).statusCode).toBe(403);
    expect((await call('DELETE', url, otherAdmin)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/TaskDependencies/${otherTaskId}/${b.id}`, employee)).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/api/TaskDependencies/${b.id}/${a.id}`, employee)).statusCode).toBe(404);
    const hidden = await task({ list: opsList });
    expect((await link(admin, a.id, hidden.id)).statusCode).toBe(201);
    expect((await call('DELETE', `/api/TaskDependencies/${a.id}/${hidden.id}`, employee)).statusCode).toBe(
      404,
    );
    expect((await edges()).some((e) => e.blocker === a.id && e.blocked === b.id)).toBe(true);
    const res = await call('DELETE', url, employee);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ taskId: b.id, blockedBy: [] });
    expect((await edges()).some((e) => e.blocker === a.id && e.blocked === b.id)).toBe(false);
    expect((await call('DELETE', url, employee)).statusCode).toBe(404);
  });

  it('a deleted task takes its dependencies with it', async () => {
    const [a, b] = [await task(), await task()];
    expect((await link(admin, a.id, b.id)).statusCode).toBe(201);
    expect((await call('DELETE', `/api/Tasks/${a.id}`, admin)).statusCode).toBe(200);
    expect((await edges()).some((e) => e.blocked === b.id)).toBe(false);
  });
});

describe('GET /api/TaskDependencies/candidates', () => {
  it('401, 400, 403, 404; finds readable tasks by title or key, never the task itself', async () => {
    const a = await task({ title: 'Candidate alpha' });
    const b = await task({ title: 'Candidate beta' });
    await task({ list: opsList, title: 'Candidate hidden' });
    const url = (s: string) =>
      `/api/TaskDependencies/candidates?taskId=${a.id}&search=${encodeURIComponent(s)}`;
    expect((await call('GET', url('Candidate'))).statusCode).toBe(401);
    const bad = await call('GET', `/api/TaskDependencies/candidates?taskId=${a.id}`, employee);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('search');
    expect((await call('GET', url('Candidate'), noRole)).statusCode).toBe(403);
    expect(
      (await call('GET', `/api/TaskDependencies/candidates?taskId=${otherTaskId}&search=x`, employee))
        .statusCode,
    ).toBe(404);
    const found = await call('GET', url('Candidate'), employee);
    expect(found.statusCode).toBe(200);
    expect(found.json().data.map((t: { title: string }) => t.title)).toEqual(['Candidate beta']);
    const byKey = await call('GET', url(b.key), employee);
    expect(byKey.json().data.map((t: { taskId: string }) => t.taskId)).toContain(b.id);
  });
});

describe('blocked on reads', () => {
  it('cards, list rows and the detail carry the open blockers count; done blockers do not count', async () => {
    const list = (await buildTaskList(database.db, acme, { projectId: web.projectId })).taskListId;
    const blocked = await task({ list, title: 'Waits' });
    const b1 = await task({ list, title: 'B1' });
    const b2 = await task({ list, title: 'B2' });
    const b3 = await task({ list, title: 'B3', statusName: 'Cancelled' });
    for (const b of [b1, b2, b3]) expect((await link(admin, b.id, blocked.id)).statusCode).toBe(201);
    const count = async (url: string, id = blocked.id) => {
      const res = await call('GET', url, employee);
      expect(res.statusCode).toBe(200);
      const items = (res.json().data.items ?? [res.json().data]) as {
        taskId: string;
        blockedByOpenCount: number;
      }[];
      return items.find((t) => t.taskId === id)?.blockedByOpenCount;
    };
    expect(await count(`/api/Tasks/tasklists/${list}/tasks`)).toBe(2);
    expect(await count(`/api/Tasks/projects/${web.projectId}/board`)).toBe(2);
    expect(await count(`/api/Tasks/${blocked.id}`)).toBe(2);
    expect(await count(`/api/Tasks/${b1.id}`, b1.id)).toBe(0);
    expect(
      (
        await call('PUT', `/api/Tasks/${b1.id}`, admin, {
          statusId: await statusIdOf(database.db, acme.companyId, 'Completed'),
        })
      ).statusCode,
    ).toBe(200);
    expect(await count(`/api/Tasks/tasklists/${list}/tasks`)).toBe(1);
  });
});

describe('statement counts with dependencies present', () => {
  /** Counts the statements the driver runs (PGlite and node-postgres both go through `query`). */
  function queryCounter(db: unknown) {
    const client = (db as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const original = client.query;
    let n = 0;
    client.query = function (this: unknown, ...args: unknown[]) {
      n++;
      return original.apply(this, args);
    };
    return { count: () => n, reset: () => (n = 0), restore: () => (client.query = original) };
  }

  it('a list and the board run as many statements for 1 row as for 50, every row blocked', async () => {
    const proj = await buildProject(database.db, acme, { memberIds: [acme.adminUserId, employee.userId] });
    const list = (await buildTaskList(database.db, acme, { projectId: proj.projectId })).taskListId;
    const blocker = await task({ list });
    for (let i = 0; i < 30; i++) {
      const t = await buildTask(database.db, acme, { taskListId: list, title: `Row ${i}` });
      await database.db
        .insert(taskDependencies)
        .values({ companyId: acme.companyId, blockerTaskId: blocker.id, blockedTaskId: t.taskId });
    }
    // Counted on the pool's `query`: an app without row-level security, whose request transaction
    // runs its statements on a connection of its own (plugins/auth.ts); the statements are the same.
    const { app: plain } = await buildTestApp({ rls: false });
    const get = (url: string) => plain.inject({ method: 'GET', url, headers: bearer(employee) });
    await get('/api/auth/me');
    const counter = queryCounter(database.db);
    try {
      for (const url of [
        (n: number) => `/api/Tasks/tasklists/${list}/tasks?pageSize=${n}`,
        (n: number) => `/api/Tasks/projects/${proj.projectId}/board?perColumn=${n}`,
      ]) {
        const counts: number[] = [];
        for (const n of [1, 50]) {
          counter.reset();
          const res = await get(url(n));
          expect(res.statusCode).toBe(200);
          const items = res.json().data.items as { blockedByOpenCount: number; taskId: string }[];
          expect(items.filter((t) => t.taskId !== blocker.id).every((t) => t.blockedByOpenCount === 1)).toBe(
            true,
          );
          counts.push(counter.count());
        }
        expect(counts[0], url(1)).toBe(counts[1]);
      }
    } finally {
      counter.restore();
      await plain.close();
    }
  });
});

describe('completing a blocker notifies the assignees of the tasks it leaves unblocked', () => {
  async function unblockedOf(userId: string, taskId: string) {
    return database.db
      .select({ detail: notifications.detail, actorId: notifications.actorId })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          eq(notifications.taskId, taskId),
          eq(notifications.kind, 'task_unblocked'),
        ),
      );
  }
  const complete = async (s: Session, id: string, status = 'Completed') =>
    call('PUT', `/api/Tasks/${id}`, s, { statusId: await statusIdOf(database.db, acme.companyId, status) });

  it('only when no open blocker is left; never the actor; through the board move and the bulk route too', async () => {
    const free = await task({ title: 'Free soon', assigneeIds: [employee.userId, colleague.userId] });
    const still = await task({ title: 'Still blocked', assigneeIds: [employee.userId] });
    const blocker = await task({ title: 'Blocker' });
    const other = await task({ title: 'Other blocker' });
    for (const [x, y] of [
      [blocker, free],
      [blocker, still],
      [other, still],
    ] as const)
      expect((await link(admin, x.id, y.id)).statusCode).toBe(201);
    // The colleague (an assignee) finishes the blocker: the employee hears of it, the colleague not.
    expect((await complete(colleague, blocker.id)).statusCode).toBe(200);
    expect(await unblockedOf(employee.userId, free.id)).toEqual([
      { detail: `${blocker.key} is done`, actorId: colleague.userId },
    ]);
    expect(await unblockedOf(colleague.userId, free.id)).toEqual([]);
    expect(await unblockedOf(employee.userId, still.id)).toEqual([]);
    // Completed → Cancelled frees nothing new.
    expect((await complete(admin, blocker.id, 'Cancelled')).statusCode).toBe(200);
    expect(await unblockedOf(employee.userId, free.id)).toHaveLength(1);
    // The last open blocker, done by the bulk route.
    const bulk = await call('POST', '/api/Tasks/bulk', admin, {
      taskIds: [other.id],
      action: 'status',
      statusId: await statusIdOf(database.db, acme.companyId, 'Completed'),
    });
    expect(bulk.statusCode).toBe(200);
    expect(await unblockedOf(employee.userId, still.id)).toEqual([
      { detail: `${other.key} is done`, actorId: acme.adminUserId },
    ]);
  });

  it('honours the settings: in-app off writes nothing', async () => {
    await database.db.insert(notificationPreferences).values({
      companyId: acme.companyId,
      userId: colleague.userId,
      kind: 'task_unblocked',
      inApp: false,
      email: false,
    });
    const waits = await task({ assigneeIds: [colleague.userId, employee.userId] });
    const blocker = await task();
    expect((await link(admin, blocker.id, waits.id)).statusCode).toBe(201);
    expect((await complete(admin, blocker.id)).statusCode).toBe(200);
    expect(await unblockedOf(colleague.userId, waits.id)).toEqual([]);
    expect(await unblockedOf(employee.userId, waits.id)).toHaveLength(1);
    const settings = await call('GET', '/api/Notifications/settings', colleague);
    expect(settings.json().data.kinds).toContainEqual({ kind: 'task_unblocked', inApp: false, email: false });
  });
});

describe('auto-scheduling', () => {
  const datesOf = async (id: string) => {
    const [row] = await database.db
      .select({ startDate: tasks.startDate, dueDate: tasks.dueDate })
      .from(tasks)
      .where(eq(tasks.id, id));
    return row;
  };

  it('GET/PUT the switch: 401, 400, 403, 404 across tenants and out of reach; off by default', async () => {
    const url = `/api/TaskDependencies/projects/${web.projectId}/schedule`;
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('PUT', url, undefined, { autoSchedule: true })).statusCode).toBe(401);
    const bad = await call('PUT', url, admin, { autoSchedule: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('autoSchedule');
    expect(
      (
        await call('PUT', '/api/TaskDependencies/projects/nope/schedule', admin, { autoSchedule: true })
      ).json().errors,
    ).toHaveProperty('projectId');
    expect((await call('PUT', url, employee, { autoSchedule: true })).statusCode).toBe(403);
    expect((await call('GET', url, noRole)).statusCode).toBe(403);
    expect((await call('PUT', url, otherAdmin, { autoSchedule: true })).statusCode).toBe(404);
    expect(
      (await call('GET', `/api/TaskDependencies/projects/${ops.projectId}/schedule`, employee)).statusCode,
    ).toBe(404);
    const read = await call('GET', url, employee);
    expect(read.json().data).toEqual({ projectId: web.projectId, autoSchedule: false });
  });

  it('off: a blocker moving later moves nothing', async () => {
    const blocker = await task({ dueDate: '2026-12-04' });
    const waits = await task({ startDate: '2026-12-04', dueDate: '2026-12-07' });
    expect((await link(admin, blocker.id, waits.id)).statusCode).toBe(201);
    expect((await call('PUT', `/api/Tasks/${blocker.id}`, admin, { dueDate: '2026-12-07' })).statusCode).toBe(
      200,
    );
    expect(await datesOf(waits.id)).toEqual({ startDate: '2026-12-04', dueDate: '2026-12-07' });
  });

  it('on: dependents move by the same working days, across a weekend, transitively, each recorded', async () => {
    const sched = await buildProject(database.db, acme, {
      code: 'SCH',
      memberIds: [acme.adminUserId, employee.userId],
    });
    const list = (await buildTaskList(database.db, acme, { projectId: sched.projectId })).taskListId;
    const on = await call('PUT', `/api/TaskDependencies/projects/${sched.projectId}/schedule`, admin, {
      autoSchedule: true,
    });
    expect(on.statusCode).toBe(200);
    expect(on.json().data).toEqual({ projectId: sched.projectId, autoSchedule: true });
    // Friday 4 December 2026 → Monday 7 December: one working day later.
    const blocker = await task({ list, dueDate: '2026-12-04' });
    const next = await task({
      list,
      startDate: '2026-12-04',
      dueDate: '2026-12-07',
      assigneeIds: [employee.userId],
    });
    const last = await task({ list, startDate: '2026-12-08', dueDate: '2026-12-11' });
    // A task of a project without the switch stays where it is.
    const elsewhere = await task({ startDate: '2026-12-07', dueDate: '2026-12-08' });
    expect((await link(admin, blocker.id, next.id)).statusCode).toBe(201);
    expect((await link(admin, next.id, last.id)).statusCode).toBe(201);
    expect((await link(admin, blocker.id, elsewhere.id)).statusCode).toBe(201);
    expect((await call('POST', `/api/Tasks/${next.id}/watch`, employee)).statusCode).toBe(200);
    const moved = await call('PUT', `/api/Tasks/${blocker.id}`, admin, { dueDate: '2026-12-07' });
    expect(moved.statusCode).toBe(200);
    expect(await datesOf(next.id)).toEqual({ startDate: '2026-12-07', dueDate: '2026-12-08' });
    expect(await datesOf(last.id)).toEqual({ startDate: '2026-12-09', dueDate: '2026-12-14' });
    expect(await datesOf(elsewhere.id)).toEqual({ startDate: '2026-12-07', dueDate: '2026-12-08' });
    const recorded = await database.db
      .select({ fields: changes.fields })
      .from(changes)
      .where(
        and(eq(changes.companyId, acme.companyId), eq(changes.entityId, next.id), eq(changes.type, 'task')),
      );
    expect(recorded.map((r) => r.fields)).toContainEqual([
      { field: 'startDate', from: '2026-12-04', to: '2026-12-07' },
      { field: 'dueDate', from: '2026-12-07', to: '2026-12-08' },
    ]);
    // The watcher (assignee) of the moved task hears of its new due date.
    const heard = await database.db
      .select({ detail: notifications.detail })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, employee.userId),
          eq(notifications.taskId, next.id),
          eq(notifications.kind, 'due_date_changed'),
        ),
      );
    expect(heard).toEqual([{ detail: '2026-12-08' }]);
    // Earlier, or the same working day (Monday → Sunday is earlier; Friday → Saturday is no working day): nothing moves.
    expect((await call('PUT', `/api/Tasks/${blocker.id}`, admin, { dueDate: '2026-12-05' })).statusCode).toBe(
      200,
    );
    expect((await call('PUT', `/api/Tasks/${blocker.id}`, admin, { dueDate: '2026-12-06' })).statusCode).toBe(
      200,
    );
    expect(await datesOf(next.id)).toEqual({ startDate: '2026-12-07', dueDate: '2026-12-08' });
  });
});
