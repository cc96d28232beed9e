import { spawn } from 'node:child_process';
import pg from 'pg';

/**
 * PostgreSQL backup and restore (DATABASE_URL set): Debian's `pg_dump --format=custom` and
 * `pg_restore`, whose major version must be at least the server's. The password goes through
 * PGPASSWORD, never the command line (which other users can read in /proc).
 */

function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const env = { ...process.env };
  if (u.password) {
    env.PGPASSWORD = decodeURIComponent(u.password);
    u.password = '';
  }
  return { dbname: u.toString(), env };
}

function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', (err) =>
      reject(
        (err as NodeJS.ErrnoException).code === 'ENOENT'
          ? new Error(`${tool} is not installed (Debian: apt-get install postgresql-client).`)
          : err,
      ),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${tool} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

/** `pg_dump --format=custom` of the whole database (a consistent snapshot while processes run). */
export async function backupPostgres(url: string, file: string): Promise<void> {
  const { dbname, env } = connection(url);
  await runTool('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, `--dbname=${dbname}`], env);
}

/** True when the database holds Taskhive's migration table (it is not empty). */
async function hasTaskhive(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query(`select to_regclass('__taskhive_migrations') is not null as present`);
    return r.rows[0].present as boolean;
  } finally {
    await c.end();
  }
}

/**
 * `pg_restore` in one transaction (all or nothing). Into an empty database; with `clean`, drops
 * the objects the dump holds first (`--clean --if-exists`). Stop the API processes first.
 */
export async function restorePostgres(url: string, file: string, o: { clean?: boolean } = {}): Promise<void> {
  if (!o.clean && (await hasTaskhive(url)))
    throw new Error(
      'The database already holds Taskhive tables: restore into an empty database, or pass --clean.',
    );
  const { dbname, env } = connection(url);
  const args = ['--no-owner', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`];
  if (o.clean) args.push('--clean', '--if-exists');
  await runTool('pg_restore', [...args, file], env);
}
