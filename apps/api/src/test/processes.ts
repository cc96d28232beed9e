import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.ts';

/**
 * Real API processes (`node --import tsx src/server.ts`) for the suites that need more than
 * `app.inject`: a crash and a restart (lib/jobs-processes.test.ts), a live event across two
 * processes (features/events/two-processes.test.ts), reminders run by two schedulers
 * (features/timesheets/reminders-processes.test.ts) and three processes behind a balancer
 * (scale/three-processes.test.ts). With DATABASE_URL each suite makes databases of its own next to
 * the test database; without, a process runs on PGlite in its DATA_DIR.
 */
export const PG_URL = process.env.DATABASE_URL;

/** The API workspace (the processes' working directory). */
const API_ROOT = join(import.meta.dirname, '..', '..');

const databases: string[] = [];
const dirs: string[] = [];

/** Runs one statement on the server's maintenance connection (DATABASE_URL's database). */
export async function adminQuery(statement: string): Promise<void> {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

/** DATABASE_URL with another database name. */
export function databaseUrl(name: string): string {
  const u = new URL(PG_URL ?? '');
  u.pathname = `/${name}`;
  return u.toString();
}

/** A new empty database for this run (`<name>_<pid>`), dropped by `cleanUpProcesses`. */
export async function freshDatabase(name: string): Promise<string> {
  const full = `${name}_${process.pid}`;
  await adminQuery(`drop database if exists "${full}" with (force)`);
  await adminQuery(`create database "${full}"`);
  databases.push(full);
  return databaseUrl(full);
}

/** A new temporary directory, removed by `cleanUpProcesses`. */
export function tempDir(prefix: string, parent = tmpdir()): string {
  const dir = mkdtempSync(join(parent, `${prefix}-`));
  dirs.push(dir);
  return dir;
}

/** Drops the databases and removes the directories made so far (call it in afterAll). */
export async function cleanUpProcesses(): Promise<void> {
  for (const name of databases.splice(0)) await adminQuery(`drop database if exists "${name}" with (force)`);
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** One plain HTTP request (no keep-alive, no fetch pool): its status and body text. */
export function http(port: number, method: string, path: string, body?: object) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const data = body ? JSON.stringify(body) : undefined;
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        headers: data
          ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) }
          : {},
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Waits until `ok()` holds, checking every 100 ms; throws naming `what` after `ms`. */
export async function waitFor(what: string, ok: () => boolean, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/**
 * Waits until `url`/readyz answers 200. With a child, fails at once when it exits (with `output`,
 * what it printed).
 */
export async function waitReady(
  url: string,
  opts: { timeoutMs?: number; child?: ChildProcess; output?: () => string } = {},
): Promise<void> {
  const until = Date.now() + (opts.timeoutMs ?? 60_000);
  for (;;) {
    const { child } = opts;
    if (child && (child.exitCode !== null || child.signalCode !== null))
      throw new Error(`server exited early: ${opts.output?.() ?? ''}`);
    const up = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    if (Date.now() > until) throw new Error(`${url} did not become ready: ${opts.output?.() ?? ''}`);
    await sleep(200);
  }
}

export type ServerProcess = {
  port: number;
  child: ChildProcess;
  /** What the process printed so far (empty when its output is inherited). */
  output(): string;
  /** Sends the signal (unless it has already exited) and resolves once it has exited. */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
};

export type ServerOptions = {
  dataDir: string;
  /** A free port is taken when none is given. */
  port?: number;
  /** PGlite in DATA_DIR when absent. */
  databaseUrl?: string;
  /** No Redis when absent. */
  redisUrl?: string;
  /** Variables over the defaults (NODE_ENV test, no demo seed, LOG_LEVEL info, JOB_POLL_MS 100). */
  env?: NodeJS.ProcessEnv;
  /** `capture` (default) keeps the output for `output()`; `inherit` prints it with the test's. */
  stdio?: 'capture' | 'inherit';
  readyTimeoutMs?: number;
};

/** Starts an API process and waits until it is ready. Mail goes to DATA_DIR/outbox (no SMTP_URL). */
export async function startServer(opts: ServerOptions): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: opts.dataDir,
    LOG_LEVEL: 'info',
    SEED_DEMO: 'false',
    JOB_POLL_MS: '100',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.SMTP_URL;
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  if (opts.redisUrl) env.REDIS_URL = opts.redisUrl;
  Object.assign(env, opts.env);
  const capture = (opts.stdio ?? 'capture') === 'capture';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_ROOT,
    env,
    stdio: capture ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
  });
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const output = () => out;
  try {
    await waitReady(`http://127.0.0.1:${port}`, { timeoutMs: opts.readyTimeoutMs, child, output });
  } catch (err) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    throw err;
  }
  return {
    port,
    child,
    output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** The dev outbox's messages to `email` (one JSON file each, in DATA_DIR/outbox). */
export function mailsTo(dataDir: string, email: string): { to: string; subject?: string; text: string }[] {
  const dir = join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map(
      (f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as { to: string; subject?: string; text: string },
    )
    .filter((m) => m.to === email);
}
