/**
 * The process under load, started by the suite (run.ts) with fork(): it builds the database
 * (PostgreSQL from DATABASE_URL, in a database of its own, or PGlite in memory), generates the
 * data, and serves two things side by side:
 *   - the Taskhive app, exactly as server.ts builds it;
 *   - a bare Fastify server: a JSON route (the platform's floor) and, for each of the main reads
 *     (READS in endpoints.ts), `/raw/<key>`, which replays through the driver the SQL the app ran
 *     for that request at start-up (the database's floor); for each write (WRITES),
 *     `POST /raw/write-<key>`, which replays the statements the app ran for one such request in one
 *     transaction on one pooled client, the values `vary` names changed per replay.
 * It answers the parent with a token of the large tenant's admin and the ids the paths name.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { type Database, openPglite, openPostgres, sideHandle } from '../../apps/api/src/db/client.ts';
import { migrate } from '../../apps/api/src/db/migrate.ts';
import { syncReferenceData } from '../../apps/api/src/db/reference-data.ts';
import { hashPassword } from '../../apps/api/src/lib/passwords.ts';
import { type StreamAudience, streamAudience } from './audience.ts';
import { dataPlan, generate, GENERATOR_VERSION, resolveIds } from './data.ts';
import { fill, type Ids, READS, RECORDED_WRITE, WRITES } from './endpoints.ts';

export type ServerOptions = {
  mode: 'smoke' | 'default' | 'scale';
  appPort: number;
  barePort: number;
  /** The same app without row-level security (RLS=off), for the RLS rows (PostgreSQL). */
  rlsOffPort?: number;
  logLevel: string;
  /** The large tenant's task count instead of the mode's (`--growth`'s small run). */
  tasks?: number;
  /** Issue 28 (streams.ts): this many readers and non-readers of the project with the most tasks, with sessions. */
  streams?: { readers: number; others: number };
};

export type ServerReady = {
  kind: 'ready';
  database: 'postgres' | 'pglite';
  token: string;
  /** Statements each raw route replays, by read key and `write-<key>`. */
  rawStatements: Record<string, number>;
  /** Each write's recorded statements (whitespace folded), in order: what its raw twin replays. */
  writeStatements: Record<string, string[]>;
  generateSeconds: number;
  /** BENCH_REUSE: the database's name, and whether it was generated before (generateSeconds: its vacuum). */
  reuse?: { databaseName: string; reused: boolean };
  ids: Ids;
  streams?: StreamAudience;
};

/** What the parent may ask the running server over the IPC channel, and its answer. */
export type ServerAsk = { kind: 'memory' };
export type ServerMemory = { kind: 'memory'; rss: number; heapUsed: number; gc: boolean };

type Statement = { text: string; values: unknown[]; first?: unknown };
/**
 * A create's task number, taken in a statement and transaction of its own on the side pool
 * (tasksRepo.takeNumber, issue 28): its twin replays it so too, and names the number it took
 * where the recorded insert named the recorded one.
 */
const TAKES_NUMBER = /^update "projects" set "last_task_number"/i;
const INSERTS_TASK = /insert into "tasks"/i;
/** What pg's Pool and PGlite both offer: `query(text, values)`. */
type RawClient = {
  query(
    text: string | { text: string; values?: unknown[] },
    ...rest: unknown[]
  ): Promise<{ rows: unknown[] }>;
};

/**
 * The PostgreSQL database the run creates (and drops first): BENCH_DB_NAME, so two runs on one
 * server do not drop each other's (letters, digits and underscores only).
 */
export const BENCH_DB = benchDbName(process.env.BENCH_DB_NAME);

function benchDbName(name: string | undefined): string {
  if (!name) return 'taskhive_bench';
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`BENCH_DB_NAME: not a plain name: ${name}`);
  return name;
}
/** Every generated user's password (the browser suite signs in with it). */
export const BENCH_PASSWORD = 'Bench-password-1';

/**
 * BENCH_REUSE=1 (PostgreSQL): a database a run generated before with the same data plan is used as
 * it is (migrated to this code first, as production's would be) instead of dropped and generated
 * again: 1,000,000 tasks take 10 to 25 minutes to generate here. Each size has its database
 * (`<BENCH_DB_NAME>_<tasks>`). For reads: a reused database keeps what earlier runs' writes added.
 */
const REUSE = process.env.BENCH_REUSE === '1';

