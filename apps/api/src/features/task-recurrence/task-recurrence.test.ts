import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import {
  activities,
  customFieldValues,
  taskOccurrences,
  taskRecurrences,
  tasks,
  taskAssignees,
  users,
} from '../../db/schema/index.ts';
import { appDb, buildTestApp } from '../../test/build-app.ts';
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
import { makeDueOccurrences, makeNextAfterCompletion, RECURRENCE_NEXT } from './task-recurrence.service.ts';
import { queuedJobs } from '../../test/jobs.ts';

/**
 * Issue 26, recurring tasks: the endpoints (401, 400 per field, 403, cross-tenant and out-of-reach
 * 404, happy paths), the next occurrence on completion (with subtasks, assignees, shifted dates, its
 * history), the hourly round of on_date series in the rule's time zone (once), "this occurrence"
 * and "all future".
 */

let app: App;
let database: Database;
let acme: TestCompany;
let admin: Session;
let employee: Session;
let reader: Session;
let noRole: Session;
let otherAdmin: Session;
let webList: string;
let opsList: string;
let otherTaskId: string;

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  let other: TestCompany;
  ({ acme, other, admin, employee, otherAdmin } = await twoTenants(app, database.db, {
    employee: { firstName: 'Eve', lastName: 'Employee' },
  }));
  reader = await login(
    app,
    (await buildUser(database.db, acme, { role: null, permissions: ['project:read', 'task:read'] })).email,
  );
  noRole = await login(app, (await buildUser(database.db, acme, { role: null })).email);
  const members = [acme.adminUserId, employee.userId, reader.userId, noRole.userId];
  const web = await buildProject(database.db, acme, { code: 'WEB', name: 'Website', memberIds: members });
  const ops = await buildProject(database.db, acme, {
    code: 'OPS',
    name: 'Ops',
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

const task = async (
  o: { dueDate?: string; startDate?: string; title?: string; list?: string; assigneeIds?: string[] } = {},
) =>
  (
    await buildTask(database.db, acme, {
      taskListId: o.list ?? webList,
      title: o.title ?? 'Water the plants',
      ...(o.dueDate ? { dueDate: o.dueDate } : {}),
      ...(o.startDate ? { startDate: o.startDate } : {}),
      ...(o.assigneeIds ? { assigneeIds: o.assigneeIds } : {}),
    })
  ).taskId;

const weekly = { frequency: 'weekly', interval: 2, weekdays: [4, 1], ends: 'never', trigger: 'on_complete' };

async function complete(s: Session, taskId: string) {
  const done = await statusIdOf(database.db, acme.companyId, 'Completed');
  const res = await call('PUT', `/api/Tasks/${taskId}`, s, { statusId: done });
  expect(res.statusCode).toBe(200);
}

async function occurrencesOf(ruleId: string) {
  return database.db
    .select({
      taskId: taskOccurrences.taskId,
      date: taskOccurrences.occurrenceDate,
      title: tasks.title,
      dueDate: tasks.dueDate,
      startDate: tasks.startDate,
    })
    .from(taskOccurrences)
    .innerJoin(tasks, eq(tasks.id, taskOccurrences.taskId))
    .where(eq(taskOccurrences.ruleId, ruleId))
    .orderBy(asc(taskOccurrences.occurrenceDate));
}

describe('the endpoints refuse', () => {
  it('401 without a token', async () => {
    const id = await task();
    for (const [method, url] of [
      ['GET', `/api/TaskRecurrence/${id}`],
      ['PUT', `/api/TaskRecurrence/${id}`],
      ['DELETE', `/api/TaskRecurrence/${id}`],
      ['POST', `/api/TaskRecurrence/${id}/apply-to-future`],
    ] as const)
      expect(
        (await call(method, url, undefined, method === 'GET' || method === 'DELETE' ? undefined : {}))
          .statusCode,
      ).toBe(401);
  });

  it('400 naming the field', async () => {
    const id = await task({ dueDate: '2030-12-02' });
    const bad = async (body: unknown, field: string) => {
      const res = await call('PUT', `/api/TaskRecurrence/${id}`, admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().errors ?? {}), JSON.stringify(res.json())).toContain(field);
    };
    await bad({ interval: 1 }, 'frequency');
    await bad({ frequency: 'hourly' }, 'frequency');
    await bad({ frequency: 'daily', interval: 0 }, 'interval');
    await bad({ frequency: 'weekly' }, 'weekdays');
    await bad({ frequency: 'weekly', weekdays: [8] }, 'weekdays.0');
    await bad({ frequency: 'daily', weekdays: [1] }, 'weekdays');
    await bad({ frequency: 'monthly' }, 'monthDay');
    await bad({ frequency: 'monthly', monthDay: 32 }, 'monthDay');
    await bad({ frequency: 'daily', ends: 'until' }, 'untilDate');
    await bad({ frequency: 'daily', ends: 'count' }, 'count');
    await bad({ frequency: 'daily', count: 3 }, 'count');
    await bad({ frequency: 'daily', ends: 'until', untilDate: '31/12/2030' }, 'untilDate');
    await bad({ frequency: 'daily', trigger: 'sometimes' }, 'trigger');
    await bad({ frequency: 'daily', companyId: acme.companyId }, 'companyId');
    // A last date before the first occurrence (the task's due date).
    await bad({ frequency: 'daily', ends: 'until', untilDate: '2030-12-01' }, 'untilDate');
    expect((await call('GET', '/api/TaskRecurrence/not-a-uuid', admin)).statusCode).toBe(400);
    expect((await call('DELETE', `/api/TaskRecurrence/${id}?apply=all`, admin)).statusCode).toBe(400);
    const future = await call('POST', `/api/TaskRecurrence/${id}/apply-to-future`, admin, { fields: [] });
    expect(future.statusCode).toBe(400);
    expect(Object.keys(future.json().errors)).toContain('fields');
    // Not a series: nothing to apply to.
    const none = await call('POST', `/api/TaskRecurrence/${id}/apply-to-future`, admin, {
      fields: ['title'],
    });
    expect(none.statusCode).toBe(400);
    // A subtask repeats with its parent.
    const sub = await buildTask(database.db, acme, { taskListId: webList, parentTaskId: id });
    expect(
      (await call('PUT', `/api/TaskRecurrence/${sub.taskId}`, admin, { frequency: 'daily' })).statusCode,
    ).toBe(400);
    expect(await database.db.select().from(taskOccurrences).where(eq(taskOccurrences.taskId, id))).toEqual(
      [],
    );
  });

  it('403 without the permission', async () => {
    const id = await task();
    expect((await call('GET', `/api/TaskRecurrence/${id}`, noRole)).statusCode).toBe(403);
    expect((await call('GET', `/api/TaskRecurrence/${id}`, reader)).statusCode).toBe(200);
    expect((await call('PUT', `/api/TaskRecurrence/${id}`, reader, { frequency: 'daily' })).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', `/api/TaskRecurrence/${id}`, reader)).statusCode).toBe(403);
    expect(
      (await call('POST', `/api/TaskRecurrence/${id}/apply-to-future`, reader, { fields: ['title'] }))
        .statusCode,
    ).toBe(403);
  });

  it("404 for another company's task and for a task out of reach", async () => {
    const opsTask = await task({ list: opsList });
    for (const [s, id] of [
      [otherAdmin, await task()],
      [admin, otherTaskId],
      [employee, opsTask],
    ] as const) {
      expect((await call('GET', `/api/TaskRecurrence/${id}`, s)).statusCode).toBe(404);
      expect((await call('PUT', `/api/TaskRecurrence/${id}`, s, { frequency: 'daily' })).statusCode).toBe(
        404,
      );
      expect((await call('DELETE', `/api/TaskRecurrence/${id}`, s)).statusCode).toBe(404);
      expect(
        (await call('POST', `/api/TaskRecurrence/${id}/apply-to-future`, s, { fields: ['title'] }))
          .statusCode,
      ).toBe(404);
    }
    expect(
      await database.db.select().from(taskOccurrences).where(eq(taskOccurrences.taskId, otherTaskId)),
    ).toEqual([]);
  });
});

describe('a weekly series completed', () => {
  it('sets the rule, reads it, and makes the next occurrence with its subtasks once', async () => {
    const id = await task({ dueDate: '2030-12-02', startDate: '2030-11-29', assigneeIds: [employee.userId] });
    const sub = await buildTask(database.db, acme, {
      taskListId: webList,
      parentTaskId: id,
      title: 'Refill the can',
      dueDate: '2030-12-01',
    });
    const set = await call('PUT', `/api/TaskRecurrence/${id}`, employee, weekly);
    expect(set.statusCode).toBe(200);
    const series = set.json().data.series;
    expect(series).toMatchObject({
      frequency: 'weekly',
      interval: 2,
      weekdays: [1, 4],
      occurrenceDate: '2030-12-02',
      nextDate: '2030-12-05',
      occurrencesCreated: 1,
      timeZone: 'UTC',
      summary: 'Every 2 weeks on Mon, Thu',
    });
    expect((await call('GET', `/api/TaskRecurrence/${id}`, reader)).json().data.series).toEqual(series);
    expect((await call('GET', `/api/Tasks/${id}`, employee)).json().data.recurring).toBe(true);

    await complete(employee, id);
    expect(await queuedJobs(database, RECURRENCE_NEXT)).toBe(1);
    await app.jobs.drain();
    const made = await occurrencesOf(series.ruleId);
    expect(made.map((o) => [o.date, o.dueDate, o.startDate, o.title])).toEqual([
      ['2030-12-02', '2030-12-02', '2030-11-29', 'Water the plants'],
      ['2030-12-05', '2030-12-05', '2030-12-02', 'Water the plants'],
    ]);
    const nextId = made[1]?.taskId ?? '';
    const next = (await call('GET', `/api/Tasks/${nextId}`, employee)).json().data;
    expect(next).toMatchObject({
      recurring: true,
      statusName: 'Not Started',
      completedAt: null,
      progress: 0,
    });
    expect(next.assignees.map((a: { userId: string }) => a.userId)).toEqual([employee.userId]);
    expect(next.subtasks.map((s: { title: string; dueDate: string }) => [s.title, s.dueDate])).toEqual([
      ['Refill the can', '2030-12-04'],
    ]);
    expect(next.subtasks[0].taskId).not.toBe(sub.taskId);
    const history = await database.db
      .select({ field: activities.field, to: activities.toValue, actor: activities.actorId })
      .from(activities)
      .where(eq(activities.taskId, nextId));
    expect(history).toEqual(
      expect.arrayContaining([
        { field: 'created', to: 'Water the plants', actor: employee.userId },
        { field: 'series', to: 'Every 2 weeks on Mon, Thu', actor: employee.userId },
      ]),
    );
    const after = (await call('GET', `/api/TaskRecurrence/${nextId}`, employee)).json().data.series;
    expect(after).toMatchObject({
      occurrenceDate: '2030-12-05',
      nextDate: '2030-12-16',
      occurrencesCreated: 2,
    });

    // The same job again (a retry, another process), or the old occurrence reopened and completed
    // again: still one next occurrence.
    await makeNextAfterCompletion(appDb(database), {
      companyId: acme.companyId,
      taskId: id,
      actorId: employee.userId,
    });
    const open = await statusIdOf(database.db, acme.companyId, 'Open');
    expect((await call('PUT', `/api/Tasks/${id}`, employee, { statusId: open })).statusCode).toBe(200);
    await complete(employee, id);
    await app.jobs.drain();
    expect(await occurrencesOf(series.ruleId)).toHaveLength(2);
  });

  it('a cancellation, or the completion of a task of no series, enqueues nothing', async () => {
    const plain = await task({ dueDate: '2030-12-02' });
    await complete(admin, plain);
    const id = await task({ dueDate: '2030-12-02' });
    expect((await call('PUT', `/api/TaskRecurrence/${id}`, admin, weekly)).statusCode).toBe(200);
    const cancelled = await statusIdOf(database.db, acme.companyId, 'Cancelled');
    expect((await call('PUT', `/api/Tasks/${id}`, admin, { statusId: cancelled })).statusCode).toBe(200);
    expect(await queuedJobs(database, RECURRENCE_NEXT)).toBe(0);
  });

  it('ends after N times and on its until date', async () => {
    const id = await task({ dueDate: '2030-12-02' });
    const res = await call('PUT', `/api/TaskRecurrence/${id}`, admin, {
      frequency: 'daily',
      ends: 'count',
      count: 2,
    });
    const ruleId = res.json().data.series.ruleId;
    await complete(admin, id);
    await app.jobs.drain();
    const made = await occurrencesOf(ruleId);
    expect(made.map((o) => o.date)).toEqual(['2030-12-02', '2030-12-03']);
    await complete(admin, made[1]?.taskId ?? '');
    await app.jobs.drain();
    expect(await occurrencesOf(ruleId)).toHaveLength(2);
    expect((await call('GET', `/api/TaskRecurrence/${id}`, admin)).json().data.series.nextDate).toBeNull();
  });

  it("the next occurrence carries the task's and its subtasks' labels and the values of enabled fields", async () => {
    const id = await task({ dueDate: '2030-12-02', title: 'Invoice the client' });
    const projectId = (await call('GET', `/api/Tasks/${id}`, admin)).json().data.projectId as string;
    const sub = (
      await buildTask(database.db, acme, { taskListId: webList, parentTaskId: id, title: 'Print' })
    ).taskId;
    const newLabel = async (name: string) => {
      const res = await call('POST', '/api/Labels', admin, { name, color: 'red' });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.labelId as string;
    };
    const [billing, urgent, paper] = [
      await newLabel('Billing'),
      await newLabel('Urgent'),
      await newLabel('Paper'),
    ];
    const labelled = async (taskId: string, labelIds: string[]) =>
      expect((await call('PUT', `/api/Labels/tasks/${taskId}`, admin, { labelIds })).statusCode).toBe(200);
    await labelled(id, [billing, urgent]);
    await labelled(sub, [paper]);
    const newField = async (body: object) => {
      const res = await call('POST', '/api/CustomFields', admin, body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as { fieldId: string; options: { id: string }[] };
    };
    const risk = await newField({
      name: 'Risk',
      type: 'select',
      options: [{ label: 'Low' }, { label: 'High' }],
    });
    const points = await newField({ name: 'Points', type: 'number' });
    const owner = await newField({ name: 'Owner', type: 'user' });
    const secret = await newField({ name: 'Secret', type: 'text' });
    const enable = async (fields: { fieldId: string }[]) =>
      expect(
        (
          await call('PUT', `/api/CustomFields/projects/${projectId}`, admin, {
            fieldIds: fields.map((f) => f.fieldId),
          })
        ).statusCode,
      ).toBe(200);
    await enable([risk, points, owner, secret]);
    const values = async (taskId: string, v: Record<string, unknown>) => {
      const res = await call('PUT', `/api/CustomFields/tasks/${taskId}/values`, admin, { values: v });
      expect(res.statusCode, res.body).toBe(200);
    };
    await values(id, {
      [risk.fieldId]: risk.options[1]?.id,
      [points.fieldId]: 5,
      [owner.fieldId]: employee.userId,
      [secret.fieldId]: 'kept behind',
    });
    await values(sub, { [points.fieldId]: 2 });
    // Secret is turned off on the project: its value stays on the source, the copy does not get it.
    await enable([risk, points, owner]);

    const set = await call('PUT', `/api/TaskRecurrence/${id}`, admin, weekly);
    const ruleId = set.json().data.series.ruleId as string;
    await complete(admin, id);
    await app.jobs.drain();
    const nextId = (await occurrencesOf(ruleId))[1]?.taskId ?? '';
    const next = (await call('GET', `/api/Tasks/${nextId}`, admin)).json().data;
    expect(next.labels.map((l: { name: string }) => l.name)).toEqual(['Billing', 'Urgent']);
    expect(next.customFields).toEqual({
      [risk.fieldId]: risk.options[1]?.id,
      [points.fieldId]: 5,
      [owner.fieldId]: employee.userId,
    });
    expect(next.subtasks).toHaveLength(1);
    const nextSub = next.subtasks[0];
    expect(nextSub.taskId).not.toBe(sub);
    expect(nextSub.labels.map((l: { name: string }) => l.name)).toEqual(['Paper']);
    expect(nextSub.customFields).toEqual({ [points.fieldId]: 2 });
    const stored = await database.db
      .select({ fieldId: customFieldValues.fieldId, projectId: customFieldValues.projectId })
      .from(customFieldValues)
      .where(eq(customFieldValues.taskId, nextId));
    expect(stored.map((r) => r.fieldId)).not.toContain(secret.fieldId);
    expect(stored).toHaveLength(3);
    // The copies carry the task's project, as a custom-field filter finds them (migration 0038).
    expect(stored.map((r) => r.projectId)).toEqual([projectId, projectId, projectId]);

    const historyOf = async (taskId: string) =>
      database.db
        .select({ field: activities.field, from: activities.fromValue, to: activities.toValue })
        .from(activities)
        .where(and(eq(activities.taskId, taskId), inArray(activities.field, ['label', 'customField'])));
    expect(await historyOf(nextId)).toEqual(
      expect.arrayContaining([
        { field: 'label', from: null, to: 'Billing' },
        { field: 'label', from: null, to: 'Urgent' },
        { field: 'customField', from: null, to: 'Risk: High' },
        { field: 'customField', from: null, to: 'Points: 5' },
        { field: 'customField', from: null, to: 'Owner: Eve Employee' },
      ]),
    );
    expect(await historyOf(nextId)).toHaveLength(5);
    expect(await historyOf(nextSub.taskId)).toEqual(
      expect.arrayContaining([
        { field: 'label', from: null, to: 'Paper' },
        { field: 'customField', from: null, to: 'Points: 2' },
      ]),
    );
    expect(await historyOf(nextSub.taskId)).toHaveLength(2);
  });

  it('monthly on the 31st: the next falls on the last day of February', async () => {
    const id = await task({ dueDate: '2030-01-31' });
    const res = await call('PUT', `/api/TaskRecurrence/${id}`, admin, { frequency: 'monthly', monthDay: 31 });
    expect(res.json().data.series).toMatchObject({
      nextDate: '2030-02-28',
      summary: 'Every month on day 31',
    });
  });
});

describe('a series on its dates, in its time zone', () => {
  it("the hourly round makes the occurrence once its day has come in the rule's zone", async () => {
    await database.db.update(users).set({ timeZone: 'Asia/Tokyo' }).where(eq(users.id, acme.adminUserId));
    try {
      const id = await task({ dueDate: '2030-01-10', title: 'Daily stand-up' });
      const res = await call('PUT', `/api/TaskRecurrence/${id}`, admin, {
        frequency: 'daily',
        trigger: 'on_date',
      });
      const series = res.json().data.series;
      expect(series).toMatchObject({ timeZone: 'Asia/Tokyo', nextDate: '2030-01-11', trigger: 'on_date' });
      const db = appDb(database);
      // 23:30 on the 10th in Tokyo (14:30 UTC): not yet.
      expect(await makeDueOccurrences(db, new Date('2030-01-10T14:30:00Z'))).toBe(0);
      // 00:30 on the 11th in Tokyo (still the 10th in UTC): the occurrence of the 11th.
      expect(await makeDueOccurrences(db, new Date('2030-01-10T15:30:00Z'))).toBe(1);
      // The next round (or another process's) makes nothing more.
      expect(await makeDueOccurrences(db, new Date('2030-01-10T16:30:00Z'))).toBe(0);
      const made = await occurrencesOf(series.ruleId);
      expect(made.map((o) => [o.date, o.dueDate, o.title])).toEqual([
        ['2030-01-10', '2030-01-10', 'Daily stand-up'],
        ['2030-01-11', '2030-01-11', 'Daily stand-up'],
      ]);
      const [rule] = await database.db
        .select()
        .from(taskRecurrences)
        .where(eq(taskRecurrences.id, series.ruleId));
      expect(rule).toMatchObject({ nextDate: '2030-01-12', occurrencesCreated: 2 });
    } finally {
      await database.db.update(users).set({ timeZone: 'UTC' }).where(eq(users.id, acme.adminUserId));
    }
  });
});

describe('editing a series', () => {
  async function seriesOfThree() {
    const id = await task({ dueDate: '2030-12-02', title: 'Report' });
    const ruleId = (await call('PUT', `/api/TaskRecurrence/${id}`, admin, { frequency: 'daily' })).json().data
      .series.ruleId as string;
    await complete(admin, id);
    await app.jobs.drain();
    const second = (await occurrencesOf(ruleId))[1]?.taskId ?? '';
    // A third, open, made ahead by hand (as an on_date series would have).
    const third = await task({ dueDate: '2030-12-04', title: 'Report' });
    await database.db.insert(taskOccurrences).values({
      companyId: acme.companyId,
      taskId: third,
      ruleId,
      occurrenceDate: '2030-12-04',
    });
    return { first: id, second, third, ruleId };
  }

  it('all future: the rule changes for the next occurrences; fields go to the later open ones', async () => {
    const { second, third, ruleId } = await seriesOfThree();
    const res = await call('PUT', `/api/TaskRecurrence/${second}`, admin, {
      frequency: 'weekly',
      weekdays: [5],
      apply: 'series',
    });
    expect(res.statusCode).toBe(200);
    // Counted from the latest occurrence (the 4th, a Wednesday): the Friday after.
    expect(res.json().data.series).toMatchObject({
      ruleId,
      nextDate: '2030-12-06',
      occurrenceDate: '2030-12-03',
    });
    expect((await call('PUT', `/api/Tasks/${second}`, admin, { title: 'Weekly report' })).statusCode).toBe(
      200,
    );
    const applied = await call('POST', `/api/TaskRecurrence/${second}/apply-to-future`, admin, {
      fields: ['title', 'assignees'],
    });
    expect(applied.statusCode).toBe(200);
    expect(applied.json().data.taskIds).toEqual([third]);
    const [t] = await database.db.select({ title: tasks.title }).from(tasks).where(eq(tasks.id, third));
    expect(t?.title).toBe('Weekly report');
    const history = await database.db
      .select({ field: activities.field, from: activities.fromValue, to: activities.toValue })
      .from(activities)
      .where(and(eq(activities.taskId, third), eq(activities.field, 'title')));
    expect(history).toEqual([{ field: 'title', from: 'Report', to: 'Weekly report' }]);
    expect(await database.db.select().from(taskAssignees).where(eq(taskAssignees.taskId, third))).toEqual([]);
  });

  it('this occurrence: it leaves the series for one of its own; the series goes on', async () => {
    const { first, second, third, ruleId } = await seriesOfThree();
    const res = await call('PUT', `/api/TaskRecurrence/${second}`, admin, {
      frequency: 'monthly',
      monthDay: 3,
      apply: 'this',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.series.ruleId).not.toBe(ruleId);
    expect((await occurrencesOf(ruleId)).map((o) => o.taskId)).toEqual([first, third]);
    // Detached without a new rule.
    const off = await call('DELETE', `/api/TaskRecurrence/${third}?apply=this`, admin);
    expect(off.statusCode).toBe(200);
    expect(off.json().data.series).toBeNull();
    expect((await occurrencesOf(ruleId)).map((o) => o.taskId)).toEqual([first]);
    expect((await call('GET', `/api/Tasks/${third}`, admin)).json().data.recurring).toBe(false);
    // The whole series ended: its tasks stay.
    expect((await call('DELETE', `/api/TaskRecurrence/${first}`, admin)).statusCode).toBe(200);
    expect(await database.db.select().from(taskRecurrences).where(eq(taskRecurrences.id, ruleId))).toEqual(
      [],
    );
    expect(await database.db.select({ id: tasks.id }).from(tasks).where(eq(tasks.id, first))).toHaveLength(1);
    const lines = await database.db
      .select({ from: activities.fromValue, to: activities.toValue })
      .from(activities)
      .where(and(eq(activities.taskId, first), eq(activities.field, 'repeat')));
    expect(lines).toEqual(expect.arrayContaining([{ from: 'Every day', to: null }]));
  });
});
