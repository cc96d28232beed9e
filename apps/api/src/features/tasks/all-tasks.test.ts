import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { buildTestApp } from '../../test/build-app.ts';
import {
  bearer,
  buildCompany,
  buildProject,
  buildTask,
  buildTaskList,
  buildUser,
  login,
  type Session,
  type TestCompany,
  twoTenants,
} from '../../test/factories.ts';

let app: App;
let database: Database;
let acme: TestCompany;
let admin: Session;
let employee: Session;
let otherAdmin: Session;
/** Holds task:read and task:read:all only: no project:read:all, a member of no project. */
let reader: Session;
let apollo: { projectId: string };
let zephyr: { projectId: string };
let theirProject: { projectId: string };

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  let other: TestCompany;
  ({ acme, other, admin, employee, otherAdmin } = await twoTenants(app, database.db));
  const db = database.db;
  const r = await buildUser(db, acme, { role: null, permissions: ['task:read', 'task:read:all'] });
  reader = await login(app, r.email);
  // The employee is a member of Apollo only; the admin of neither.
  apollo = await buildProject(db, acme, { name: 'Apollo', memberIds: [employee.userId] });
  zephyr = await buildProject(db, acme, { name: 'Zephyr' });
  const a = await buildTaskList(db, acme, { projectId: apollo.projectId });
  const z = await buildTaskList(db, acme, { projectId: zephyr.projectId });
  const launch = await buildTask(db, acme, {
    taskListId: a.taskListId,
    title: 'Launch',
    priorityName: 'High',
    dueDate: '2030-01-10',
    assigneeIds: [employee.userId],
  });
  await buildTask(db, acme, { taskListId: a.taskListId, title: 'Fuel', parentTaskId: launch.taskId });
  await buildTask(db, acme, { taskListId: z.taskListId, title: 'Wind', statusName: 'Completed' });
  await buildTask(db, acme, { taskListId: z.taskListId, title: 'Sail', dueDate: '2030-03-01' });
  theirProject = await buildProject(db, other, { name: 'Theirs' });
  const t = await buildTaskList(db, other, { projectId: theirProject.projectId });
  await buildTask(db, other, { taskListId: t.taskListId, title: 'Their task' });
});
afterAll(() => app.close());

const get = (url: string, s?: Session) => app.inject({ method: 'GET', url, headers: s ? bearer(s) : {} });
const titles = async (q: string, s: Session = admin) => {
  const res = await get(`/api/Tasks/all?pageSize=200${q}`, s);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.items as { title: string }[]).map((t) => t.title);
};

