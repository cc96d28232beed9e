import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type Logger, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type repositories take: a PGlite or node-postgres Drizzle database, or a transaction of either. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** The raw connection the migrator uses: one session, so an advisory lock holds for the whole run. */
export type RawSession = {
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>;
  exec(sql: string): Promise<unknown>;
  release(): void;
};

export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Another handle on the same connection(s) whose every statement goes through `logger` first. */
  withLogger(logger: Logger): Db;
  session(): Promise<RawSession>;
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
    const db = drizzlePglite({ client, schema }) as unknown as Db;
    return {
      kind: 'pglite',
      db,
      withLogger: (logger) => drizzlePglite({ client, schema, logger }) as unknown as Db,
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

export async function openPostgres(url: string, max = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection the server ends (restart, failover, a dropped test database) must not
  // crash the process: the pool drops it and opens another on the next query.
  pool.on('error', (err) => console.warn(`postgres: idle connection lost: ${err.message}`));
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    withLogger: (logger) => drizzlePg({ client: pool, schema, logger }) as unknown as Db,
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
    close: () => pool.end(),
  };
}

export function openDatabase(cfg: { databaseUrl: string | undefined; dataDir: string }): Promise<Database> {
  return cfg.databaseUrl ? openPostgres(cfg.databaseUrl) : openPglite(join(cfg.dataDir, 'pglite'));
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
