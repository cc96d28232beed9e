import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { envelope, type ProjectTimeline, projectTimelineSchema } from '@taskhive/contract';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { buildCountingApp, buildTestApp } from '../../test/build-app.ts';
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
  createLabel,
  setTaskLabels,
} from '../../test/factories.ts';

let app: App;
let database: Database;
let acme: TestCompany;
let employee: Session;
let admin: Session;
let otherAdmin: Session;
let noTasks: Session;
let shared: { projectId: string; code: string };
let hidden: { projectId: string; code: string };
let foreign: { projectId: string; code: string };
let design: string;
let build: string;
let planId: string;
let buildId: string;
let subtaskId: string;
let milestoneId: string;
let unscheduledId: string;
let elsewhereId: string;

const call = (method: 'GET' | 'POST', url: string, s?: Session, payload?: object) =>
  app.inject({ method, url, headers: s ? bearer(s) : {}, ...(payload ? { payload } : {}) });

/**
 * The answer, checked field for field against the contract: the database writes it as JSON text,
 * which skips the route's serializer (and its check in tests), so this is that check. Parsing
 * drops a key the schema does not know and fails on a missing or mistyped one.
 */
function checked(res: {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
}): ProjectTimeline {
  expect(res.statusCode, res.body).toBe(200);
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  const body: unknown = JSON.parse(res.body);
  const parsed = envelope(projectTimelineSchema).parse(body);
  expect(parsed).toEqual(body);
  return parsed.data;
}

async function timeline(projectId: string, s: Session): Promise<ProjectTimeline> {
  return checked(await call('GET', `/api/Timeline?projectId=${projectId}`, s));
}

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  let other: TestCompany;
  ({ acme, other, admin, employee, otherAdmin } = await twoTenants(app, database.db, {
    employee: { firstName: 'Emma', lastName: 'Employee' },
  }));
  const u = await buildUser(database.db, acme, { role: null, permissions: ['project:read'] });
  noTasks = await login(app, u.email);
  shared = await buildProject(database.db, acme, {
    code: 'TML',
    name: 'Timeline project',
    memberIds: [acme.adminUserId, employee.userId],
  });
  hidden = await buildProject(database.db, acme, { code: 'HID', memberIds: [acme.adminUserId] });
  foreign = await buildProject(database.db, other, { code: 'FOR', memberIds: [other.adminUserId] });
  design = (await buildTaskList(database.db, acme, { projectId: shared.projectId, name: 'Design' }))
    .taskListId;
  build = (await buildTaskList(database.db, acme, { projectId: shared.projectId, name: 'Build' })).taskListId;
  planId = (
    await buildTask(database.db, acme, {
      taskListId: design,
      title: 'Plan',
      startDate: '2026-03-02',
      dueDate: '2026-03-06',
      assigneeIds: [employee.userId, acme.adminUserId],
    })
  ).taskId;
  buildId = (
    await buildTask(database.db, acme, {
      taskListId: build,
      title: 'Build it',
      startDate: '2026-03-09',
      dueDate: '2026-03-20',
      statusName: 'Completed',
    })
  ).taskId;
  subtaskId = (
    await buildTask(database.db, acme, {
      taskListId: build,
      parentTaskId: buildId,
      title: 'Lay bricks',
      startDate: '2026-03-10',
      dueDate: '2026-03-12',
    })
  ).taskId;
  milestoneId = (
    await buildTask(database.db, acme, { taskListId: build, title: 'Launch', dueDate: '2026-03-23' })
  ).taskId;
  unscheduledId = (await buildTask(database.db, acme, { taskListId: design, title: 'Someday' })).taskId;
  // A task of another project, blocking one of ours: not an arrow of this timeline.
  const hiddenList = await buildTaskList(database.db, acme, { projectId: hidden.projectId });
  elsewhereId = (
    await buildTask(database.db, acme, { taskListId: hiddenList.taskListId, title: 'Secret plan' })
  ).taskId;
  for (const [blockerTaskId, blockedTaskId] of [
    [planId, buildId],
    [buildId, milestoneId],
    [elsewhereId, planId],
  ])
    expect(
      (await call('POST', '/api/TaskDependencies', admin, { blockerTaskId, blockedTaskId })).statusCode,
    ).toBe(201);
  const foreignList = await buildTaskList(database.db, other, { projectId: foreign.projectId });
  await buildTask(database.db, other, { taskListId: foreignList.taskListId, title: 'Their task' });
});
afterAll(() => app.close());

