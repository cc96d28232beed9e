import { randomUUID } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type Logger, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import pg from 'pg';

/**
 * The database handle. Built without the schema: the app does not use Drizzle's relational query
 * API (`db.query.*`), and with the schema every transaction handle (a write's transaction, a
 * savepoint, a tenant request's transaction) built a query builder per table: 47 of them, about
 * 17 µs of CPU each time (issue 28, measured on the shared machine under load).
 */
export type Db = PgDatabase<PgQueryResultHKT>;

/** Where a main pool keeps its side pool (`sideHandle`). */
const SIDE = Symbol('taskhive.side');

/** The raw connection the migrator uses: one session, so an advisory lock holds for the whole run. */
export type RawSession = {
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>;
  exec(sql: string): Promise<unknown>;
  release(): void;
};

/** The channel the authorisation triggers notify on (migration 0007, lib/authz-cache.ts). */
export const AUTHZ_CHANNEL = 'taskhive_authz';

/** What a subscriber to a notification channel hears. */
export type ListenHandlers = {
  /** A payload sent on the channel by a committed transaction (any process, this one included). */
  notify(payload: string): void;
  /**
   * `true` once the listener is listening (again: everything sent meanwhile may have been missed),
   * `false` when its connection is lost.
   */
  state(listening: boolean): void;
};

export type Listening = {
  /**
   * Resolves once every notification committed before the call has been handed to `notify`
   * (NOTIFY delivers in commit order, so the echo of our own NOTIFY comes after them).
   */
  sync(): Promise<void>;
  close(): Promise<void>;
};

