import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type App, buildApp } from '../app.ts';
import {
  type Database,
  type Db,
  openPostgres,
  rowsOf,
  tenantTransaction,
  TransactionAbortedError,
} from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { syncReferenceData } from '../db/reference-data.ts';
import { projects, tasks } from '../db/schema/index.ts';
import { conflict } from '../lib/errors.ts';
import { retryTransaction } from '../lib/retry.ts';
import { makeScope, type Scope } from '../lib/scope.ts';
import { scopeOf, SIGNED_IN } from '../plugins/auth.ts';
import { ok } from '../plugins/envelope.ts';
import { testConfig, workerDatabase } from '../test/build-app.ts';
import {
  bearer,
  buildCompany,
  buildProject,
  buildTask,
  buildTaskList,
  login,
  type Session,
  sqlRows,
  statusIdOf,
  type TestCompany,
} from '../test/factories.ts';
import { TENANT_TABLES } from '../test/tenant-guard.ts';

/**
 * Row-level security (issue 27; ARCHITECTURE.md, Tenancy): on PostgreSQL a tenant request works
 * as taskhive_app in its company, so a query that forgot its company condition sees only the
 * caller's company. The apps here are built on the unguarded handle: the tenant guard of the other
 * tests would stop a statement without its company condition before the database could.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)('row-level security (PostgreSQL)', () => {
  let database: Database;
  let app: App;
  /** The same app without row-level security (RLS=off): shows what the tests would see without it. */
  let plain: App;
  let acme: TestCompany;
  let other: TestCompany;
  let acmeAdmin: Session;
  const acmeTasks: string[] = [];
  const otherTasks: string[] = [];

  /** Test-only routes: a repository query that forgot its company condition, and failing handlers. */
  async function withProbes(a: App) {
    a.get('/api/test-rls/tasks', { config: { permission: SIGNED_IN } }, async (req, reply) => {
      const rows = await scopeOf(req).db.select({ id: tasks.id, companyId: tasks.companyId }).from(tasks);
      return ok(reply, rows);
    });
    a.post('/api/test-rls/insert-for', { config: { permission: SIGNED_IN } }, async (req, reply) => {
      const { companyId, statusId } = req.body as { companyId: string; statusId: string };
      const scope = scopeOf(req);
      await scope.db.insert(projects).values({
        companyId,
        statusId,
        code: `RLS${Date.now() % 100000}`,
        name: 'Planted',
        createdBy: scope.actor.userId,
      });
      return ok(reply, null, 'planted', 201);
    });
    a.post('/api/test-rls/write-then-409', { config: { permission: SIGNED_IN } }, async (req) => {
      const scope = scopeOf(req);
      await scope.transaction(async (tx) => {
        await tx.db
          .update(projects)
          .set({ name: 'Written before a 409' })
          .where(tx.own(projects, eq(projects.code, 'RLS-KEEP')));
      });
      throw conflict('a conflict after a write');
    });
    a.post('/api/test-rls/swallowed-error', { config: { permission: SIGNED_IN } }, async (req, reply) => {
      const scope = scopeOf(req);
      await scope.db
        .update(projects)
        .set({ name: 'Written before a swallowed error' })
        .where(scope.own(projects, eq(projects.code, 'RLS-KEEP')));
      await scope.db.execute(sql`select 1 / 0`).catch(() => undefined);
      // `?big`: an answer large enough to be compressed (a stream after @fastify/compress).
      return ok(reply, 'big' in (req.query as object) ? 'x'.repeat(20_000) : null);
    });
    a.get('/api/test-rls/whoami', { config: { permission: SIGNED_IN } }, async (req, reply) => {
      const [row] = rowsOf<{ role: string; company: string }>(
        await scopeOf(req).db.execute(
          sql`select current_user as role, current_setting('app.company_id', true) as company`,
        ),
      );
      return ok(reply, row);
    });
    await a.ready();
    return a;
  }

  beforeAll(async () => {
    database = await workerDatabase();
    const deps = { db: database.db, logger: false as const, listen: database.listen };
    app = await withProbes(await buildApp({ ...deps, config: testConfig({ rls: true }) }));
    plain = await withProbes(await buildApp({ ...deps, config: testConfig({ rls: false }) }));
    acme = await buildCompany(database.db, { name: 'Acme' });
    other = await buildCompany(database.db, { name: 'Other' });
    for (const [company, ids] of [
      [acme, acmeTasks],
      [other, otherTasks],
    ] as const) {
      const { projectId } = await buildProject(database.db, company);
      const { taskListId } = await buildTaskList(database.db, company, { projectId });
      for (let i = 0; i < 2; i++) ids.push((await buildTask(database.db, company, { taskListId })).taskId);
    }
    await buildProject(database.db, acme, { code: 'RLS-KEEP', name: 'Kept' });
    acmeAdmin = await login(app, acme.adminEmail);
  });
  afterAll(async () => {
    await app?.close();
    await plain?.close();
  });
  afterEach(() => vi.restoreAllMocks());

  const get = (a: App, url: string) => a.inject({ method: 'GET', url, headers: bearer(acmeAdmin) });

  it('a request works as taskhive_app in its own company; the owner handle is untouched after it', async () => {
    const res = await get(app, '/api/test-rls/whoami');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ role: 'taskhive_app', company: acme.companyId });
    // set_config(..., true) lasts until the transaction ends: every pooled connection is clean.
    const pooled = await Promise.all(
      Array.from({ length: 5 }, () =>
        sqlRows<{ role: string; company: string | null }>(
          database.db,
          sql`select current_user as role, current_setting('app.company_id', true) as company`,
        ),
      ),
    );
    for (const [row] of pooled) {
      expect(row?.role).toBe('postgres');
      expect(row?.company ?? '').toBe('');
    }
  });

  it('a query without its company condition returns only the caller company rows', async () => {
    const leaky = await get(app, '/api/test-rls/tasks');
    expect(leaky.statusCode).toBe(200);
    const seen = (leaky.json().data as { id: string; companyId: string }[]).map((r) => r.id).sort();
    expect(seen).toEqual([...acmeTasks].sort());
    // Without row-level security the same handler hands out the other company's tasks.
    const without = await get(plain, '/api/test-rls/tasks');
    expect((without.json().data as { id: string }[]).map((r) => r.id).sort()).toEqual(
      [...acmeTasks, ...otherTasks].sort(),
    );
    // And the owner's handle sees both companies.
    const all = await database.db.select({ id: tasks.id }).from(tasks);
    expect(all).toHaveLength(acmeTasks.length + otherTasks.length);
  });

  it('a repository query whose company condition is removed (scope.own) does not leak', async () => {
    // Every repository filters with scope.own: drop the company condition from all of them.
    const proto = Object.getPrototypeOf(makeScope(database.db, acmeAdminActor())) as Scope;
    vi.spyOn(proto, 'own').mockImplementation((_table, ...more) => and(...more) ?? sql`true`);
    const list = async (a: App) => {
      const res = await a.inject({
        method: 'GET',
        url: '/api/Project?pageSize=100',
        headers: bearer(acmeAdmin),
      });
      expect(res.statusCode).toBe(200);
      return (res.json().data.items as { companyId?: string; code: string }[]).map((p) => p.code);
    };
    const acmeCodes = (
      await database.db
        .select({ code: projects.code })
        .from(projects)
        .where(eq(projects.companyId, acme.companyId))
    ).map((p) => p.code);
    const allCodes = (await database.db.select({ code: projects.code }).from(projects)).map((p) => p.code);
    expect(allCodes.length).toBeGreaterThan(acmeCodes.length);
    expect((await list(app)).sort()).toEqual(acmeCodes.sort());
    // The same request without row-level security lists the other company's projects too.
    expect((await list(plain)).sort()).toEqual(allCodes.sort());
  });

  it("a row written with another company's id is refused (WITH CHECK) and nothing is written", async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test-rls/insert-for',
      headers: bearer(acmeAdmin),
      payload: {
        companyId: other.companyId,
        statusId: await statusIdOf(database.db, other.companyId, 'Open'),
      },
    });
    expect(res.statusCode).toBe(500);
    const planted = await database.db
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.companyId, other.companyId), eq(projects.name, 'Planted')));
    expect(planted).toEqual([]);
    // Directly: PostgreSQL names the policy.
    const tx = tenantTransaction(database.db, acme.companyId);
    if (!tx) throw new Error('no tenant transaction on PostgreSQL');
    const err = await tx.db
      .insert(projects)
      .values({
        companyId: other.companyId,
        statusId: await statusIdOf(database.db, other.companyId, 'Open'),
        code: 'RLS-X',
        name: 'X',
        createdBy: acme.adminUserId,
      })
      .then(
        () => null,
        (e: unknown) => e as { cause?: { code?: string; message?: string } },
      );
    await tx.end(false);
    expect(err?.cause?.code).toBe('42501');
    expect(err?.cause?.message).toMatch(/row-level security policy/);
  });

  it('an error answer rolls back what the request wrote, savepoints included', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test-rls/write-then-409',
      headers: bearer(acmeAdmin),
    });
    expect(res.statusCode).toBe(409);
    const [kept] = await database.db
      .select({ name: projects.name })
      .from(projects)
      .where(and(eq(projects.companyId, acme.companyId), eq(projects.code, 'RLS-KEEP')));
    expect(kept?.name).toBe('Kept');
  });

  it('a request whose transaction failed is not answered 2xx (a swallowed error cannot commit)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test-rls/swallowed-error',
      headers: bearer(acmeAdmin),
    });
    expect(res.statusCode).toBe(500);
    // The same with an answer compression turns into a stream: the transaction ends before it.
    const gzipped = await app.inject({
      method: 'POST',
      url: '/api/test-rls/swallowed-error?big',
      headers: { ...bearer(acmeAdmin), 'accept-encoding': 'gzip' },
    });
    expect(gzipped.statusCode).toBe(500);
    const [kept] = await database.db
      .select({ name: projects.name })
      .from(projects)
      .where(and(eq(projects.companyId, acme.companyId), eq(projects.code, 'RLS-KEEP')));
    expect(kept?.name).toBe('Kept');
    // Without row-level security there is no request transaction: the same handler answers 200
    // with its first write committed (as before issue 27).
    const before = await plain.inject({
      method: 'POST',
      url: '/api/test-rls/swallowed-error',
      headers: bearer(acmeAdmin),
    });
    expect(before.statusCode).toBe(200);
    await database.db
      .update(projects)
      .set({ name: 'Kept' })
      .where(and(eq(projects.companyId, acme.companyId), eq(projects.code, 'RLS-KEEP')));
  });

  it('the transaction layer: end(true) after a failed statement throws; a request that reads nothing takes no connection', async () => {
    const idle = tenantTransaction(database.db, acme.companyId);
    expect(idle?.opened).toBe(false);
    await idle?.end(true);
    expect(idle?.opened).toBe(false);

    const tx = tenantTransaction(database.db, acme.companyId);
    if (!tx) throw new Error('no tenant transaction on PostgreSQL');
    await tx.db.execute(sql`select 1 / 0`).catch(() => undefined);
    await expect(tx.end(true)).rejects.toBeInstanceOf(TransactionAbortedError);
    const after = await tx.db.execute(sql`select 1`).then(
      () => null,
      (e: unknown) => e as { cause?: Error },
    );
    expect(after?.cause?.message).toMatch(/after the request's transaction ended/);
  });

  it('endUnused ends at once a transaction no statement was sent on, and refuses one that was (issue 28)', async () => {
    const unused = tenantTransaction(database.db, acme.companyId);
    if (!unused) throw new Error('no tenant transaction on PostgreSQL');
    expect(unused.endUnused()).toBe(true);
    const late = await unused.db.execute(sql`select 1`).then(
      () => null,
      (e: unknown) => e as { cause?: Error },
    );
    expect(late?.cause?.message).toMatch(/after the request's transaction ended/);
    expect(unused.opened).toBe(false);

    const used = tenantTransaction(database.db, acme.companyId);
    if (!used) throw new Error('no tenant transaction on PostgreSQL');
    // Its handle is made when first asked for, once.
    expect(used.db).toBe(used.db);
    const read = await used.db.execute(sql`select current_setting('app.company_id') as company`);
    expect(rowsOf<{ company: string }>(read)[0]?.company).toBe(acme.companyId);
    expect(used.endUnused()).toBe(false);
    await used.end(true);
    expect(used.opened).toBe(true);
  });

  it('a route that touches no table answers from the platform handle; the next request still works as taskhive_app (issue 28)', async () => {
    const priorities = await get(app, '/api/Taskpriorities');
    expect(priorities.statusCode).toBe(200);
    expect(priorities.json().data.map((p: { name: string }) => p.name)).toEqual(
      (
        await sqlRows<{ name: string }>(database.db, sql`select name from priorities order by sort_order`)
      ).map((p) => p.name),
    );
    const res = await get(app, '/api/test-rls/whoami');
    expect(res.json().data).toEqual({ role: 'taskhive_app', company: acme.companyId });
  });

  it('a deadlock inside a request transaction: the savepoint rolls back and the retry succeeds', async () => {
    const [a, b] = acmeTasks as [string, string];
    const t1 = tenantTransaction(database.db, acme.companyId);
    const t2 = tenantTransaction(database.db, acme.companyId);
    if (!t1 || !t2) throw new Error('no tenant transaction on PostgreSQL');
    const actor = acmeAdminActor();
    const s1 = makeScope(t1.db, actor);
    const s2 = makeScope(t2.db, actor);
    let arrived = 0;
    let release: () => void = () => {};
    const bothLocked = new Promise<void>((r) => (release = r));
    const attempts = [0, 0];
    const rename = (tx: Scope, id: string, title: string) =>
      tx.db
        .update(tasks)
        .set({ title })
        .where(tx.own(tasks, eq(tasks.id, id)));
    const work = (s: Scope, i: 0 | 1, first: string, second: string) =>
      retryTransaction(() =>
        s.transaction(async (tx) => {
          attempts[i] = (attempts[i] ?? 0) + 1;
          await rename(tx, first, `first by ${i}`);
          if (attempts[i] === 1 && ++arrived === 2) release();
          if (attempts[i] === 1) await bothLocked;
          await rename(tx, second, `second by ${i}`);
          return i;
        }),
      );
    const p1 = work(s1, 0, a, b);
    const p2 = work(s2, 1, b, a);
    // One of them is the deadlock's victim: its savepoint is rolled back, and its retry waits for
    // the winner, whose locks last until its request transaction commits.
    const winner = await Promise.race([p1, p2]);
    await (winner === 0 ? t1 : t2).end(true);
    const loser = await (winner === 0 ? p2 : p1);
    await (winner === 0 ? t2 : t1).end(true);
    expect(loser).toBe(1 - winner);
    expect(attempts[1 - winner]).toBe(2);
    expect(attempts[winner]).toBe(1);
    const titles = await database.db
      .select({ title: tasks.title })
      .from(tasks)
      .where(and(eq(tasks.companyId, acme.companyId)));
    // The loser ran last: both its renames stand.
    expect(titles.map((t) => t.title).sort()).toEqual([`first by ${1 - winner}`, `second by ${1 - winner}`]);
  });

  it('every table with a company_id has row-level security forced and both policies', async () => {
    const rows = await sqlRows<{
      table: string;
      enabled: boolean;
      forced: boolean;
      tenant: string | null;
      tenantCheck: string | null;
      roles: string[] | null;
      owner: boolean;
    }>(
      database.db,
      sql`select c.relname as "table", c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
                 t.qual as tenant, t.with_check as "tenantCheck", t.roles::text[] as roles,
                 exists (select 1 from pg_policies o where o.schemaname = n.nspname
                          and o.tablename = c.relname and o.policyname = 'taskhive_platform') as owner
            from pg_class c
            join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
            left join pg_policies t on t.schemaname = n.nspname and t.tablename = c.relname
                                   and t.policyname = 'taskhive_tenant'
           where c.relkind = 'r'
             and exists (select 1 from pg_attribute a where a.attrelid = c.oid
                          and a.attname = 'company_id' and not a.attisdropped)
           order by 1`,
    );
    // The database's tenant tables are the schema's (test/tenant-guard.ts reads them from Drizzle).
    expect(rows.map((r) => r.table).sort()).toEqual([...TENANT_TABLES].sort());
    const expected = "(company_id = (NULLIF(current_setting('app.company_id'::text, true), ''::text))::uuid)";
    const wrong = rows.filter(
      (r) =>
        !r.enabled ||
        !r.forced ||
        r.tenant !== expected ||
        r.tenantCheck !== expected ||
        JSON.stringify(r.roles) !== '["taskhive_app"]' ||
        !r.owner,
    );
    expect(wrong.map((r) => r.table)).toEqual([]);
    expect(rows.length).toBeGreaterThan(20);
  });

  it('the check above fails on a tenant table without row-level security, which the migrations cover', async () => {
    const s = await database.session();
    try {
      await s.exec('begin');
      await s.exec('create table rls_probe (id int, company_id uuid)');
      const [row] = (
        await s.query<{ enabled: boolean; policies: number }>(
          `select c.relrowsecurity as enabled,
                  (select count(*)::int from pg_policies p where p.tablename = c.relname) as policies
             from pg_class c where c.relname = 'rls_probe'`,
        )
      ).rows;
      expect(row).toEqual({ enabled: false, policies: 0 });
      // What migrate.ts runs after the migrations covers it (db/sql/rls.sql).
      const [fixed] = (await s.query<{ n: number }>('select taskhive_secure_tenant_tables() as n')).rows;
      expect(fixed?.n).toBe(1);
      const [after] = (
        await s.query<{ enabled: boolean; forced: boolean; policies: number }>(
          `select c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
                  (select count(*)::int from pg_policies p where p.tablename = c.relname) as policies
             from pg_class c where c.relname = 'rls_probe'`,
        )
      ).rows;
      expect(after).toEqual({ enabled: true, forced: true, policies: 2 });
    } finally {
      await s.exec('rollback');
      s.release();
    }
  });

  function acmeAdminActor() {
    return {
      userId: acme.adminUserId,
      companyId: acme.companyId,
      sessionId: '',
      role: 'Company Admin',
      isSuperAdmin: false,
      permissions: new Set<string>(),
    };
  }
});