async function openBenchDatabase(
  plan: string,
): Promise<{ database: Database; name: string; reused: boolean }> {
  const url = process.env.DATABASE_URL;
  if (!url) return { database: await openPglite(undefined), name: '', reused: false };
  const name = REUSE
    ? `${BENCH_DB}_${createHash('sha256').update(plan).digest('hex').slice(0, 8)}`
    : BENCH_DB;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  let reused = false;
  try {
    if (REUSE) {
      const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (exists.rows.length > 0) {
        const u = new URL(url);
        u.pathname = `/${name}`;
        const probe = new pg.Client({ connectionString: u.toString() });
        await probe.connect();
        try {
          const meta = await probe
            .query('select plan from bench_meta')
            .catch(() => ({ rows: [] as { plan: string }[] }));
          reused = meta.rows[0]?.plan === plan;
        } finally {
          await probe.end();
        }
      }
    }
    if (!reused) {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
    }
  } finally {
    await admin.end();
  }
  const u = new URL(url);
  u.pathname = `/${name}`;
  return { database: await openPostgres(u.toString(), 10), name, reused };
}

/**
 * Records the statements the driver runs within `during(work)` (the app's own SQL, verbatim), on
 * every connection: on PostgreSQL each pooled client as the pool lends it (a plain query, a write's
 * transaction and a tenant request's transaction all borrow one), on PGlite the client and the
 * handle its transactions get. Only `work`'s own statements count (an async context, not a
 * window of time): a job runner's poll on the same pool at that moment is not the request's.
 */
function recorder(client: RawClient, ...others: pg.Pool[]) {
  const recording = new AsyncLocalStorage<Statement[]>();
  const wrap = (target: RawClient) => {
    const query = target.query.bind(target);
    target.query = (text, ...rest) => {
      const into = recording.getStore();
      if (!into) return query(text, ...rest);
      const values = Array.isArray(rest[0]) ? rest[0] : [];
      const statement: Statement =
        typeof text === 'string' ? { text, values } : { text: text.text, values: text.values ?? values };
      into.push(statement);
      // The first value of its first row (a row may come as an array: Drizzle's row mode), whether
      // the answer comes by promise or by callback (pg's Pool.query).
      const keep = (r: unknown) => {
        const row = (r as { rows?: unknown[] } | undefined)?.rows?.[0];
        statement.first = Array.isArray(row) ? row[0] : row ? Object.values(row)[0] : undefined;
      };
      const last = rest[rest.length - 1];
      if (typeof last === 'function') {
        const done = last as (err: unknown, r: unknown) => void;
        return query(text, ...rest.slice(0, -1), (err: unknown, r: unknown) => {
          if (!err) keep(r);
          done(err, r);
        });
      }
      const answer = query(text, ...rest);
      void Promise.resolve(answer).then(keep, () => {});
      return answer;
    };
  };
  const wrapped = new WeakSet<object>();
  const onAcquire = (c: pg.PoolClient) => {
    if (wrapped.has(c)) return;
    wrapped.add(c);
    wrap(c as unknown as RawClient);
  };
  for (const pool of others) pool.on('acquire', onAcquire);
  if (client instanceof pg.Pool) {
    client.on('acquire', onAcquire);
  } else {
    wrap(client);
    const lite = client as unknown as LiteTransactions;
    const transaction = lite.transaction.bind(lite);
    lite.transaction = (work) =>
      transaction((tx) => {
        wrap(tx);
        return work(tx);
      });
  }
  return {
    async during(work: () => Promise<unknown>): Promise<Statement[]> {
      const into: Statement[] = [];
      await recording.run(into, work);
      return into;
    },
  };
}

/** PGlite's transactions: `work` gets the transaction's handle. */
type LiteTransactions = { transaction<T>(work: (tx: RawClient) => Promise<T>): Promise<T> };

/** Runs `work` on one connection between BEGIN and COMMIT (ROLLBACK when it throws). */
async function inTransaction<T>(client: RawClient, work: (c: RawClient) => Promise<T>): Promise<T> {
  if (!(client instanceof pg.Pool)) return (client as unknown as LiteTransactions).transaction(work);
  const c = await client.connect();
  try {
    await c.query('begin');
    const result = await work(c as unknown as RawClient);
    await c.query('commit');
    return result;
  } catch (err) {
    await c.query('rollback').catch(() => {});
    throw err;
  } finally {
    c.release();
  }
}

const ISO_DATE = /\b\d{4}-\d{2}-\d{2}(?=T|\b)/g;

/**
 * A recorded write's parameters for replay `n`: in every string, each value the recorded request
 * was built from (`recorded`) becomes request n's (`now`, same order), and every ISO date moves by
 * `days` days. Other values stay as recorded.
 */