export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  /**
   * Subscribes to a notification channel. Resolves after the first attempt to listen, whether
   * it worked or not (a failed PostgreSQL listener retries with back-off and reports `state`).
   */
  listen(channel: string, handlers: ListenHandlers): Promise<Listening>;
  /** Another handle on the same connection(s) whose every statement goes through `logger` first. */
  withLogger(logger: Logger): Db;
  session(): Promise<RawSession>;
  /** The connection pool's counts (PostgreSQL; undefined on the embedded database, one connection). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
};

export class DatabaseLockedError extends Error {}

/** One process at a time on a PGlite directory: a second one fails fast with a clear message. */
function lockDirectory(dir: string): () => void {
  const lockFile = `${dir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(lockFile, 'utf8').trim());
      if (pid && isAlive(pid)) {
        throw new DatabaseLockedError(
          `The embedded database in ${dir} is in use by another process (pid ${pid}). ` +
            'Stop it first, or point DATA_DIR at another folder.',
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new DatabaseLockedError(`Could not lock ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** PGlite in `dir`, or in memory when `dir` is undefined (tests). */
export async function openPglite(dir: string | undefined): Promise<Database> {
  let unlock = () => {};
  if (dir) {
    mkdirSync(dir, { recursive: true });
    unlock = lockDirectory(dir);
  }
  try {
    const client = await PGlite.create(dir ? { dataDir: dir } : {});
    const db = drizzlePglite({ client }) as unknown as Db;
    return {
      kind: 'pglite',
      db,
      // In process: a callback runs before the committing statement resolves, the writer's own
      // change included, and the "connection" never drops.
      async listen(channel, handlers) {
        const unlisten = await client.listen(channel, (payload) => handlers.notify(payload));
        handlers.state(true);
        return {
          async sync() {
            await client.query('select pg_notify($1, $2)', [channel, `sync:${randomUUID()}`]);
          },
          close: () => unlisten(),
        };
      },
      withLogger: (logger) => drizzlePglite({ client, logger }) as unknown as Db,
      async session() {
        return {
          query: async <R>(sql: string, params?: unknown[]) => ({
            rows: (await client.query<R>(sql, params)).rows,
          }),
          exec: (sql: string) => client.exec(sql),
          release: () => {},
        };
      },
      async close() {
        await client.close();
        unlock();
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}

/**
 * Settings of every pooled session, unless the URL names its own (`?options=-c%20…`, which pg
 * reads instead). No parallel query: Taskhive's reads are short and many at once, and on the
 * 2-core machines measured (bench/README.md, 2026-11-25) launching workers for one request took
 * the cores from the others: at 1,000,000 tasks, with 10 connections, the user report answered
 * 2.1 times as many requests without them, the dashboard 1.6 times, My Tasks 1.3 times, and no
 * read fewer.
 *
 * No JIT compilation (issue 28): PostgreSQL compiles a statement whose estimated cost passes
 * `jit_above_cost` (100,000), which on the bench's 100,000 tasks the company report's estimate
 * sums did at every request: 100 ms of compiling for a 120 ms statement (`EXPLAIN ANALYZE`,
 * 2026-11-27). Taskhive's statements are short and repeated; JIT pays only for long analytics.
 */
export const SESSION_OPTIONS = '-c max_parallel_workers_per_gather=0 -c jit=off';

export async function openPostgres(url: string, max = 10): Promise<Database> {
  // Every pooled connection listens on the authorisation channel too: PostgreSQL hands a session
  // its own notifications before the COMMIT (or the autocommitted statement) answers, so a
  // process that changes a session, a user, a role... has dropped its cached entries before the
  // writing request goes on, whatever code wrote. The dedicated listener below hears the others.
  // (LISTEN runs in pg-pool's onConnect, before the connection is lent: one statement per
  // connection, not per query.)
  const echo = new Set<ListenHandlers>();
  const onConnect = async (client: pg.ClientBase) => {
    client.on('notification', (n) => {
      if (n.channel === AUTHZ_CHANNEL) for (const h of echo) h.notify(n.payload ?? '');
    });
    try {
      await client.query(`LISTEN ${AUTHZ_CHANNEL}`);
    } catch (err) {
      // The listener still delivers this connection's changes, a little later.
      console.warn(`postgres: LISTEN on a pooled connection failed: ${(err as Error).message}`);
    }
  };
  const pool = new pg.Pool({ connectionString: url, max, onConnect, options: SESSION_OPTIONS });
  // An idle connection the server ends (restart, failover, a dropped test database) must not
  // crash the process: the pool drops it and opens another on the next query.
  pool.on('error', (err) => console.warn(`postgres: idle connection lost: ${err.message}`));
  // One that drops while lent emits 'error' on its client, which would crash the process without a
  // listener (the query in flight fails on its own). graphile-worker (lib/jobs.ts) checks for both.
  pool.on('connect', (client) =>
    client.on('error', (err) => console.warn(`postgres: connection lost: ${err.message}`)),
  );
  const db = drizzlePg({ client: pool }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    async listen(channel, handlers) {
      if (channel === AUTHZ_CHANNEL) echo.add(handlers);
      const listening = await pgListener(url, channel, handlers);
      return {
        sync: listening.sync,
        async close() {
          echo.delete(handlers);
          await listening.close();
        },
      };
    },
    withLogger: (logger) => drizzlePg({ client: pool, logger }) as unknown as Db,
    async session() {
      const client = await pool.connect();
      return {
        query: async <R>(sql: string, params?: unknown[]) => ({
          rows: (await client.query(sql, params)).rows as R[],
        }),
        exec: (sql: string) => client.query(sql),
        release: () => client.release(),
      };
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: async () => {
      await Promise.all([pool.end(), endSide(pool)]);
    },
  };
}

/** How the listener's connection shows in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'taskhive-listener';

/** Back-off of the PostgreSQL listener's reconnection: doubles from the first to the last. */
export const LISTEN_RETRY_MS = { first: 100, max: 5_000 };

/**
 * A dedicated connection (not from the pool: a pooled one is lent to queries and may be ended
 * when idle) doing LISTEN, reconnecting with back-off when it drops.
 */
async function pgListener(url: string, channel: string, handlers: ListenHandlers): Promise<Listening> {
  let current: pg.Client | undefined;
  let closed = false;
  let delay = LISTEN_RETRY_MS.first;
  let timer: NodeJS.Timeout | undefined;
  const syncs = new Map<string, () => void>();

  const retry = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, delay);
    delay = Math.min(delay * 2, LISTEN_RETRY_MS.max);
  };

  async function connect() {
    const client = new pg.Client({ connectionString: url, application_name: LISTENER_APPLICATION_NAME });
    client.on('error', () => {}); // followed by 'end', handled there
    client.on('notification', (n) => {
      if (n.channel !== channel) return;
      const payload = n.payload ?? '';
      const waiting = syncs.get(payload);
      if (waiting) {
        syncs.delete(payload);
        waiting();
      } else handlers.notify(payload);
    });
    client.on('end', () => {
      if (current !== client) return;
      current = undefined;
      handlers.state(false);
      for (const done of syncs.values()) done(); // nothing to wait for: the cache is off
      syncs.clear();
      retry();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch {
      client.end().catch(() => {});
      retry();
      return;
    }
    if (closed) {
      await client.end().catch(() => {});
      return;
    }
    current = client;
    delay = LISTEN_RETRY_MS.first;
    handlers.state(true);
  }

  await connect();
  return {
    async sync() {
      const client = current;
      if (!client) return;
      const token = `sync:${randomUUID()}`;
      const echoed = new Promise<void>((resolve) => syncs.set(token, resolve));
      try {
        await client.query('select pg_notify($1, $2)', [channel, token]);
      } catch {
        syncs.delete(token);
        return;
      }
      await echoed;
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const client = current;
      current = undefined;
      await client?.end().catch(() => {});
    },
  };
}

export function openDatabase(cfg: { databaseUrl: string | undefined; dataDir: string }): Promise<Database> {
  return cfg.databaseUrl ? openPostgres(cfg.databaseUrl) : openPglite(join(cfg.dataDir, 'pglite'));
}

/**
 * The role a tenant request works as on PostgreSQL (migration 0031): row-level security lets it see
 * and write only the rows of the company its transaction names in `app.company_id`.
 */
export const APP_ROLE = 'taskhive_app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A request transaction that cannot commit: a statement in it failed and was not rolled back. */
export class TransactionAbortedError extends Error {}

/** One tenant request's transaction on PostgreSQL (see `tenantTransaction`). */
export type TenantTransaction = {
  /** The transaction's handle; `db.transaction(...)` on it is a savepoint. */
  readonly db: Db;
  /** Whether a statement has opened it (taken a connection). */
  readonly opened: boolean;
  /**
   * Ends it at once when no statement was ever sent on it (a request that touched no table): true
   * then, and later statements fail as after `end`; false when one was, and `end` must run.
   */
  endUnused(): boolean;
  /**
   * Commits (or rolls back) and gives the connection back; nothing to do when no statement opened
   * it. A commit throws when it did not happen: a statement failed in the transaction (outside a
   * savepoint that rolled it back), or COMMIT itself failed. Only the first call counts.
   */
  end(commit: boolean): Promise<void>;
};

/**
 * The owner's handle of a tenant transaction's, kept on the transaction's handle itself (see
 * `ownerHandle`) rather than in a WeakMap: no entry for the collector to trace per request.
 */
const OWNER = Symbol('taskhive.owner');

/**
 * The handle a tenant transaction's handle was made from (the owner's pool), or `db` itself: for
 * what is kept per database rather than per transaction (the priorities' cache).
 */
export function ownerHandle(db: Db): Db {
  return (db as Db & { [OWNER]?: Db })[OWNER] ?? db;
}

type DrizzleInternals = {
  session?: { client?: unknown; dialect: unknown; schema: unknown; options: unknown };
};

/**
 * The client a tenant transaction's Drizzle session talks to: its first statement takes a pooled
 * connection and opens the transaction in the same round trip as the role and company
 * (`begin; select set_config('role', …, true), set_config('app.company_id', …, true)`: both last
 * until the transaction ends, so a pooler in transaction mode, PgBouncer's, hands the connection on
 * clean). A request that reads nothing takes no connection.
 */
class LazyTransactionClient {
  private conn: Promise<pg.PoolClient> | undefined;
  ended = false;
  /** Whether a statement was sent (it opens the transaction a moment later, in a microtask). */
  used = false;
  constructor(
    private readonly pool: pg.Pool,
    private readonly companyId: string,
  ) {}

  get opened(): boolean {
    return this.conn !== undefined;
  }

  connection(): Promise<pg.PoolClient> | undefined {
    return this.conn;
  }

  private open(): Promise<pg.PoolClient> {
    this.conn ??= (async () => {
      const client = await this.pool.connect();
      try {
        // The company id is a uuid (checked when this was made): inlined, so that the simple query
        // protocol sends the three statements at once.
        await client.query(
          `begin; select set_config('role', '${APP_ROLE}', true), set_config('app.company_id', '${this.companyId}', true)`,
        );
      } catch (err) {
        client.release(err as Error);
        throw err;
      }
      return client;
    })();
    return this.conn;
  }

  /** The last statement sent: the next waits for it (a request's `Promise.all` shares one connection). */
  private tail: Promise<unknown> = Promise.resolve();

  /** Resolves once every statement sent so far has answered. */
  idle(): Promise<unknown> {
    return this.tail;
  }

  query(...args: unknown[]): Promise<unknown> {
    if (this.ended) return Promise.reject(new Error("statement after the request's transaction ended"));
    this.used = true;
    const run = () => this.open().then((c) => (c.query as (...a: unknown[]) => Promise<unknown>)(...args));
    const result = this.tail.then(run, run);
    this.tail = result.catch(() => {});
    return result;
  }
}

type SessionArgs = ConstructorParameters<typeof NodePgSession>;

/**
 * `tenantTransaction`'s handle. Its Drizzle handle (a session, a transaction object and the lazy
 * client, 1.5 KB and several microseconds per request) is made when first asked for: a request
 * that never reads `db` (an authorised route that touches no table) makes none of it.
 */
class RequestTransaction implements TenantTransaction {
  private client: LazyTransactionClient | undefined;
  private handle: Db | undefined;
  private ended = false;
  constructor(
    private readonly owner: Db,
    private readonly session: NonNullable<DrizzleInternals['session']>,
    private readonly pool: pg.Pool,
    private readonly companyId: string,
  ) {}

  get db(): Db {
    if (this.handle) return this.handle;
    // Inlined into the statement that opens the transaction (LazyTransactionClient.open).
    if (!UUID.test(this.companyId)) throw new Error(`not a company id: ${this.companyId}`);
    const client = new LazyTransactionClient(this.pool, this.companyId);
    client.ended = this.ended;
    const { dialect, schema, options } = this.session;
    const own = new NodePgSession(
      client as unknown as SessionArgs[0],
      dialect as SessionArgs[1],
      schema as SessionArgs[2],
      options as SessionArgs[3],
    );
    const tx = new NodePgTransaction(
      dialect as SessionArgs[1],
      own,
      schema as SessionArgs[2],
    ) as unknown as Db & {
      [OWNER]?: Db;
    };
    tx[OWNER] = this.owner;
    this.client = client;
    this.handle = tx;
    return tx;
  }

  get opened(): boolean {
    return this.client?.opened ?? false;
  }

  endUnused(): boolean {
    if (this.client?.used) return false;
    this.ended = true;
    if (this.client) this.client.ended = true;
    return true;
  }

  async end(commit: boolean): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    const client = this.client;
    if (!client) return;
    client.ended = true;
    await client.idle();
    const pending = client.connection();
    if (!pending) return;
    let conn: pg.PoolClient;
    try {
      conn = await pending;
    } catch {
      return; // never opened: the statement that tried has failed already
    }
    let broken: Error | undefined;
    try {
      if (!commit) {
        await conn.query('rollback');
        return;
      }
      // 'E': a statement failed in the transaction; COMMIT would answer ROLLBACK without an error.
      if ((conn as unknown as { getTransactionStatus(): string | null }).getTransactionStatus() === 'E') {
        await conn.query('rollback');
        throw new TransactionAbortedError(
          'a statement of the request failed: its transaction was rolled back',
        );
      }
      const done = await conn.query('commit');
      if (done.command !== 'COMMIT') throw new TransactionAbortedError(`commit answered ${done.command}`);
    } catch (err) {
      if (!(err instanceof TransactionAbortedError)) broken = err as Error;
      throw err;
    } finally {
      conn.release(broken);
    }
  }
}

/**
 * A tenant request's transaction (PostgreSQL with row-level security; ARCHITECTURE.md, Tenancy):
 * every statement of the request on its handle runs as `taskhive_app` in the company given, in one
 * transaction opened by the first statement and ended by `end`. Undefined on the embedded database
 * (PGlite runs as its superuser, one session: row-level security would not apply there).
 */
export function tenantTransaction(db: Db, companyId: string): TenantTransaction | undefined {
  const session = (db as unknown as DrizzleInternals).session;
  const pool = session?.client;
  if (!session || !(pool instanceof pg.Pool)) return undefined;
  return new RequestTransaction(db, session, pool, companyId);
}

/**
 * Connections of the side pool, per process: enough for one statement at a time each, as every
 * user holds one for a single autocommitted statement and waits on nothing else.
 */
export const SIDE_CONNECTIONS = 2;

type WithSide = pg.Pool & { [SIDE]?: { pool: pg.Pool; db: Db } };

/** The side pool of a main pool: opened on first use with its settings, kept on it. */
function sideOf(main: pg.Pool): Db {
  const held = (main as WithSide)[SIDE];
  if (held) return held.db;
  const { onConnect: _listens, ...settings } = main.options as pg.PoolConfig & { onConnect?: unknown };
  const pool = new pg.Pool({ ...settings, max: SIDE_CONNECTIONS, allowExitOnIdle: true });
  pool.on('error', (err) => console.warn(`postgres: idle side connection lost: ${err.message}`));
  pool.on('connect', (client) =>
    client.on('error', (err) => console.warn(`postgres: side connection lost: ${err.message}`)),
  );
  const db = drizzlePg({ client: pool }) as unknown as Db;
  // The side pool is its own side: `sideHandle` of a side handle (a scope's `platformDb`) is itself.
  (main as WithSide)[SIDE] = { pool, db };
  (pool as WithSide)[SIDE] = { pool, db };
  return db;
}

/** Ends a main pool's side pool, if it opened one. */
async function endSide(main: pg.Pool): Promise<void> {
  const held = (main as WithSide)[SIDE];
  delete (main as WithSide)[SIDE];
  await held?.pool.end();
}

/**
 * The owner's handle for one autocommitted statement a tenant request runs outside its own
 * transaction while it holds a main connection: a counter taken in a short transaction of its
 * own (issue 28: a task's number in its project, so the counter's row lock lasts that statement
 * rather than the request's whole write), and the request's platform reads (`scope.platformDb`:
 * the Super Admin behind an impersonation, the priorities' catalogue). On PostgreSQL a small pool
 * of its own beside the main one (`SIDE_CONNECTIONS`), never the main one: ten requests each
 * holding a main connection (their transactions) and waiting for an eleventh would wait for
 * ever. Its users hold a connection for one statement and wait on nothing else. It runs as the
 * owner, outside row-level security: its statements name the company themselves. On the embedded
 * database (one connection, no request transaction) the owner's handle itself.
 */
export function sideHandle(db: Db): Db {
  const owner = ownerHandle(db);
  const pool = (owner as unknown as DrizzleInternals).session?.client;
  return pool instanceof pg.Pool ? sideOf(pool) : owner;
}

/** Rows of a raw `db.execute(sql\`…\`)`: both drivers answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** True when the database answers a trivial query (the readiness probe). */
export async function databaseAnswers(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