/**
 * DEPLOY.md's managed-database recipe: the app's user owns the database but is no superuser, and
 * an administrator made taskhive_app and granted it. FORCE applies to the owner: its platform work
 * passes the second policy, and a tenant request still sees one company.
 */
describe.skipIf(!onPostgres)('row-level security with an owner that is not a superuser', () => {
  const name = `taskhive_rls_owner_${process.pid}`;
  let admin: pg.Client;
  let database: Database | undefined;
  let app: App | undefined;

  beforeAll(async () => {
    await workerDatabase(); // migrated: taskhive_app exists in the cluster
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`drop role if exists ${name}`);
    await admin.query(`create role ${name} login`);
    await admin.query(`create database ${name} owner ${name}`);
    await admin.query(`grant taskhive_app to ${name}`);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`drop role if exists ${name}`);
    await admin.end();
  });

  it('migrates, does its platform work as owner, and a tenant request sees its company only', async () => {
    const u = new URL(process.env.DATABASE_URL ?? '');
    u.username = name;
    u.pathname = `/${name}`;
    const opened = await openPostgres(u.toString(), 4);
    database = opened;
    await migrate(opened);
    await syncReferenceData(opened.db);
    const [me] = await sqlRows<{ superuser: boolean }>(
      opened.db,
      sql`select rolsuper as superuser from pg_roles where rolname = current_user`,
    );
    expect(me?.superuser).toBe(false);
    // Fixtures write on the owner handle: FORCE applies to it, the platform policy lets it.
    const a = await buildCompany(database.db, { name: 'Acme' });
    const b = await buildCompany(database.db, { name: 'Other' });
    const bProject = await buildProject(database.db, b);
    const aProject = await buildProject(database.db, a, { memberIds: [a.adminUserId] });
    app = await buildApp({ db: database.db, config: testConfig({ rls: true }), logger: false });
    await app.ready();
    const session = await login(app, a.adminEmail);
    const list = await app.inject({
      method: 'GET',
      url: '/api/Project?pageSize=100',
      headers: bearer(session),
    });
    expect(list.statusCode).toBe(200);
    expect((list.json().data.items as { projectId: string }[]).map((p) => p.projectId)).toEqual([
      aProject.projectId,
    ]);
    // A write that enqueues mail (graphile-worker, owned by this user) commits.
    const { taskListId } = await buildTaskList(database.db, a, { projectId: aProject.projectId });
    const created = await app.inject({
      method: 'POST',
      url: `/api/Tasks/tasklists/${taskListId}/tasks`,
      headers: bearer(session),
      payload: { title: 'Under a managed owner', assigneeIds: [a.adminUserId] },
    });
    expect(created.statusCode).toBe(201);
    // A tenant transaction cannot see the other company; the owner handle sees both.
    const tx = tenantTransaction(database.db, a.companyId);
    if (!tx) throw new Error('no tenant transaction on PostgreSQL');
    const seen = await tx.db.select({ id: projects.id }).from(projects);
    await tx.end(false);
    expect(seen.map((p) => p.id)).toEqual([aProject.projectId]);
    const all = await database.db.select({ id: projects.id }).from(projects);
    expect(all.map((p) => p.id).sort()).toEqual([aProject.projectId, bProject.projectId].sort());
  }, 180_000);

  it('without the grant, the app does not start, and says what to do', async () => {
    if (!database) throw new Error('the test above opens the database');
    await admin.query(`revoke taskhive_app from ${name}`);
    await expect(
      buildApp({ db: database.db, config: testConfig({ rls: true }), logger: false }),
    ).rejects.toThrow(/cannot act as taskhive_app.*GRANT taskhive_app TO/);
  }, 60_000);
});

describe.skipIf(onPostgres)('row-level security on the embedded database', () => {
  it('PGlite runs as its superuser: the migrations apply, and requests keep the owner handle', async () => {
    // The reason the suite above is skipped here: a superuser bypasses row-level security, and
    // PGlite is one session of one (superuser) role; the app opens no request transaction on it.
    const database = await workerDatabase();
    const [row] = await sqlRows<{ superuser: boolean; app: boolean; policies: number }>(
      database.db,
      sql`select (select rolsuper from pg_roles where rolname = current_user) as superuser,
                 exists (select 1 from pg_roles where rolname = 'taskhive_app') as app,
                 (select count(*)::int from pg_policies where policyname = 'taskhive_tenant') as policies`,
    );
    expect(row?.superuser).toBe(true);
    expect(row?.app).toBe(true);
    expect(row?.policies).toBe(TENANT_TABLES.length);
    expect(tenantTransaction(database.db as Db, '00000000-0000-0000-0000-000000000001')).toBeUndefined();
  });
});
