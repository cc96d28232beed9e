import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/free-port.ts';
import { localTime } from '../time-logs/index.ts';

/**
 * Timesheet reminders across real server processes (issue 25): two API processes on one
 * PostgreSQL database both run a reminders round at once (two jobs, taken by whichever worker is
 * free: graphile-worker's, SKIP LOCKED); the person is reminded once, in the app and by email.
 * The process helpers are lib/jobs-processes.test.ts's.
 */
const pgUrl = process.env.DATABASE_URL;
const databases: string[] = [];
const dirs: string[] = [];

async function admin(statement: string) {
  const c = new pg.Client({ connectionString: pgUrl });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

async function freshDatabase(tag: string): Promise<string> {
  const name = `taskhive_tsrem_${tag}_${process.pid}`;
  await admin(`drop database if exists "${name}" with (force)`);
  await admin(`create database "${name}"`);
  databases.push(name);
  const u = new URL(pgUrl ?? '');
  u.pathname = `/${name}`;
  return u.toString();
}

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'taskhive-tsrem-'));
  dirs.push(dir);
  return dir;
}

afterAll(async () => {
  for (const name of databases) await admin(`drop database if exists "${name}" with (force)`);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function http(port: number, method: string, path: string, body?: object) {
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

type Server = {
  port: number;
  child: ChildProcessWithoutNullStreams;
  stdout: () => string;
  stop(): Promise<void>;
};

async function startServer(env: {
  dataDir: string;
  databaseUrl?: string;
  extra: NodeJS.ProcessEnv;
}): Promise<Server> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: env.dataDir,
    LOG_LEVEL: 'info',
    SEED_DEMO: 'false',
    JOB_POLL_MS: '100',
    ...env.extra,
  };
  delete childEnv.REDIS_URL;
  delete childEnv.SMTP_URL;
  if (env.databaseUrl) childEnv.DATABASE_URL = env.databaseUrl;
  else delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: join(import.meta.dirname, '..', '..', '..'),
    env: childEnv,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited early: ${out}`);
    const up = await http(port, 'GET', '/readyz').then(
      (r) => r.status === 200,
      () => false,
    );
    if (up) break;
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`server did not start: ${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    port,
    child,
    stdout: () => out,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The dev outbox's messages to `email` (one JSON file each, in DATA_DIR/outbox). */
function mailsTo(dataDir: string, email: string): { text: string }[] {
  const dir = join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as { to: string; text: string })
    .filter((m) => m.to === email);
}

async function register(port: number, email: string) {
  const res = await http(port, 'POST', '/api/auth/register', {
    companyName: `Jobs ${email}`,
    firstName: 'Jo',
    lastName: 'Bs',
    email,
    password: 'Amber-Lantern-4821',
    confirmPassword: 'Amber-Lantern-4821',
  });
  expect(res.status).toBe(201);
}

async function query<R>(url: string, statement: string): Promise<R[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(statement)).rows as R[];
  } finally {
    await c.end();
  }
}

describe.skipIf(!pgUrl)('timesheet reminders with two API processes on one PostgreSQL database', () => {
  it('remind a person once however many processes run the round', async () => {
    const dataDir = tempDir(); // shared: one outbox for both
    const databaseUrl = await freshDatabase('two');
    const extra = { JOB_CONCURRENCY: '2' };
    const a = await startServer({ dataDir, databaseUrl, extra });
    const b = await startServer({ dataDir, databaseUrl, extra });
    try {
      const email = 'remind-me@example.test';
      await register(a.port, email);
      // Today is the company's reminder day where the admin lives, a zone whose clock reads
      // between 06:00 and 22:00 now (a reminder waits for 06:00 of the person's day; the test
      // must not cross midnight); the admin's previous week is open.
      const now = new Date();
      const zone =
        ['UTC', 'Asia/Tokyo', 'America/New_York', 'Pacific/Kiritimati', 'Pacific/Pago_Pago'].find((z) => {
          const h = localTime(z, now).hour;
          return h >= 6 && h < 22;
        }) ?? 'UTC';
      const weekday = new Date(`${localTime(zone, now).day}T00:00:00Z`).getUTCDay();
      await query(
        databaseUrl,
        `update companies set timesheet_reminder_weekday = ${weekday} where not is_platform`,
      );
      await query(databaseUrl, `update users set time_zone = '${zone}' where email = '${email}'`);
      // Two rounds at once, each process's workers free to take them.
      await query(
        databaseUrl,
        `select graphile_worker.add_job('timesheets:reminders', '{}'::json), graphile_worker.add_job('timesheets:reminders', '{}'::json)`,
      );
      const reminders = () =>
        query<{ n: number }>(
          databaseUrl,
          `select count(*)::int as n from notifications n join users u on u.id = n.user_id
            where n.kind = 'timesheet_reminder' and u.email = '${email}'`,
        ).then((r) => r[0]?.n ?? 0);
      const until = Date.now() + 30_000;
      while ((await reminders()) === 0 || mailsTo(dataDir, email).length === 0) {
        if (Date.now() > until) throw new Error('no reminder within 30 s');
        await new Promise((r) => setTimeout(r, 200));
      }
      // Both rounds done (no job left), then exactly one reminder, one row, one mail.
      const left = Date.now() + 30_000;
      while (
        (await query<{ n: number }>(databaseUrl, 'select count(*)::int as n from graphile_worker.jobs'))[0]?.n
      ) {
        if (Date.now() > left) throw new Error('jobs still queued after 30 s');
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(await reminders()).toBe(1);
      const rows = await query<{ n: number }>(
        databaseUrl,
        'select count(*)::int as n from timesheet_reminders',
      );
      expect(rows[0]?.n).toBe(1);
      expect(mailsTo(dataDir, email).filter((m) => /timesheet/i.test(m.text))).toHaveLength(1);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  }, 180_000);
});
