/**
 * Backup and restore at scale (issue 27): can 1,000,000 tasks be backed up and restored in under
 * 2 minutes? Generates the `--scale` company set (src/data.ts: 1,000,000 tasks, 2,000,000 time
 * logs, 51 companies) in a database of its own, times `npm run backup` and `npm run restore` (the
 * commands an operator types) into a fresh database, compares every table's row count, signs in
 * as the large tenant's admin against the restored database, and prints the figures.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:backup
 *   … npm run bench:backup -- --tasks 10000      # a smaller set (a trial of the script)
 *   … npm run bench:backup -- --reuse            # keep a generated source database between runs
 *   … npm run bench:backup -- --parallel 2       # also pg_dump -Fd -j 2 / pg_restore -j 2
 *   npm run bench:backup -- --pglite             # the embedded database (no DATABASE_URL)
 *
 * PostgreSQL: databases `taskhive_bench_backup` (source) and `taskhive_bench_backup_restored`
 * (and `_parallel`), made and dropped by the script (the source is kept with `--reuse`).
 * PGlite: the data lives in a temporary DATA_DIR, removed at the end.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { type Database, openPglite, openPostgres } from '../apps/api/src/db/client.ts';
import { migrate } from '../apps/api/src/db/migrate.ts';
import { syncReferenceData } from '../apps/api/src/db/reference-data.ts';
import { hashPassword } from '../apps/api/src/lib/passwords.ts';
import { dataPlan, generate } from './src/data.ts';

const { values: args } = parseArgs({
  options: {
    tasks: { type: 'string' },
    reuse: { type: 'boolean', default: false },
    parallel: { type: 'string' },
    pglite: { type: 'boolean', default: false },
  },
});
const TASKS = args.tasks ? Number(args.tasks) : 1_000_000;
if (!Number.isInteger(TASKS) || TASKS < 100) throw new Error('--tasks: a whole number of at least 100');
const PARALLEL = args.parallel ? Number(args.parallel) : 0;
const PASSWORD = 'Bench-password-1';
const ADMIN = 'admin@large-tenant.bench';
const ROOT = resolve(import.meta.dirname, '..');
const SOURCE = 'taskhive_bench_backup';
const TARGET = `${SOURCE}_restored`;
const TARGET_PARALLEL = `${SOURCE}_parallel`;

const seconds = (t0: number) => (performance.now() - t0) / 1000;
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

/**
 * Runs `npm run <script> -- …` from the repository root, as an operator does (its output shown);
 * answers its seconds. A variable given as undefined is removed from the environment.
 */
function npmRun(script: string, extra: string[], env: Record<string, string | undefined>): Promise<number> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete childEnv[k];
  return new Promise((done, fail) => {
    const t0 = performance.now();
    const child = spawn('npm', ['run', '--silent', script, '--', ...extra], {
      cwd: ROOT,
      env: childEnv,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', fail);
    child.on('exit', (code) =>
      code === 0 ? done(seconds(t0)) : fail(new Error(`npm run ${script} exited ${code}`)),
    );
  });
}

function timed(tool: string, toolArgs: string[]): number {
  const t0 = performance.now();
  execFileSync(tool, toolArgs, { stdio: ['ignore', 'inherit', 'inherit'] });
  return seconds(t0);
}

/** Every table's exact row count (public schema), by name. */
async function rowCounts(database: Database): Promise<Record<string, number>> {
  const rows = (await database.db.execute(
    sql`select tablename from pg_tables where schemaname = current_schema() order by tablename`,
  )) as unknown as { rows: { tablename: string }[] };
  const counts: Record<string, number> = {};
  for (const { tablename } of rows.rows) {
    const r = (await database.db.execute(
      sql.raw(`select count(*)::int as n from "${tablename.replace(/"/g, '""')}"`),
    )) as unknown as { rows: { n: number }[] };
    counts[tablename] = r.rows[0]?.n ?? 0;
  }
  return counts;
}

/** Signs in as the large tenant's admin through the app built on `database`; throws unless 200. */
async function signIn(database: Database, env: NodeJS.ProcessEnv): Promise<void> {
  const config = loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'taskhive-bench-backup-app-')),
    LOG_LEVEL: 'warn',
    JOB_CONCURRENCY: '0',
    ...env,
  });
  const app = await buildApp({ db: database.db, config, logger: false, listen: database.listen });
  try {
    await app.ready();
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ADMIN, password: PASSWORD },
    });
    if (res.statusCode !== 200)
      throw new Error(`sign-in on the restored database answered ${res.statusCode}`);
    const tasks = await app.inject({
      url: '/api/Project?pageSize=1',
      headers: { authorization: `Bearer ${(res.json() as { data: { token: string } }).data.token}` },
    });
    if (tasks.statusCode !== 200) throw new Error(`the project list answered ${tasks.statusCode}`);
  } finally {
    await app.close();
  }
}

