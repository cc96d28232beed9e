import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { buildCountingApp, buildTestApp } from '../../test/build-app.ts';
import {
  bearer,
  buildProject,
  buildTask,
  buildTaskList,
  type Session,
  type TestCompany,
  statusIdOf,
  twoTenants,
} from '../../test/factories.ts';

let app: App;
let database: Database;
let acme: TestCompany;
let admin: Session;
let employee: Session;
let projectId: string;

/** Counts the statements the driver runs (PGlite and node-postgres both go through `query`). */
function queryCounter(db: unknown) {
  const client = (db as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const original = client.query;
  let n = 0;
  client.query = function (this: unknown, ...args: unknown[]) {
    n++;
    return original.apply(this, args);
  };
  return {
    count: () => n,
    reset: () => (n = 0),
    restore: () => (client.query = original),
  };
}

beforeAll(async () => {
  // Counted on the pool's `query`: without row-level security, whose request transaction runs its
  // statements on a connection of its own (plugins/auth.ts); the statements are the same.
  ({ app, database } = await buildTestApp({ rls: false }));
  ({ acme, admin, employee } = await twoTenants(app, database.db));
  const members = [acme.adminUserId, employee.userId];
  for (let i = 0; i < 7; i++) {
    const p = await buildProject(database.db, acme, { memberIds: members });
    projectId = p.projectId;
  }
  const list = await buildTaskList(database.db, acme, { projectId });
  for (let i = 0; i < 25; i++) {
    const t = await buildTask(database.db, acme, {
      taskListId: list.taskListId,
      assigneeIds: members,
      sortOrder: i,
    });
    if (i % 10 === 0)
      await buildTask(database.db, acme, { taskListId: list.taskListId, parentTaskId: t.taskId });
  }
});
afterAll(() => app.close());

describe('a list request runs a bounded number of queries whatever its page size', () => {
  it.each([
    ['projects', () => '/api/Project'],
    ['project tasks', () => `/api/Tasks/projects/${projectId}/tasks`],
    ['my tasks', () => '/api/Tasks/users/mytasks'],
  ])('%s: page size 1 and 50 run the same number of statements', async (_name, url) => {
    // The first request of a user also computes their permissions (then cached per process):
    // one request first, so both measured requests pay the same authorisation.
    await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(employee) });
    const counter = queryCounter(database.db);
    try {
      const counts: number[] = [];
      for (const size of [1, 50]) {
        counter.reset();
        const res = await app.inject({
          method: 'GET',
          url: `${url()}?pageSize=${size}`,
          headers: bearer(employee),
        });
        expect(res.statusCode).toBe(200);
        expect(res.json().data.items.length).toBe(Math.min(size, res.json().data.totalCount));
        counts.push(counter.count());
      }
      expect(counts[0]).toBeGreaterThan(0);
      expect(counts[1]).toBe(counts[0]);
    } finally {
      counter.restore();
    }
  });

  it('the board: 1 and 50 cards a column run the same statements, 4 of them', async () => {
    await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(employee) });
    const counter = queryCounter(database.db);
    try {
      const counts: number[] = [];
      for (const perColumn of [1, 50]) {
        counter.reset();
        const res = await app.inject({
          method: 'GET',
          url: `/api/Tasks/projects/${projectId}/board?perColumn=${perColumn}`,
          headers: bearer(employee),
        });
        expect(res.statusCode).toBe(200);
        expect(res.json().data.items.length).toBe(perColumn === 1 ? 1 : 25);
        counts.push(counter.count());
      }
      // The project (its reach), the cards, the columns' totals, the cards' assignees.
      expect(counts).toEqual([4, 4]);
    } finally {
      counter.restore();
    }
  });

  it('the admin sees the same bound', async () => {
    await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(admin) });
    const counter = queryCounter(database.db);
    try {
      await app.inject({ method: 'GET', url: '/api/Project?pageSize=1', headers: bearer(admin) });
      const one = counter.count();
      counter.reset();
      await app.inject({ method: 'GET', url: '/api/Project?pageSize=50', headers: bearer(admin) });
      expect(counter.count()).toBe(one);
    } finally {
      counter.restore();
    }
  });
});

/**
 * Statements (BEGIN and COMMIT aside) of a create with only a title and of a move with no one else
 * to notify. They were 10 and 19 before issue 12's write work; a create was 5 (and a transaction)
 * until the insert and its activity became one statement with the default status looked up inside
 * it, then 3; 4 since issue 28 took the task's number in a statement and transaction of its own
 * (tasksRepo.takeNumber: the project row locked for that statement, not to the request's commit); a move was 15 until its answer was made of the row the update reads in its transaction (no
 * second read of the task and its assignees after the commit, no subtask read for a task without
 * subtasks).
 */
const CREATE_STATEMENTS = 4;
/**
 * The same before and after the change log (issue 22; this move, before another card, is 12 at
 * both): a move's change row is written in the statement that writes its activity
 * (lib/changes.ts flushChanges), so recording it costs no round trip.
 */
const MOVE_STATEMENTS = 12;

describe('a write runs a fixed number of statements', () => {
  it('creating a task with only a title: the list, its number, the insert with its activity (one statement, no transaction), the new row', async () => {
    const list = await buildTaskList(database.db, acme, { projectId });
    const { app: counted, counter } = await buildCountingApp(database);
    try {
      const post = () =>
        counted.inject({
          method: 'POST',
          url: `/api/Tasks/tasklists/${list.taskListId}/tasks`,
          headers: bearer(admin),
          payload: { title: 'Counted' },
        });
      expect((await post()).statusCode).toBe(201); // warms the session cache
      counter.statements = 0;
      const res = await post();
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ title: 'Counted', subtasks: [], documents: [], assignees: [] });
      // Gone: a delete of no assignees, the roll-up, the answer's subtasks, documents and assignees.
      expect(counter.statements).toBeLessThanOrEqual(CREATE_STATEMENTS);
    } finally {
      await counted.close();
    }
  });

  it('moving a card to another column, before another card: the same work whatever the column holds', async () => {
    const list = await buildTaskList(database.db, acme, { projectId });
    const cards = [];
    for (let i = 0; i < 3; i++)
      cards.push(await buildTask(database.db, acme, { taskListId: list.taskListId, sortOrder: i * 1024 }));
    const doneId = await statusIdOf(database.db, acme.companyId, 'Completed');
    const { app: counted, counter } = await buildCountingApp(database);
    try {
      await counted.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(admin) });
      const counts: number[] = [];
      // Each card goes into the Completed column before the one moved there last.
      let frontKey: number | undefined;
      for (const card of cards) {
        counter.statements = 0;
        const res = await counted.inject({
          method: 'PUT',
          url: `/api/Tasks/${card.taskId}`,
          headers: bearer(admin),
          payload: { statusId: doneId, ...(frontKey === undefined ? {} : { sortOrder: frontKey }) },
        });
        expect(res.statusCode).toBe(200);
        expect(res.json().data).toMatchObject({ statusId: doneId, progress: 100 });
        counts.push(counter.statements);
        frontKey = res.json().data.sortOrder;
      }
      // Placed before a card, whether the column held one card or two.
      expect(counts[2]).toBe(counts[1]);
      expect(Math.max(...counts)).toBeLessThanOrEqual(MOVE_STATEMENTS);
    } finally {
      await counted.close();
    }
  });
});
