import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, TASK_BULK_MESSAGES } from '@taskhive/contract';
import type { App } from '../../app.ts';
import { CHANGE_REACTIONS, type ChangeReaction } from '../../change-subscribers.ts';
import type { Database } from '../../db/client.ts';
import { activities, changes, taskAssignees, tasks } from '../../db/schema/index.ts';
import { buildCountingApp, buildTestApp } from '../../test/build-app.ts';
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

let app: App;
let database: Database;
let acme: TestCompany;
let other: TestCompany;
let admin: Session;
let employee: Session;
let employeeId: string;
let otherAdmin: Session;
let listId: string;
let hiddenListId: string;
let theirTaskId: string;
let completed: string;
let inProgress: string;

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  ({ acme, other, admin, employee, employeeId, otherAdmin } = await twoTenants(app, database.db));
  const project = await buildProject(database.db, acme, { memberIds: [acme.adminUserId, employeeId] });
  listId = (await buildTaskList(database.db, acme, { projectId: project.projectId })).taskListId;
  const hidden = await buildProject(database.db, acme, { memberIds: [acme.adminUserId] });
  hiddenListId = (await buildTaskList(database.db, acme, { projectId: hidden.projectId })).taskListId;
  const theirs = await buildProject(database.db, other, { memberIds: [other.adminUserId] });
  const theirList = await buildTaskList(database.db, other, { projectId: theirs.projectId });
  theirTaskId = (await buildTask(database.db, other, { taskListId: theirList.taskListId })).taskId;
  completed = await statusIdOf(database.db, acme.companyId, 'Completed');
  inProgress = await statusIdOf(database.db, acme.companyId, 'In Progress');
});
afterAll(() => app.close());

const url = '/api/Tasks/bulk';
const post = (s: Session | undefined, payload: object, on: App = app) =>
  on.inject({ method: 'POST', url, headers: s ? bearer(s) : {}, payload });

async function someTasks(n: number, o: { taskListId?: string; assigneeIds?: string[] } = {}) {
  const made = [];
  for (let i = 0; i < n; i++)
    made.push(
      await buildTask(database.db, acme, {
        taskListId: o.taskListId ?? listId,
        title: `Bulk ${i}`,
        statusName: 'Open',
        ...(o.assigneeIds ? { assigneeIds: o.assigneeIds } : {}),
      }),
    );
  return made.map((t) => t.taskId);
}

const statusesOf = async (ids: string[]) =>
  (
    await database.db
      .select({ statusId: tasks.statusId })
      .from(tasks)
      .where(and(eq(tasks.companyId, acme.companyId), inArray(tasks.id, ids)))
  ).map((r) => r.statusId);

const changeRows = (ids: string[], action: string) =>
  database.db
    .select({ entityId: changes.entityId, fields: changes.fields })
    .from(changes)
    .where(
      and(eq(changes.companyId, acme.companyId), inArray(changes.entityId, ids), eq(changes.action, action)),
    );