describe('GET /api/Timeline', () => {
  it('401 without a token, 403 without task:read', async () => {
    const url = `/api/Timeline?projectId=${shared.projectId}`;
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('GET', url, noTasks)).statusCode).toBe(403);
  });

  it('400 per field: no project, a malformed id, an unknown field', async () => {
    const errors = async (q: string) => {
      const res = await call('GET', `/api/Timeline?${q}`, employee);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().errors as Record<string, string[]>;
    };
    expect(Object.keys(await errors(''))).toEqual(['projectId']);
    expect(Object.keys(await errors('projectId=nope'))).toEqual(['projectId']);
    expect((await errors(`projectId=${shared.projectId}&zoom=week`)).zoom).toEqual(['Unknown field: zoom']);
  });

  it("404 for another company's project, one out of reach, and one that does not exist", async () => {
    for (const [who, id] of [
      [employee, foreign.projectId],
      [admin, foreign.projectId],
      [employee, hidden.projectId],
      [employee, '00000000-0000-4000-8000-000000000000'],
      [otherAdmin, shared.projectId],
    ] as const) {
      const res = await call('GET', `/api/Timeline?projectId=${id}`, who);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.body).not.toContain('Their task');
      expect(res.body).not.toContain('Secret plan');
      expect(res.body).not.toContain('Plan');
    }
  });

  it('every task of the project with its dates, list, status and assignees, the lists in order, the edges among them', async () => {
    const t = await timeline(shared.projectId, employee);
    expect(t.projectId).toBe(shared.projectId);
    expect(t.truncated).toBe(false);
    expect(t.lists.map((l) => l.name)).toEqual(['Design', 'Build']);
    expect(t.tasks.map((x) => x.title)).toEqual(['Plan', 'Build it', 'Lay bricks', 'Launch', 'Someday']);
    expect(t.tasks.map((x) => x.key)).toEqual(['TML-1', 'TML-2', 'TML-3', 'TML-4', 'TML-5']);
    const byId = new Map(t.tasks.map((x) => [x.taskId, x]));
    expect(byId.get(planId)).toMatchObject({
      taskListId: design,
      parentTaskId: null,
      startDate: '2026-03-02',
      dueDate: '2026-03-06',
      statusName: 'Open',
      isDone: false,
      assigneeNames: ['Ada Admin', 'Emma Employee'],
    });
    expect(byId.get(buildId)).toMatchObject({ taskListId: build, isDone: true, statusName: 'Completed' });
    expect(byId.get(subtaskId)).toMatchObject({ parentTaskId: buildId, startDate: '2026-03-10' });
    expect(byId.get(milestoneId)).toMatchObject({ startDate: null, dueDate: '2026-03-23' });
    expect(byId.get(unscheduledId)).toMatchObject({ startDate: null, dueDate: null, assigneeNames: [] });
    // Only the edges between two tasks of this project: not the hidden project's blocker.
    expect(t.edges).toEqual(
      expect.arrayContaining([
        { blockerTaskId: planId, blockedTaskId: buildId },
        { blockerTaskId: buildId, blockedTaskId: milestoneId },
      ]),
    );
    expect(t.edges).toHaveLength(2);
    expect(JSON.stringify(t)).not.toContain(elsewhereId);
    // The admin (project:read:all) reads the hidden project the employee got 404 for.
    expect((await timeline(hidden.projectId, admin)).tasks.map((x) => x.taskId)).toEqual([elsewhereId]);
  });

  it('a moved bar is the task update: its dates come back changed', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: `/api/Tasks/${planId}`,
      headers: bearer(employee),
      payload: { startDate: '2026-03-03', dueDate: '2026-03-09' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const t = await timeline(shared.projectId, employee);
    expect(t.tasks.find((x) => x.taskId === planId)).toMatchObject({
      startDate: '2026-03-03',
      dueDate: '2026-03-09',
    });
  });

  it('two statements for 5 tasks as for 200, and a compact answer', async () => {
    const { app: counted, counter } = await buildCountingApp(database);
    try {
      const count = async () => {
        const url = `/api/Timeline?projectId=${shared.projectId}`;
        expect((await counted.inject({ method: 'GET', url, headers: bearer(employee) })).statusCode).toBe(
          200,
        );
        counter.statements = 0;
        const res = await counted.inject({ method: 'GET', url, headers: bearer(employee) });
        expect(res.statusCode).toBe(200);
        return {
          statements: counter.statements,
          n: res.json().data.tasks.length as number,
          bytes: res.body.length,
        };
      };
      const before = await count();
      const list = await buildTaskList(database.db, acme, { projectId: shared.projectId, name: 'Bulk' });
      await database.db
        .execute(sql`insert into tasks (company_id, project_id, task_list_id, title, start_date, due_date)
        select ${acme.companyId}, ${shared.projectId}, ${list.taskListId}, 'Bulk task ' || g,
               date '2026-01-01' + g, date '2026-01-01' + g + 5
          from generate_series(1, 195) g`);
      const after = await count();
      expect(after.n).toBe(before.n + 195);
      // The project's check, its lists, its tasks, the edges.
      expect([before.statements, after.statements]).toEqual([2, 2]);
      // Compact: under 300 bytes a task (5,000 tasks: about 1.5 MB before compression).
      expect((after.bytes - before.bytes) / 195).toBeLessThan(300);
    } finally {
      await counted.close();
      await database.db.execute(
        sql`delete from tasks where title like 'Bulk task %' and company_id = ${acme.companyId}`,
      );
    }
  });
});

