import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { and, notInArray, sql } from 'drizzle-orm';
import { MODULE_CATALOGUE, PERMISSIONS } from '@taskhive/contract';
import { buildApp, type App } from '../app.ts';
import type { Config } from '../config.ts';
import { type Database, openPglite, openPostgres } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { syncReferenceData } from '../db/reference-data.ts';
import { modules, permissions } from '../db/schema/index.ts';
import { tenantGuard } from './tenant-guard.ts';

type WorkerState = { database: Promise<Database>; dataDir: string };
const KEY = Symbol.for('taskhive.test.worker');
const g = globalThis as unknown as { [KEY]?: WorkerState };

async function createWorkerDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) return openPglite(undefined);
  // A database of its own for this worker, so two workers never reset each other's data.
  const name = `taskhive_test_${process.ppid}_${process.env.VITEST_POOL_ID ?? process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const u = new URL(url);
  u.pathname = `/${name}`;
  return openPostgres(u.toString(), 5);
}

/** The worker's database, migrated once, with the reference data in place. */
export function workerDatabase(): Promise<Database> {
  if (!g[KEY]) {
    const state: WorkerState = {
      dataDir: mkdtempSync(join(tmpdir(), 'taskhive-test-')),
      database: (async () => {
        const database = await createWorkerDatabase();
        await migrate(database);
        await syncReferenceData(database.db);
        return database;
      })(),
    };
    g[KEY] = state;
  }
  return g[KEY].database;
}

export function workerDataDir(): string {
  if (!g[KEY]) throw new Error('workerDatabase() first');
  return g[KEY].dataDir;
}

/**
 * Empties every table but the migration log and the platform catalogue (modules, permissions,
 * priorities), and takes out the modules and permissions a test file added to the catalogue, so
 * the next file starts from the catalogue alone (a module left by subscription-matrix.test was
 * granted to every new company of package-grants.test when both ran in one worker on PostgreSQL).
 */
export async function resetDatabase(database: Database): Promise<void> {
  await database.db.execute(sql`
    do $$ declare t text; begin
      select string_agg(format('%I', tablename), ', ') into t from pg_tables
       where schemaname = current_schema()
         and tablename not in ('__taskhive_migrations', 'modules', 'permissions', 'priorities');
      if t is not null then execute 'truncate ' || t || ' cascade'; end if;
      -- graphile-worker's jobs (PostgreSQL), through its own API: complete_jobs deletes them.
      if to_regprocedure('graphile_worker.complete_jobs(bigint[])') is not null then
        perform graphile_worker.complete_jobs(array(select id from graphile_worker.jobs));
      end if;
    end $$;`);
  // After the truncation: nothing refers to them any more.
  await database.db.delete(permissions).where(notInArray(permissions.name, [...PERMISSIONS]));
  await database.db.delete(modules).where(
    and(
      notInArray(
        modules.key,
        MODULE_CATALOGUE.map((m) => m.key),
      ),
      // A catalogue permission a test moved onto its own module keeps that module (its file puts it back).
      sql`not exists (select 1 from ${permissions} where ${permissions.moduleId} = ${modules.id})`,
    ),
  );
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    databaseUrl: process.env.DATABASE_URL,
    dataDir: workerDataDir(),
    jwtSecret: new TextEncoder().encode('test-secret-that-is-long-enough-for-hs256-signing'),
    publicUrl: 'http://localhost:3000',
    smtpUrl: undefined,
    mailFrom: 'Taskhive <no-reply@taskhive.test>',
    redisUrl: undefined,
    logLevel: 'silent',
    rateLimit: { authMax: 10_000, authIpMax: 10_000, authWindowMs: 60_000 },
    seedDemo: false,
    webDistDir: join(workerDataDir(), 'no-web-build'),
    // No worker in the background: a test runs the jobs it waits for with `app.jobs.drain()`.
    jobs: { concurrency: 0, startDelayMs: 0, pollMs: 50, pruneSchedule: '17 3 * * *' },
    ...overrides,
  };
}

/**
 * The handle an app under test gets: the worker's database with the tenant guard on every
 * statement. Fixtures keep using `database.db`.
 */
export const appDb = (database: Database) => database.withLogger(tenantGuard);

/**
 * A second app on the same database whose every statement, in transactions too, is counted
 * (tenant-guarded as `buildTestApp`'s). Transaction control is not counted: PostgreSQL's driver
 * logs BEGIN and COMMIT, PGlite's does not. Close it when done.
 */
export async function buildCountingApp(
  database: Database,
): Promise<{ app: App; counter: { statements: number } }> {
  const counter = { statements: 0 };
  const db = database.withLogger({
    logQuery(query, params) {
      if (!/^\s*(begin|commit|rollback|savepoint|release)\b/i.test(query)) counter.statements++;
      tenantGuard.logQuery(query, params);
    },
  });
  const app = await buildApp({ db, config: testConfig(), logger: false, listen: database.listen });
  await app.ready();
  return { app, counter };
}

/** A fresh app on the worker's database, tenant-guarded. Close it in afterAll. */
export async function buildTestApp(
  overrides: Partial<Config> = {},
): Promise<{ app: App; database: Database }> {
  const database = await workerDatabase();
  const app = await buildApp({
    db: appDb(database),
    config: testConfig(overrides),
    logger: false,
    listen: database.listen,
  });
  await app.ready();
  return { app, database };
}