function compare(source: Record<string, number>, restored: Record<string, number>): void {
  const wrong = Object.keys({ ...source, ...restored }).filter((t) => source[t] !== restored[t]);
  if (wrong.length)
    throw new Error(
      `row counts differ: ${wrong.map((t) => `${t} ${source[t] ?? '-'} → ${restored[t] ?? '-'}`).join(', ')}`,
    );
}

/**
 * The generator's bulk inserts meet trigger tasks_number (task keys, migration 0026), which gives
 * each new task its project's next number by updating the project row: row by row, 5,000 updates
 * of each of 200 rows in one transaction, which took the 1,000,000-task insert past 10 minutes
 * here. For this measure the numbers come from a sequence instead (unique, so unique per project;
 * not dense) and each project's `last_task_number` is set after: the same rows and columns to
 * back up, in minutes.
 */
async function generateInto(database: Database): Promise<number> {
  await migrate(database);
  await syncReferenceData(database.db);
  const t0 = performance.now();
  const db = database.db;
  await db.execute(sql`create sequence bench_task_number`);
  await db.execute(sql`alter table tasks disable trigger tasks_number`);
  await db.execute(sql`alter table tasks alter column number set default nextval('bench_task_number')`);
  await generate(db, dataPlan('scale', TASKS), await hashPassword(PASSWORD));
  await db.execute(sql`alter table tasks alter column number drop default`);
  await db.execute(sql`alter table tasks enable trigger tasks_number`);
  await db.execute(sql`drop sequence bench_task_number`);
  await db.execute(sql`
    update projects p set last_task_number = t.n
      from (select company_id, project_id, max(number) as n from tasks group by 1, 2) t
     where p.company_id = t.company_id and p.id = t.project_id`);
  return seconds(t0);
}

async function postgres(adminUrl: string) {
  const urlOf = (name: string) => {
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    return u.toString();
  };
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const work = mkdtempSync(join(tmpdir(), 'taskhive-bench-backup-'));
  const report: string[] = [`load average at start: ${load()}`];
  try {
    const exists = (await admin.query(`select 1 from pg_database where datname = $1`, [SOURCE])).rowCount;
    let generated = false;
    if (!args.reuse || !exists) {
      await admin.query(`drop database if exists ${SOURCE} with (force)`);
      await admin.query(`create database ${SOURCE}`);
      const source = await openPostgres(urlOf(SOURCE), 4);
      try {
        log(`generating ${TASKS.toLocaleString('en')} tasks in ${SOURCE}…`);
        const s = await generateInto(source);
        report.push(`generated: ${s.toFixed(1)} s`);
        generated = true;
      } finally {
        await source.close();
      }
    }
    const source = await openPostgres(urlOf(SOURCE), 2);
    const counts = await rowCounts(source).finally(() => source.close());
    if ((counts.tasks ?? 0) < TASKS)
      throw new Error(`${SOURCE} holds ${counts.tasks} tasks, not ${TASKS}: run without --reuse`);
    const size = (await admin.query(`select pg_database_size($1) as b`, [SOURCE])).rows[0].b as string;
    report.push(
      `source: ${counts.tasks?.toLocaleString('en')} tasks, ${counts.time_logs?.toLocaleString('en')} time logs, ${Object.values(
        counts,
      )
        .reduce((a, b) => a + b, 0)
        .toLocaleString(
          'en',
        )} rows in ${Object.keys(counts).length} tables; database ${mb(Number(size))}${generated ? '' : ' (reused)'}`,
    );

    const file = join(work, 'taskhive.dump');
    const dataDir = join(work, 'data');
    log(`npm run backup (load ${load()})…`);
    const backupLoad = load();
    const backupSeconds = await npmRun('backup', ['--out', file], {
      DATABASE_URL: urlOf(SOURCE),
      DATA_DIR: dataDir,
    });
    report.push(
      `npm run backup: ${backupSeconds.toFixed(1)} s, dump ${mb(statSync(file).size)} (load at start ${backupLoad})`,
    );

    await admin.query(`drop database if exists ${TARGET} with (force)`);
    await admin.query(`create database ${TARGET}`);
    log(`npm run restore (load ${load()})…`);
    const restoreLoad = load();
    const restoreSeconds = await npmRun('restore', [file], {
      DATABASE_URL: urlOf(TARGET),
      DATA_DIR: dataDir,
    });
    report.push(`npm run restore: ${restoreSeconds.toFixed(1)} s (load at start ${restoreLoad})`);
    report.push(`backup + restore: ${(backupSeconds + restoreSeconds).toFixed(1)} s`);

    const restored = await openPostgres(urlOf(TARGET), 2);
    try {
      compare(counts, await rowCounts(restored));
      report.push('restored: every table holds the same row count');
      await signIn(restored, { DATABASE_URL: urlOf(TARGET) });
      report.push(`restored: ${ADMIN} signs in (200) and lists projects (200)`);
    } finally {
      await restored.close();
    }

    if (PARALLEL > 0) {
      // What a directory-format dump allows: pg_dump and pg_restore with several jobs (not in
      // one transaction: pg_restore refuses --single-transaction with -j).
      const dir = join(work, 'taskhive.dir');
      const dumpSeconds = timed('pg_dump', [
        '-Fd',
        `-j${PARALLEL}`,
        '--no-owner',
        '-f',
        dir,
        `--dbname=${urlOf(SOURCE)}`,
      ]);
      await admin.query(`drop database if exists ${TARGET_PARALLEL} with (force)`);
      await admin.query(`create database ${TARGET_PARALLEL}`);
      const restoreParallel = timed('pg_restore', [
        `-j${PARALLEL}`,
        '--no-owner',
        '--exit-on-error',
        `--dbname=${urlOf(TARGET_PARALLEL)}`,
        dir,
      ]);
      const copy = await openPostgres(urlOf(TARGET_PARALLEL), 2);
      try {
        compare(counts, await rowCounts(copy));
      } finally {
        await copy.close();
      }
      const dirSize = execFileSync('du', ['-sb', dir]).toString().split('\t')[0];
      report.push(
        `pg_dump -Fd -j${PARALLEL}: ${dumpSeconds.toFixed(1)} s (${mb(Number(dirSize))}); pg_restore -j${PARALLEL}: ${restoreParallel.toFixed(1)} s; same row counts`,
      );
    }
  } finally {
    for (const name of args.reuse ? [TARGET, TARGET_PARALLEL] : [SOURCE, TARGET, TARGET_PARALLEL])
      await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(work, { recursive: true, force: true });
  }
  report.push(`load average at end: ${load()}`);
  return report;
}

