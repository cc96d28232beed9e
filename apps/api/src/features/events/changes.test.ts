import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_CHANGE_IDS_HEADER, LIVE_FRAME, type LiveReady } from '@taskhive/contract';
import { buildApp, type App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { appDb, buildTestApp, testConfig } from '../../test/build-app.ts';
import {
  bearer,
  buildProject,
  buildTask,
  buildTaskList,
  buildUser,
  login,
  type Session,
  sqlRows,
  statusIdOf,
  type TestCompany,
  twoTenants,
} from '../../test/factories.ts';
import { isChange, type LiveClient, openLive } from '../../test/live-client.ts';

/**
 * The change log (issue 22, lib/changes.ts): a write's changes are rows written in its
 * transaction, the live streams read committed rows, and a reconnecting stream resumes from the
 * last change it had, across a restart of the server.
 */

let app: App;
let database: Database;
let acme: TestCompany;
let admin: Session;
let employee: Session;
let projectId: string;
let taskListId: string;
let taskId: string;
let secretTaskId: string;
const clients: LiveClient[] = [];
const onPostgres = !!process.env.DATABASE_URL;

beforeAll(async () => {
  ({ app, database } = await buildTestApp({ liveStream: { pollMs: 200 } }));
  ({ acme, admin, employee } = await twoTenants(app, database.db));
  const db = database.db;
  const e = await sqlRows<{ id: string }>(
    db,
    sql`select id from users where company_id = ${acme.companyId} and role_id = ${acme.roleIds.employee}`,
  );
  projectId = (await buildProject(db, acme, { name: 'Open book', memberIds: e.map((u) => u.id) })).projectId;
  taskListId = (await buildTaskList(db, acme, { projectId })).taskListId;
  taskId = (await buildTask(db, acme, { taskListId, title: 'Visible' })).taskId;
  const secret = (await buildProject(db, acme, { name: 'Closed book' })).projectId;
  const secretList = (await buildTaskList(db, acme, { projectId: secret })).taskListId;
  secretTaskId = (await buildTask(db, acme, { taskListId: secretList, title: 'Hidden' })).taskId;
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const c of clients) c.close();
  await app.close();
});

const countChanges = async () =>
  Number(
    (
      await sqlRows<{ n: string }>(
        database.db,
        sql`select count(*)::text as n from changes where company_id = ${acme.companyId}`,
      )
    )[0]?.n,
  );

async function listen(a: App, s: Session, lastEventId?: string) {
  const base = a.server.address();
  if (!base || typeof base === 'string') throw new Error('not listening');
  const c = await openLive(`http://127.0.0.1:${base.port}`, s.token, lastEventId);
  clients.push(c);
  return c;
}