function varied(values: unknown[], recorded: string[], now: string[], days: number): unknown[] {
  const swaps = recorded.map((from, k) => [from, now[k] ?? from] as const).filter(([a, b]) => a !== b);
  if (!swaps.length && !days) return values;
  return values.map((v) => {
    if (typeof v !== 'string') return v;
    let out = v;
    for (const [from, to] of swaps) out = out.split(from).join(to);
    if (days)
      out = out.replace(ISO_DATE, (d) =>
        new Date(Date.parse(`${d}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10),
      );
    return out;
  });
}

export async function startServer(o: ServerOptions): Promise<ServerReady> {
  const plan = dataPlan(o.mode, o.tasks);
  const planKey = JSON.stringify({ ...plan, generator: GENERATOR_VERSION });
  const { database, name: databaseName, reused } = await openBenchDatabase(planKey);
  await migrate(database);
  await syncReferenceData(database.db);
  const t0 = performance.now();
  let large: Awaited<ReturnType<typeof generate>>;
  if (reused) {
    const [meta] = (
      (await database.db.execute(sql`select company_id, admin_email from bench_meta`)) as unknown as {
        rows: { company_id: string; admin_email: string }[];
      }
    ).rows;
    if (!meta) throw new Error('BENCH_REUSE: bench_meta has no row');
    large = { companyId: meta.company_id, adminEmail: meta.admin_email };
    // What an earlier run's migrations changed: fresh statistics and visibility map.
    await database.db.execute(sql`vacuum analyze`);
  } else {
    large = await generate(database.db, plan, await hashPassword(BENCH_PASSWORD));
    if (REUSE) {
      await database.db.execute(
        sql`create table bench_meta (plan text not null, company_id uuid not null, admin_email text not null)`,
      );
      await database.db.execute(
        sql`insert into bench_meta values (${planKey}, ${large.companyId}, ${large.adminEmail})`,
      );
    }
  }
  const generateSeconds = (performance.now() - t0) / 1000;

  const config = {
    ...loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'taskhive-bench-')), LOG_LEVEL: o.logLevel }),
    rateLimit: { authMax: 1e9, authIpMax: 1e9, authWindowMs: 60_000 },
    // As the app runs on PostgreSQL (row-level security on, ARCHITECTURE.md, Tenancy). The config
    // above is read without DATABASE_URL, which alone would have turned it off (it did until
    // 2026-11-27: the "RLS off" rows compared the app without it to itself).
    rls: database.kind === 'postgres',
  };
  const app = await buildApp({ db: database.db, config, listen: database.listen });
  await app.ready();
  // The same app without row-level security (issue 27): the RLS rows compare the two. On
  // PostgreSQL the app's tenant reads run on a connection of their own (the request's
  // transaction), which the recorder below cannot see: the raw routes replay this app's
  // statements, the same SQL without the transaction and the role.
  const plain = await buildApp({
    db: database.db,
    config: { ...config, rls: false },
    listen: database.listen,
  });
  await plain.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: large.adminEmail, password: BENCH_PASSWORD },
  });
  const token = (login.json() as { data: { token: string } }).data.token;
  const authorization = `Bearer ${token}`;

  const ids = await resolveIds(database.db, large.companyId);
  const streams =
    o.streams &&
    (await streamAudience(database.db, config.jwtSecret, large.companyId, ids.projectId, o.streams));

  const client = (database.db as unknown as { $client: RawClient }).$client;
  // The side pool (a task's number, the platform reads, db/client.ts sideHandle): PostgreSQL only.
  const counters = (sideHandle(database.db) as unknown as { $client: RawClient }).$client;
  const rec = recorder(client, ...(counters instanceof pg.Pool && counters !== client ? [counters] : []));
  const bare = Fastify({ logger: false });
  // A raw route's first failure, named (a twin that errs measures nothing).
  let told = false;
  bare.setErrorHandler((err, req, reply) => {
    if (!told) console.error(`${req.url}: ${(err as Error).message}`);
    told = true;
    void reply.status(500).send({ status: 'error' });
  });
  bare.get('/bare', async () => ({ status: 'ok' }));
  const rawStatements: Record<string, number> = {};
  for (const read of READS) {
    const url = fill(read.path, ids);
    let answer = { statusCode: 0, body: '' };
    const captured = await rec.during(async () => {
      answer = await plain.inject({ url, headers: { authorization } });
    });
    if (answer.statusCode !== 200) throw new Error(`${url} answered ${answer.statusCode}: ${answer.body}`);
    // The app's statements for the read, without the auth plugin's session read.
    const statements = captured.filter((s) => !/\bfrom "sessions"/i.test(s.text));
    rawStatements[read.key] = statements.length;
    bare.get(`/raw/${read.key}`, async () => {
      const results = [];
      for (const s of statements) results.push((await client.query(s.text, s.values)).rows);
      return { status: 'success', data: results };
    });
  }

  // Issue 28: each write's statements for one request (RECORDED_WRITE), replayed by
  // `/raw/write-<key>` in one transaction on one pooled client, without the app's own BEGIN and
  // COMMIT (on PostgreSQL a tenant request runs every statement in one transaction anyway).
  const writeStatements: Record<string, string[]> = {};
  for (const w of WRITES) {
    const url = w.write.path(ids, RECORDED_WRITE);
    let answer = { statusCode: 0, body: '' };
    const captured = await rec.during(async () => {
      answer = await plain.inject({
        method: w.write.method,
        url,
        headers: { authorization },
        payload: w.write.body(ids, RECORDED_WRITE),
      });
    });
    if (answer.statusCode < 200 || answer.statusCode > 299)
      throw new Error(`${w.write.method} ${url} answered ${answer.statusCode}: ${answer.body}`);
    const statements = captured.filter(
      (s) => !/\bfrom "sessions"/i.test(s.text) && !/^\s*(begin|commit|rollback)\s*$/i.test(s.text),
    );
    rawStatements[`write-${w.key}`] = statements.length;
    writeStatements[w.key] = statements.map((s) => s.text.replace(/\s+/g, ' ').trim());
    const recorded = w.vary?.values(ids, RECORDED_WRITE) ?? [];
    let n = 0;
    // As the app: a task's number in an autocommitted statement on the side pool first.
    const numbering = statements.find((s) => TAKES_NUMBER.test(s.text));
    const inside = statements.filter((s) => s !== numbering);
    bare.post(`/raw/write-${w.key}`, async () => {
      const i = n++;
      const now = w.vary?.values(ids, i) ?? [];
      const days = w.vary?.days?.(ids, i) ?? 0;
      let number: unknown;
      if (numbering) {
        const taken = await counters.query(numbering.text, numbering.values);
        const row = (taken as { rows: Record<string, unknown>[] }).rows[0];
        number = row ? Object.values(row)[0] : undefined;
      }
      const results = await inTransaction(client, async (c) => {
        const out = [];
        for (const s of inside) {
          let values = varied(s.values, recorded, now, days);
          if (numbering && INSERTS_TASK.test(s.text))
            values = values.map((v) => (v === numbering.first ? number : v));
          out.push((await c.query(s.text, values)).rows);
        }
        return out;
      });
      return { status: 'success', data: results };
    });
  }

  // Issue 28: the machine's floor for a write, whatever the app (FLOORS in endpoints.ts): one
  // transaction that updates one row every request shares and inserts one (what a gap-free
  // number per project costs: a create's task key), and one insert per transaction (the least a
  // durable write costs). Tables of their own, outside the app's schema's tenancy.
  await client.query(
    'create table if not exists bench_floor_counter (id int primary key, n bigint not null)',
  );
  await client.query('insert into bench_floor_counter values (1, 0) on conflict (id) do nothing');
  await client.query(
    'create table if not exists bench_floor_rows (id bigserial primary key, at timestamptz not null default now())',
  );
  bare.post('/raw/floor-shared-row', async () =>
    inTransaction(client, async (c) => {
      await c.query('update bench_floor_counter set n = n + 1 where id = 1');
      await c.query('insert into bench_floor_rows default values');
      return { status: 'success' };
    }),
  );
  bare.post('/raw/floor-insert', async () => {
    await client.query('insert into bench_floor_rows default values');
    return { status: 'success' };
  });

  await app.listen({ port: o.appPort, host: '127.0.0.1' });
  await bare.listen({ port: o.barePort, host: '127.0.0.1' });
  if (o.rlsOffPort !== undefined) await plain.listen({ port: o.rlsOffPort, host: '127.0.0.1' });
  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    await app.close();
    await plain.close();
    await bare.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void close());
  process.on('disconnect', () => void close());
  // The process's memory, after a full collection when node runs with --expose-gc.
  process.on('message', (m: ServerAsk) => {
    if (m.kind !== 'memory') return;
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    const { rss, heapUsed } = process.memoryUsage();
    process.send?.({ kind: 'memory', rss, heapUsed, gc: !!gc } satisfies ServerMemory);
  });
  return {
    kind: 'ready',
    database: database.kind,
    token,
    rawStatements,
    writeStatements,
    generateSeconds,
    ...(REUSE && databaseName ? { reuse: { databaseName, reused } } : {}),
    ids,
    streams,
  };
}

if (process.send) {
  const o = JSON.parse(process.argv[2] ?? '{}') as ServerOptions;
  startServer(o).then(
    (ready) => process.send?.(ready),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