async function embedded() {
  const work = mkdtempSync(join(tmpdir(), 'taskhive-bench-backup-pglite-'));
  const report: string[] = [`load average at start: ${load()}`];
  try {
    const dataDir = join(work, 'data');
    const database = await openPglite(join(dataDir, 'pglite'));
    let counts: Record<string, number>;
    try {
      log(`generating ${TASKS.toLocaleString('en')} tasks in PGlite…`);
      report.push(`generated: ${(await generateInto(database)).toFixed(1)} s`);
      counts = await rowCounts(database);
    } finally {
      await database.close();
    }
    const size = execFileSync('du', ['-sb', join(dataDir, 'pglite')])
      .toString()
      .split('\t')[0];
    report.push(`source: ${counts.tasks?.toLocaleString('en')} tasks; PGlite directory ${mb(Number(size))}`);
    const file = join(work, 'taskhive.tar');
    const backupLoad = load();
    const backupSeconds = await npmRun('backup', ['--out', file], {
      DATA_DIR: dataDir,
      DATABASE_URL: undefined,
    });
    report.push(
      `npm run backup: ${backupSeconds.toFixed(1)} s, ${mb(statSync(file).size)} (load at start ${backupLoad})`,
    );
    const restoredDir = join(work, 'restored');
    const restoreLoad = load();
    const restoreSeconds = await npmRun('restore', [file], {
      DATA_DIR: restoredDir,
      DATABASE_URL: undefined,
    });
    report.push(`npm run restore: ${restoreSeconds.toFixed(1)} s (load at start ${restoreLoad})`);
    report.push(`backup + restore: ${(backupSeconds + restoreSeconds).toFixed(1)} s`);
    const restored = await openPglite(join(restoredDir, 'pglite'));
    try {
      compare(counts, await rowCounts(restored));
      report.push('restored: every table holds the same row count');
      await signIn(restored, { DATA_DIR: restoredDir });
      report.push(`restored: ${ADMIN} signs in (200) and lists projects (200)`);
    } finally {
      await restored.close();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  report.push(`load average at end: ${load()}`);
  return report;
}

const url = process.env.DATABASE_URL;
if (!args.pglite && !url)
  throw new Error('Set DATABASE_URL (PostgreSQL), or pass --pglite for the embedded database.');
const t0 = performance.now();
const report = args.pglite ? await embedded() : await postgres(url ?? '');
console.log(
  `\nBackup and restore, ${args.pglite ? 'PGlite' : 'PostgreSQL'}, ${TASKS.toLocaleString('en')} tasks (${new Date().toISOString()}):`,
);
for (const line of report) console.log(`  ${line}`);
console.log(`  whole run: ${seconds(t0).toFixed(0)} s`);
process.exit(0);