describe('writing: a change is a row of the writing transaction', () => {
  it('a move writes its change row (type, entity, project, actor) and nothing is written by a refused one', async () => {
    const doneId = await statusIdOf(database.db, acme.companyId, 'Completed');
    const before = await countChanges();
    const refused = await app.inject({
      method: 'PUT',
      url: `/api/Tasks/${taskId}`,
      headers: bearer(admin),
      payload: { statusId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    const forbidden = await app.inject({
      method: 'PUT',
      url: `/api/Tasks/${secretTaskId}`,
      headers: bearer(employee),
      payload: { statusId: doneId },
    });
    expect(forbidden.statusCode).toBe(404);
    expect(await countChanges()).toBe(before);
    const moved = await app.inject({
      method: 'PUT',
      url: `/api/Tasks/${taskId}`,
      headers: bearer(admin),
      payload: { statusId: doneId },
    });
    expect(moved.statusCode).toBe(200);
    const rows = await sqlRows<{
      type: string;
      action: string;
      entity_id: string;
      project_id: string;
      actor_id: string;
    }>(
      database.db,
      sql`select type, action, entity_id, project_id, actor_id from changes
           where company_id = ${acme.companyId} order by seq desc limit 1`,
    );
    expect(rows).toEqual([
      { type: 'task', action: 'updated', entity_id: taskId, project_id: projectId, actor_id: admin.userId },
    ]);
    // The change says what changed, field by field, from and to (names, as the history shows).
    const [fields] = await sqlRows<{ fields: { field: string; from: string | null; to: string | null }[] }>(
      database.db,
      sql`select fields from changes where company_id = ${acme.companyId} order by seq desc limit 1`,
    );
    expect(fields?.fields).toContainEqual(expect.objectContaining({ field: 'status', to: 'Completed' }));
    // The task's history is made of those fields by the activity subscriber, in the same flush.
    const activity = await sqlRows<{ field: string; to_value: string | null; actor_id: string }>(
      database.db,
      sql`select field, to_value, actor_id from activities where company_id = ${acme.companyId} and task_id = ${taskId} order by created_at desc limit 1`,
    );
    expect(activity[0]).toEqual({ field: 'status', to_value: 'Completed', actor_id: admin.userId });
  });

  it("a write's answer names the change ids it recorded (its tab's echo); a read or a refused write names none", async () => {
    const renamed = await app.inject({
      method: 'PUT',
      url: `/api/Tasks/${taskId}`,
      headers: bearer(admin),
      payload: { title: 'Named by its change' },
    });
    expect(renamed.statusCode).toBe(200);
    const [last] = await sqlRows<{ seq: string }>(
      database.db,
      sql`select seq::text as seq from changes where company_id = ${acme.companyId} order by seq desc limit 1`,
    );
    expect(renamed.headers[LIVE_CHANGE_IDS_HEADER]).toBe(last?.seq);
    const read = await app.inject({ method: 'GET', url: `/api/Tasks/${taskId}`, headers: bearer(admin) });
    expect(read.headers[LIVE_CHANGE_IDS_HEADER]).toBeUndefined();
    const refused = await app.inject({
      method: 'PUT',
      url: `/api/Tasks/${taskId}`,
      headers: bearer(admin),
      payload: { title: '' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers[LIVE_CHANGE_IDS_HEADER]).toBeUndefined();
  });

  it('the one-statement create writes its task, activity and change row together', async () => {
    const before = await countChanges();
    const res = await app.inject({
      method: 'POST',
      url: `/api/Tasks/tasklists/${taskListId}/tasks`,
      headers: bearer(admin),
      payload: { title: 'Quick' },
    });
    expect(res.statusCode).toBe(201);
    expect(await countChanges()).toBe(before + 1);
  });
});

describe('reading: streams get committed changes, with their ids', () => {
  it('each change frame carries its change id, increasing', async () => {
    const c = await listen(app, employee);
    for (const title of ['One', 'Two']) {
      const res = await app.inject({
        method: 'PUT',
        url: `/api/Tasks/${taskId}`,
        headers: bearer(admin),
        payload: { title },
      });
      expect(res.statusCode).toBe(200);
    }
    await c.next(
      (f) => c.frames.filter((x) => x.event === LIVE_FRAME.change).length >= 2 && f.event === 'change',
    );
    const ids = c.frames.filter((f) => f.event === LIVE_FRAME.change).map((f) => BigInt(f.id ?? '0'));
    expect(ids.length).toBeGreaterThanOrEqual(2);
    expect(ids[0]).toBeGreaterThan(0n);
    expect(ids[1]).toBeGreaterThan(ids[0] ?? 0n);
    c.close();
  });

  it('a change whose wake-up was lost (its writer died after the commit) arrives by the poll', async () => {
    const c = await listen(app, employee);
    // As another process would have written it, without publishing anything here.
    await database.db
      .execute(sql`insert into changes (company_id, type, action, entity_id, project_id, actor_id)
      values (${acme.companyId}, 'task', 'updated', ${taskId}, ${projectId}, ${admin.userId})`);
    await c.next(isChange({ type: 'task', id: taskId }), 3000);
    c.close();
  });
});

describe('resuming with Last-Event-ID, across a restart', () => {
  it('gets every change missed that the reader may see, none it may not; an unknown id asks to refetch', async () => {
    const first = await listen(app, employee);
    const res = await app.inject({
      method: 'PUT',
      url: `/api/Tasks/${taskId}`,
      headers: bearer(admin),
      payload: { title: 'Before the restart' },
    });
    expect(res.statusCode).toBe(200);
    const seen = await first.next(isChange({ type: 'task', id: taskId }));
    first.close();
    const lastId = seen.id;
    expect(lastId).toMatch(/^\d+$/);

    // The server goes away; while it is down (another process takes the writes) two changes
    // happen: one the employee may see, one in a project they are not a member of.
    await app.close();
    const other = await buildApp({
      db: appDb(database),
      config: testConfig({ liveStream: { pollMs: 200 } }),
      logger: false,
      listen: database.listen,
    });
    for (const [id, title] of [
      [secretTaskId, 'Secret edit'],
      [taskId, 'While away'],
    ] as const) {
      const r = await other.inject({
        method: 'PUT',
        url: `/api/Tasks/${id}`,
        headers: bearer(admin),
        payload: { title },
      });
      expect(r.statusCode).toBe(200);
    }
    await other.listen({ port: 0, host: '127.0.0.1' });
    app = other;

    const resumed = await listen(app, employee, lastId);
    const ready = resumed.frames.find((f) => f.event === LIVE_FRAME.ready);
    expect(ready?.data as LiveReady).toEqual({ resumed: true });
    await resumed.next(isChange({ type: 'task', id: taskId }));
    // The sentinel: a later change; once it is here the backlog has all been sent.
    const later = await app.inject({
      method: 'PUT',
      url: `/api/Tasks/${taskId}`,
      headers: bearer(admin),
      payload: { title: 'After' },
    });
    expect(later.statusCode).toBe(200);
    await resumed.next((f) => f.event === LIVE_FRAME.change && resumed.changes().length >= 2);
    const ids = resumed.changes().map((m) => m.id);
    expect(ids).not.toContain(secretTaskId);
    expect(ids.filter((id) => id === taskId)).toHaveLength(2);
    // Exactly once each, in order.
    const frameIds = resumed.frames.filter((f) => f.event === LIVE_FRAME.change).map((f) => f.id);
    expect(new Set(frameIds).size).toBe(frameIds.length);

    const unknown = await listen(app, employee, '999999999999');
    expect(unknown.frames.find((f) => f.event === LIVE_FRAME.ready)?.data).toEqual({ resumed: false });
    const junk = await listen(app, employee, 'not-a-number');
    expect(junk.frames.find((f) => f.event === LIVE_FRAME.ready)?.data).toEqual({ resumed: false });
    const fresh = await listen(app, employee);
    expect(fresh.frames.find((f) => f.event === LIVE_FRAME.ready)?.data).toEqual({ resumed: false });
  });

  it("another company's change id resumes nothing of theirs", async () => {
    const { acme: other, admin: otherAdmin } = await twoTenants(app, database.db);
    const p = (await buildProject(database.db, other, { name: 'Elsewhere' })).projectId;
    const list = (await buildTaskList(database.db, other, { projectId: p })).taskListId;
    const made = await app.inject({
      method: 'POST',
      url: `/api/Tasks/tasklists/${list}/tasks`,
      headers: bearer(otherAdmin),
      payload: { title: 'Theirs' },
    });
    expect(made.statusCode).toBe(201);
    const [row] = await sqlRows<{ id: string }>(
      database.db,
      sql`select seq::text as id from changes where company_id = ${other.companyId} order by seq desc limit 1`,
    );
    const c = await listen(app, employee, row?.id);
    expect(c.frames.find((f) => f.event === LIVE_FRAME.ready)?.data).toEqual({ resumed: false });
    expect(c.changes()).toEqual([]);
  });
});

describe.skipIf(!onPostgres)('a change that commits after a later-numbered one (PostgreSQL)', () => {
  /** A connection of its own to the worker's database (the name the test database handle uses). */
  async function ownClient(): Promise<pg.Client> {
    const [{ db: name } = { db: '' }] = await sqlRows<{ db: string }>(
      database.db,
      sql`select current_database() as db`,
    );
    const u = new URL(process.env.DATABASE_URL ?? '');
    u.pathname = `/${name}`;
    const client = new pg.Client({ connectionString: u.toString() });
    await client.connect();
    return client;
  }

  it('is still delivered: the feed reads only ended transactions, in (tx, id) order', async () => {
    const c = await listen(app, employee);
    const slow = await ownClient();
    try {
      await slow.query('begin');
      await slow.query(
        `insert into changes (company_id, type, action, entity_id, project_id, actor_id)
         values ($1, 'task', 'updated', $2, $3, $4)`,
        [acme.companyId, taskId, projectId, admin.userId],
      );
      // A later change commits first and is delivered; the slow one's id is smaller.
      const quick = await app.inject({
        method: 'PUT',
        url: `/api/Tasks/${taskId}`,
        headers: bearer(admin),
        payload: { title: 'Quick one' },
      });
      expect(quick.statusCode).toBe(200);
      // Not delivered while the slow transaction is open (its change could still come).
      await new Promise((r) => setTimeout(r, 600));
      expect(c.changes()).toEqual([]);
      await slow.query('commit');
      await c.next((f) => f.event === LIVE_FRAME.change && c.changes().length >= 2, 5000);
      const ids = c.frames.filter((f) => f.event === LIVE_FRAME.change).map((f) => BigInt(f.id ?? '0'));
      // Both came, once each, in the order of their transactions: the quick change waited for
      // the slow transaction that began before it (a read past it could have skipped the slow one).
      expect(ids).toHaveLength(2);
      expect(ids[0]).toBeLessThan(ids[1] ?? 0n);
    } finally {
      await slow.end();
    }
  });

  it('held back by an older transaction, it arrives soon after that one ends, not at the next poll', async () => {
    // A process whose poll comes long after the test: only the wake's own reads can deliver.
    const quiet = await buildApp({
      db: appDb(database),
      config: testConfig({ liveStream: { pollMs: 60_000 } }),
      logger: false,
      listen: database.listen,
    });
    await quiet.listen({ port: 0, host: '127.0.0.1' });
    const older = await ownClient();
    try {
      const c = await listen(quiet, employee);
      // Any write transaction of the server that began before the change holds it back (here
      // one that took a transaction id and writes nothing, as another database's would).
      await older.query('begin');
      await older.query('select pg_current_xact_id()');
      const res = await quiet.inject({
        method: 'PUT',
        url: `/api/Tasks/${taskId}`,
        headers: bearer(admin),
        payload: { title: 'Held back' },
      });
      expect(res.statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 400));
      expect(c.changes()).toEqual([]);
      await older.query('rollback');
      const ended = Date.now();
      await c.next(isChange({ type: 'task', id: taskId }), 3000);
      // Its reads back off to HELD_RETRY_MAX_MS (250 ms) apart; the poll would take a minute.
      expect(Date.now() - ended).toBeLessThan(1000);
      c.close();
    } finally {
      await older.end();
      await quiet.close();
    }
  });

  it("another database's transaction of the server does not hold it back (it cannot write this change log)", async () => {
    // A process whose poll comes long after the test, as above.
    const quiet = await buildApp({
      db: appDb(database),
      config: testConfig({ liveStream: { pollMs: 60_000 } }),
      logger: false,
      listen: database.listen,
    });
    await quiet.listen({ port: 0, host: '127.0.0.1' });
    // The server's own database (the test databases are others of the same server).
    const elsewhere = new pg.Client({ connectionString: process.env.DATABASE_URL ?? '' });
    await elsewhere.connect();
    try {
      const [{ here } = { here: '' }] = await sqlRows<{ here: string }>(
        database.db,
        sql`select current_database() as here`,
      );
      const there = await elsewhere.query<{ db: string }>('select current_database() as db');
      expect(there.rows[0]?.db).not.toBe(here);
      const c = await listen(quiet, employee);
      // A long write transaction there (a data generator's, say), open for the whole test.
      await elsewhere.query('begin');
      await elsewhere.query('select pg_current_xact_id()');
      const res = await quiet.inject({
        method: 'PUT',
        url: `/api/Tasks/${taskId}`,
        headers: bearer(admin),
        payload: { title: 'Not held' },
      });
      expect(res.statusCode).toBe(200);
      await c.next(isChange({ type: 'task', id: taskId }), 1000);
      c.close();
    } finally {
      await elsewhere.query('rollback');
      await elsewhere.end();
      await quiet.close();
    }
  });
});

it('an employee with a project of their own sees their own change arrive too (the writer is not excluded)', async () => {
  const u = await buildUser(database.db, acme, { role: 'employee' });
  const s = await login(app, u.email);
  const p = (await buildProject(database.db, acme, { name: 'Own', memberIds: [u.userId] })).projectId;
  const list = (await buildTaskList(database.db, acme, { projectId: p })).taskListId;
  const t = (await buildTask(database.db, acme, { taskListId: list, title: 'Mine' })).taskId;
  const c = await listen(app, s);
  const r = await app.inject({
    method: 'PUT',
    url: `/api/Tasks/${t}`,
    headers: bearer(s),
    payload: { title: 'Mine!' },
  });
  expect(r.statusCode).toBe(200);
  const f = await c.next(isChange({ type: 'task', id: t }));
  expect(f.id).toMatch(/^\d+$/);
});

it('the administration changes reach who may read them: statuses everyone, departments their readers', async () => {
  const plain = await buildUser(database.db, acme, { role: null, permissions: ['project:read'] });
  const reader = await buildUser(database.db, acme, { role: null, permissions: ['department:read'] });
  const [p, r] = [await login(app, plain.email), await login(app, reader.email)];
  const [cp, cr] = [await listen(app, p), await listen(app, r)];
  const dept = await app.inject({
    method: 'POST',
    url: '/api/Department',
    headers: bearer(admin),
    payload: { name: 'Heard' },
  });
  expect(dept.statusCode).toBe(201);
  const status = await app.inject({
    method: 'POST',
    url: '/api/Taskstatuses',
    headers: bearer(admin),
    payload: { name: 'Heard too', color: '#336699' },
  });
  expect(status.statusCode).toBe(201);
  // Both hear the status (the later change): by then the department had come, or never will.
  await cp.next(isChange({ type: 'taskstatus', action: 'created' }));
  await cr.next(isChange({ type: 'taskstatus', action: 'created' }));
  expect(cr.changes().map((m) => m.type)).toContain('department');
  expect(cp.changes().map((m) => m.type)).not.toContain('department');
});

it('a change is marked mine on the streams of the session that made it, and only there', async () => {
  const other = await login(app, acme.adminEmail);
  const [own, theirs] = [await listen(app, admin), await listen(app, other)];
  const dept = await app.inject({
    method: 'POST',
    url: '/api/Department',
    headers: bearer(admin),
    payload: { name: 'Mine' },
  });
  expect(dept.statusCode).toBe(201);
  const id = dept.json().data.deptId as string;
  const a = await own.next(isChange({ type: 'department', id }));
  const b = await theirs.next(isChange({ type: 'department', id }));
  expect((a.data as { mine?: boolean }).mine).toBe(true);
  expect((b.data as { mine?: boolean }).mine).toBeUndefined();
});