describe('GET /api/Tasks/all', () => {
  it('401 without a token', async () => {
    expect((await get('/api/Tasks/all')).statusCode).toBe(401);
  });

  it('403 without task:read:all (an Employee holds task:read only)', async () => {
    expect((await get('/api/Tasks/all', employee)).statusCode).toBe(403);
  });

  it('400 on a bad filter, sort or page size, naming the fields', async () => {
    const res = await get('/api/Tasks/all?sortBy=secret&projectId=nope&pageSize=5000', admin);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(
      expect.arrayContaining(['sortBy', 'projectId', 'pageSize']),
    );
  });

  it("never another company's tasks: its project as a filter lists nothing (the list has no id to 404)", async () => {
    expect(await titles('')).not.toContain('Their task');
    expect(await titles(`&projectId=${theirProject.projectId}`)).toEqual([]);
    expect(await titles('', otherAdmin)).toEqual(['Their task']);
  });

  it('happy path: every task of every project, subtasks included, with project names', async () => {
    const res = await get('/api/Tasks/all?pageSize=200&sortBy=title', admin);
    const page = res.json().data;
    expect(page.totalCount).toBe(4);
    expect(page.items.map((t: { title: string }) => t.title)).toEqual(['Fuel', 'Launch', 'Sail', 'Wind']);
    const launch = page.items.find((t: { title: string }) => t.title === 'Launch');
    expect(launch).toMatchObject({
      projectName: 'Apollo',
      priorityName: 'High',
      assignees: [expect.objectContaining({ userId: employee.userId })],
    });
    // task:read:all alone reaches every project, member or not.
    expect((await titles('', reader)).sort()).toEqual(['Fuel', 'Launch', 'Sail', 'Wind']);
  });

  it("My Tasks' filters: project, status, priority, due dates, search, assignee; pages", async () => {
    expect((await titles(`&projectId=${zephyr.projectId}`)).sort()).toEqual(['Sail', 'Wind']);
    expect(await titles('&statusNames=completed')).toEqual(['Wind']);
    expect(await titles('&priorityNames=High')).toEqual(['Launch']);
    expect(await titles('&dueDateFrom=2030-02-01')).toEqual(['Sail']);
    expect(await titles('&dueDateTo=2030-02-01')).toEqual(['Launch']);
    expect(await titles('&search=SAI')).toEqual(['Sail']);
    expect(await titles(`&memberUserId=${employee.userId}`)).toEqual(['Launch']);
    expect(await titles('&sortBy=dueDate&sortOrder=desc&dueDateFrom=2030-01-01')).toEqual(['Sail', 'Launch']);
    const second = (await get('/api/Tasks/all?pageSize=3&page=2&sortBy=title', admin)).json().data;
    expect(second).toMatchObject({ totalCount: 4, pageNumber: 2, totalPages: 2 });
    expect(second.items.map((t: { title: string }) => t.title)).toEqual(['Wind']);
  });

  it('every sort of My Tasks is accepted', async () => {
    for (const sortBy of [
      'sortOrder',
      'statusName',
      'priority',
      'startDate',
      'progress',
      'createdAt',
      'updatedAt',
    ])
      expect((await titles(`&sortBy=${sortBy}&sortOrder=desc`)).length).toBe(4);
  });

  it('a bounded number of statements whatever the page size (no query per task)', async () => {
    const client = (database.db as unknown as { $client: { query: (...a: unknown[]) => unknown } }).$client;
    const original = client.query;
    let n = 0;
    client.query = function (this: unknown, ...args: unknown[]) {
      n++;
      return original.apply(this, args);
    };
    try {
      await get('/api/Tasks/all?pageSize=1', admin);
      const counts: number[] = [];
      for (const size of [1, 200]) {
        n = 0;
        expect((await get(`/api/Tasks/all?pageSize=${size}&sortBy=createdAt`, admin)).statusCode).toBe(200);
        counts.push(n);
      }
      expect(counts[0]).toBe(counts[1]);
    } finally {
      client.query = original;
    }
  });

  it("a page of any of migration 0021's sorts reads the first entries of its index, either way", async () => {
    const big = await buildCompany(database.db, { name: 'Bigco' });
    const p = await buildProject(database.db, big);
    const l = await buildTaskList(database.db, big, { projectId: p.projectId });
    await database.db
      .execute(sql`insert into tasks (company_id, project_id, task_list_id, title, sort_order, progress, created_at, updated_at)
      select ${big.companyId}, ${p.projectId}, ${l.taskListId}, 'Task ' || g, g * 1024, (g % 101),
        now() - g * interval '1 minute', now() - g * interval '1 second'
      from generate_series(1, 3000) g`);
    await database.db.execute(sql`analyze tasks`);
    const bigAdmin = await login(app, big.adminEmail);
    type Client = { query: (...a: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> };
    const client = (database.db as unknown as { $client: Client }).$client;
    // Read on the pool's `query`: an app without row-level security, whose request transaction runs
    // its statements on a connection of its own (plugins/auth.ts); the statements are the same.
    const { app: plain } = await buildTestApp({ rls: false });
    /** The page's statement as the API sent it (text and parameters), for EXPLAIN. */
    async function pageStatement(q: string) {
      const original = client.query;
      const seen: { text: string; values: unknown[] }[] = [];
      client.query = function (this: unknown, ...args: unknown[]) {
        const [a, b] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
        if (typeof a === 'string') seen.push({ text: a, values: b ?? [] });
        else seen.push({ text: a.text, values: a.values ?? b ?? [] });
        return original.apply(this, args);
      } as Client['query'];
      try {
        const res = await plain.inject({
          method: 'GET',
          url: `/api/Tasks/all?${q}`,
          headers: bearer(bigAdmin),
        });
        expect(res.statusCode).toBe(200);
      } finally {
        client.query = original;
      }
      const page = seen.find((s) => /from "tasks"/.test(s.text) && /\blimit\b/.test(s.text));
      if (!page) throw new Error('no page statement');
      return page;
    }
    for (const [q, index] of [
      ['sortBy=sortOrder', 'tasks_company_order_idx'],
      ['sortBy=sortOrder&sortOrder=desc', 'tasks_company_order_idx'],
      ['sortBy=createdAt&sortOrder=desc', 'tasks_company_created_idx'],
      ['sortBy=updatedAt&sortOrder=desc', 'tasks_company_updated_idx'],
      ['sortBy=progress', 'tasks_company_progress_idx'],
      ['sortBy=title&sortOrder=desc', 'tasks_title_idx'],
    ] as const) {
      const page = await pageStatement(`${q}&pageSize=25`);
      const res = await client.query(`explain ${page.text}`, page.values);
      const plan = res.rows.map((r) => Object.values(r).join(' ')).join('\n');
      expect(plan, q).toMatch(new RegExp(`Index (Only )?Scan (Backward )?using ${index}`));
    }
    await plain.close();
  });
});