describe('labels on the timeline (issue 26)', () => {
  const label = (s: Session, name: string, color = 'blue') => createLabel(app, s, name, color);
  const put = (taskId: string, labelIds: string[]) => setTaskLabels(app, admin, taskId, labelIds);
  const filtered = async (labelIds: string, s: Session = employee) => {
    return checked(await call('GET', `/api/Timeline?projectId=${shared.projectId}&labelIds=${labelIds}`, s));
  };

  it('400 on a malformed labelIds; each task carries its labels; the filter keeps any-of and drops other edges', async () => {
    const bad = await call('GET', `/api/Timeline?projectId=${shared.projectId}&labelIds=nope`, employee);
    expect(bad.statusCode, bad.body).toBe(400);
    // Named on the field (its first entry, as the task lists answer).
    expect(Object.keys(bad.json().errors)).toEqual([expect.stringMatching(/^labelIds/)]);
    const urgent = await label(admin, 'TL urgent', 'red');
    const backend = await label(admin, 'TL backend', 'teal');
    await put(planId, [urgent, backend]);
    await put(buildId, [backend]);
    const all = await timeline(shared.projectId, employee);
    const byId = new Map(all.tasks.map((x) => [x.taskId, x]));
    // By name, with the colour the chip draws.
    expect(byId.get(planId)?.labels).toEqual([
      { labelId: backend, name: 'TL backend', color: 'teal' },
      { labelId: urgent, name: 'TL urgent', color: 'red' },
    ]);
    expect(byId.get(milestoneId)?.labels).toEqual([]);

    // Any of: only the labelled tasks are answered, and only the edges between answered tasks.
    const onlyUrgent = await filtered(urgent);
    expect(onlyUrgent.tasks.map((x) => x.taskId)).toEqual([planId]);
    expect(onlyUrgent.edges).toEqual([]);
    // The lists stay (the rows of the chart), filtered or not.
    expect(onlyUrgent.lists).toEqual(all.lists);
    const either = await filtered(`${urgent},${backend}`);
    expect(either.tasks.map((x) => x.taskId)).toEqual([planId, buildId]);
    expect(either.edges).toEqual([{ blockerTaskId: planId, blockedTaskId: buildId }]);
    // Repeated keys mean the same; an empty value is no filter.
    const repeated = await call(
      'GET',
      `/api/Timeline?projectId=${shared.projectId}&labelIds=${urgent}&labelIds=${backend}`,
      employee,
    );
    expect((repeated.json().data as ProjectTimeline).tasks).toHaveLength(2);
    expect((await filtered('')).tasks.length).toBe(all.tasks.length);
  });

  it("another company's label matches nothing, as on the task lists; an unknown one too", async () => {
    const theirs = await label(otherAdmin, 'TL theirs');
    expect((await filtered(theirs)).tasks).toEqual([]);
    expect((await filtered(theirs, admin)).tasks).toEqual([]);
    expect((await filtered('00000000-0000-4000-8000-000000000000')).tasks).toEqual([]);
  });

  it('two statements, filtered or not, however many labels the tasks carry', async () => {
    const { app: counted, counter } = await buildCountingApp(database);
    const count = async (url: string) => {
      expect((await counted.inject({ method: 'GET', url, headers: bearer(employee) })).statusCode).toBe(200);
      counter.statements = 0;
      const res = await counted.inject({ method: 'GET', url, headers: bearer(employee) });
      expect(res.statusCode).toBe(200);
      return counter.statements;
    };
    try {
      const first = await label(admin, 'TL count 0');
      await put(milestoneId, [first]);
      const plain = `/api/Timeline?projectId=${shared.projectId}`;
      const byLabel = `${plain}&labelIds=${first}`;
      const before = [await count(plain), await count(byLabel)];
      const many = [first];
      for (let i = 1; i < 8; i++) many.push(await label(admin, `TL count ${i}`));
      for (const t of [planId, buildId, subtaskId, milestoneId, unscheduledId]) await put(t, many);
      const after = [await count(plain), await count(`${plain}&labelIds=${many.join(',')}`)];
      expect(before).toEqual([2, 2]);
      expect(after).toEqual(before);
    } finally {
      await counted.close();
    }
  });
});