describe('POST /api/Tasks/bulk', () => {
  it('401 without a token; 400 on bad input, with field errors', async () => {
    const [id] = await someTasks(1);
    expect((await post(undefined, { taskIds: [id], action: 'delete' })).statusCode).toBe(401);
    const bad = async (payload: object, field: string) => {
      const res = await post(admin, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(Object.keys(res.json().errors ?? {}).join(','), JSON.stringify(res.json())).toContain(field);
    };
    await bad({ taskIds: [], action: 'delete' }, 'taskIds');
    const many = Array.from({ length: 101 }, () => crypto.randomUUID());
    await bad({ taskIds: many, action: 'delete' }, 'taskIds');
    await bad({ taskIds: [id, id], action: 'delete' }, 'taskIds');
    await bad({ taskIds: [id], action: 'delete', sneaky: true }, 'sneaky');
    await bad({ taskIds: [id], action: 'status' }, 'statusId');
    await bad({ taskIds: [id], action: 'status', statusId: 'not-a-uuid' }, 'statusId');
    await bad({ taskIds: [id], action: 'archive' }, 'action');
    await bad({ taskIds: [id], action: 'assignee' }, 'assigneeId');
    // A well-formed status that is not the company's: 400 from the service, nothing changed.
    const foreign = await post(admin, { taskIds: [id], action: 'status', statusId: crypto.randomUUID() });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors.statusId).toEqual([MESSAGES.projects.statusNotInCompany]);
    // An assignee who is not a member of the task's project: 400 naming the task's key.
    const outsider = await buildUser(database.db, acme);
    const notMember = await post(admin, { taskIds: [id], action: 'assignee', assigneeId: outsider.userId });
    expect(notMember.statusCode).toBe(400);
    expect(notMember.json().errors.assigneeId[0]).toMatch(
      /^The assignee is not a member of \S+-\d+'s project$/,
    );
    expect(await statusesOf(id ? [id] : [])).toEqual([await statusIdOf(database.db, acme.companyId, 'Open')]);
  });

  it('403 naming the task when the caller may not make the change; nothing changes', async () => {
    const ids = await someTasks(3);
    // An employee may update the tasks of their projects but not delete them.
    const refused = await post(employee, { taskIds: ids, action: 'delete' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/^You may not delete \S+-\d+$/);
    expect(refused.json().message).not.toContain(ids[0]);
    expect(await statusesOf(ids)).toHaveLength(3);
    // Someone who may delete but not update: a status change is refused, naming the task's key.
    const deleter = await login(
      app,
      (
        await buildUser(database.db, acme, {
          role: null,
          permissions: ['task:read', 'task:delete', 'task:read:all'],
        })
      ).email,
    );
    const noUpdate = await post(deleter, { taskIds: ids, action: 'status', statusId: completed });
    expect(noUpdate.statusCode).toBe(403);
    const key = (
      await app.inject({ method: 'GET', url: `/api/Tasks/${ids[0]}`, headers: bearer(admin) })
    ).json().data.key as string;
    expect(noUpdate.json().message).toBe(TASK_BULK_MESSAGES.mayNotUpdate(key));
    expect(new Set(await statusesOf(ids)).has(completed)).toBe(false);
    expect(await changeRows(ids, 'updated')).toHaveLength(0);
    // Without either right the route refuses before anything is read.
    const reader = await login(
      app,
      (await buildUser(database.db, acme, { role: null, permissions: ['task:read'] })).email,
    );
    expect((await post(reader, { taskIds: ids, action: 'delete' })).statusCode).toBe(403);
  });

  it("404 when one task is another company's or out of reach (as for one task); nothing changes", async () => {
    const ids = await someTasks(2);
    const mixed = await post(admin, {
      taskIds: [...ids, theirTaskId],
      action: 'status',
      statusId: completed,
    });
    expect(mixed.statusCode).toBe(404);
    expect(new Set(await statusesOf(ids)).has(completed)).toBe(false);
    const unknown = await post(admin, { taskIds: [...ids, crypto.randomUUID()], action: 'delete' });
    expect(unknown.statusCode).toBe(404);
    expect(await statusesOf(ids)).toHaveLength(2);
    // The other company's admin cannot reach ours either.
    expect((await post(otherAdmin, { taskIds: ids, action: 'delete' })).statusCode).toBe(404);
    // A task of a project the employee is not a member of answers 404, as GET/PUT /Tasks/{id} do.
    const [hidden] = await someTasks(1, { taskListId: hiddenListId });
    const outOfReach = await post(employee, {
      taskIds: [...ids, hidden],
      action: 'status',
      statusId: completed,
    });
    expect(outOfReach.statusCode).toBe(404);
    expect(new Set(await statusesOf(ids)).has(completed)).toBe(false);
    expect(await changeRows(ids, 'updated')).toHaveLength(0);
  });

  it('status: every task moves in one request, each change recorded with its activity', async () => {
    const ids = await someTasks(3);
    const res = await post(employee, { taskIds: ids, action: 'status', statusId: completed });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(TASK_BULK_MESSAGES.updated(3));
    const data = res.json().data as { tasks: { taskId: string; statusName: string; progress: number }[] };
    expect(data.tasks.map((t) => t.taskId)).toEqual(ids);
    expect(data.tasks.every((t) => t.statusName === 'Completed' && t.progress === 100)).toBe(true);
    expect(await statusesOf(ids)).toEqual([completed, completed, completed]);
    const recorded = await changeRows(ids, 'updated');
    expect(recorded.map((c) => c.entityId).sort()).toEqual([...ids].sort());
    expect(recorded.every((c) => c.fields?.some((f) => f.field === 'status' && f.to === 'Completed'))).toBe(
      true,
    );
    const history = await database.db
      .select({ taskId: activities.taskId, from: activities.fromValue, to: activities.toValue })
      .from(activities)
      .where(
        and(
          eq(activities.companyId, acme.companyId),
          inArray(activities.taskId, ids),
          eq(activities.field, 'status'),
        ),
      );
    expect(history).toHaveLength(3);
    expect(history.every((h) => h.from === 'Open' && h.to === 'Completed')).toBe(true);
  });

  it('assignee: sets the one assignee, or unassigns everyone with null', async () => {
    const ids = await someTasks(2, { assigneeIds: [acme.adminUserId] });
    const set = await post(admin, { taskIds: ids, action: 'assignee', assigneeId: employeeId });
    expect(set.statusCode).toBe(200);
    const data = set.json().data as { tasks: { assignees: { userId: string }[] }[] };
    expect(data.tasks.map((t) => t.assignees.map((a) => a.userId))).toEqual([[employeeId], [employeeId]]);
    const rows = await database.db
      .select({ userId: taskAssignees.userId })
      .from(taskAssignees)
      .where(and(eq(taskAssignees.companyId, acme.companyId), inArray(taskAssignees.taskId, ids)));
    expect(rows.map((r) => r.userId)).toEqual([employeeId, employeeId]);
    expect(await changeRows(ids, 'updated')).toHaveLength(2);
    const cleared = await post(admin, { taskIds: ids, action: 'assignee', assigneeId: null });
    expect(cleared.statusCode).toBe(200);
    expect(
      (cleared.json().data.tasks as { assignees: unknown[] }[]).every((t) => t.assignees.length === 0),
    ).toBe(true);
    const history = await database.db
      .select({ to: activities.toValue })
      .from(activities)
      .where(
        and(
          eq(activities.companyId, acme.companyId),
          inArray(activities.taskId, ids),
          eq(activities.field, 'assignees'),
        ),
      );
    expect(history).toHaveLength(4);
  });

  it('delete: removes the tasks and their subtasks, recording one change each', async () => {
    const ids = await someTasks(3);
    const sub = await buildTask(database.db, acme, { taskListId: listId, parentTaskId: ids[0] });
    const res = await post(admin, { taskIds: ids, action: 'delete' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.deletedIds).toEqual(ids);
    expect(res.json().message).toBe(TASK_BULK_MESSAGES.deleted(3));
    expect(await statusesOf([...ids, sub.taskId])).toHaveLength(0);
    expect((await changeRows(ids, 'deleted')).map((c) => c.entityId).sort()).toEqual([...ids].sort());
  });

  it('the OpenAPI document lists the route', async () => {
    const doc = (await app.inject({ url: '/api/docs/json' })).json();
    expect(doc.paths['/api/Tasks/bulk']?.post?.tags).toEqual(['tasks']);
  });

  /**
   * The bulk's own statements (loads, the UPDATE or DELETE, the progress, the change rows with
   * their activity) do not grow with the number of tasks. The reactions to the changes
   * (notifications: change-subscribers.ts) are counted apart: they still read per change (who
   * follows each task), the notifications feature's to batch.
   */
  it.each([
    ['status', () => ({ action: 'status', statusId: inProgress })],
    ['assignee', () => ({ action: 'assignee', assigneeId: employeeId })],
    ['unassign', () => ({ action: 'assignee', assigneeId: null })],
    ['delete', () => ({ action: 'delete' })],
  ])('%s: 2 tasks and 50 tasks run the same number of statements', async (_name, body) => {
    const { app: counted, counter } = await buildCountingApp(database);
    const reactions = CHANGE_REACTIONS as ChangeReaction[];
    const originals = [...reactions];
    let inReactions = 0;
    reactions.splice(
      0,
      reactions.length,
      ...originals.map((react): ChangeReaction => async (tx, events) => {
        const before = counter.statements;
        try {
          await react(tx, events);
        } finally {
          inReactions += counter.statements - before;
        }
      }),
    );
    try {
      const own: number[] = [];
      // A first request warms the session's permission cache.
      expect((await post(admin, { taskIds: await someTasks(1), ...body() }, counted)).statusCode).toBe(200);
      for (const n of [2, 50]) {
        const ids = await someTasks(n, { assigneeIds: [acme.adminUserId] });
        counter.statements = 0;
        inReactions = 0;
        const res = await post(admin, { taskIds: ids, ...body() }, counted);
        expect(res.statusCode).toBe(200);
        own.push(counter.statements - inReactions);
      }
      expect(own[0]).toBeGreaterThan(3);
      expect(own[1]).toBe(own[0]);
    } finally {
      reactions.splice(0, reactions.length, ...originals);
      await counted.close();
    }
  });
});
