/**
 * The process under load, started by the suite (run.ts) with fork(): it builds the database
 * (PostgreSQL from DATABASE_URL, in a database of its own, or PGlite in memory), generates the
 * data, and serves two things side by side:
 *   - the Taskhive app, exactly as server.ts builds it;
 *   - a bare Fastify server: a JSON route (the platform's floor) and, for each of the main reads
 *     (READS in endpoints.ts), `/raw/<key>`, which replays through the driver the SQL the app ran
 *     for that request at start-up (the database's floor).
 * It answers the parent with a token of the large tenant's admin and the ids the paths name.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { type Database, openPglite, openPostgres } from '../../apps/api/src/db/client.ts';
import { migrate } from '../../apps/api/src/db/migrate.ts';
import { syncReferenceData } from '../../apps/api/src/db/reference-data.ts';
import { hashPassword } from '../../apps/api/src/lib/passwords.ts';
import { type StreamAudience, streamAudience } from './audience.ts';
import { dataPlan, generate, resolveIds } from './data.ts';
import { fill, type Ids, READS } from './endpoints.ts';

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
  /** Statements each raw route replays, by read. */
  rawStatements: Record<string, number>;
  generateSeconds: number;
  ids: Ids;
  streams?: StreamAudience;
};

/** What the parent may ask the running server over the IPC channel, and its answer. */
export type ServerAsk = { kind: 'memory' };
export type ServerMemory = { kind: 'memory'; rss: number; heapUsed: number; gc: boolean };

type Statement = { text: string; values: unknown[] };
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

async function openBenchDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) return openPglite(undefined);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${BENCH_DB} with (force)`);
    await admin.query(`create database ${BENCH_DB}`);
  } finally {
    await admin.end();
  }
  const u = new URL(url);
  u.pathname = `/${BENCH_DB}`;
  return openPostgres(u.toString(), 10);
}

/** Records the statements the driver runs while `recording` is set (the app's own SQL, verbatim). */
function recorder(client: RawClient) {
  let recording: Statement[] | null = null;
  const query = client.query.bind(client);
  client.query = (text, ...rest) => {
    if (recording) {
      recording.push(
        typeof text === 'string'
          ? { text, values: Array.isArray(rest[0]) ? rest[0] : [] }
          : { text: text.text, values: text.values ?? (Array.isArray(rest[0]) ? rest[0] : []) },
      );
    }
    return query(text, ...rest);
  };
  return {
    async during(work: () => Promise<unknown>): Promise<Statement[]> {
      recording = [];
      try {
        await work();
        return recording;
      } finally {
        recording = null;
      }
    },
  };
}

export async function startServer(o: ServerOptions): Promise<ServerReady> {
  const database = await openBenchDatabase();
  await migrate(database);
  await syncReferenceData(database.db);
  const t0 = performance.now();
  const large = await generate(database.db, dataPlan(o.mode, o.tasks), await hashPassword(BENCH_PASSWORD));
  const generateSeconds = (performance.now() - t0) / 1000;

  const config = {
    ...loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'taskhive-bench-')), LOG_LEVEL: o.logLevel }),
    rateLimit: { authMax: 1e9, authIpMax: 1e9, authWindowMs: 60_000 },
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
  const rec = recorder(client);
  const bare = Fastify({ logger: false });
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
  return { kind: 'ready', database: database.kind, token, rawStatements, generateSeconds, ids, streams };
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
