import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/free-port.ts';
import { isChange, openLive } from '../test/live-client.ts';

/**
 * Jobs and changes across real server processes (`node --import tsx src/server.ts`): a job
 * committed just before a SIGKILL is still done after a restart, and a change committed just
 * before it still reaches a stream that resumes after the restart (PGlite in a fresh DATA_DIR, or
 * a PostgreSQL database of its own with DATABASE_URL); two processes on one PostgreSQL database
 * run each job once and each period of the scheduler once.
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
  const name = `taskhive_jobs_${tag}_${process.pid}`;
  await admin(`drop database if exists "${name}" with (force)`);
  await admin(`create database "${name}"`);
  databases.push(name);
  const u = new URL(pgUrl ?? '');
  u.pathname = `/${name}`;
  return u.toString();
}

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'taskhive-jobs-'));
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
    cwd: join(import.meta.dirname, '..', '..'),
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

async function waitFor(what: string, ok: () => boolean, ms: number) {
  const until = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
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

describe('a job committed before a crash', () => {
  it('is still sent after SIGKILL and a restart', async () => {
    const dataDir = tempDir();
    const databaseUrl = pgUrl ? await freshDatabase('kill') : undefined;
    const email = 'crash@example.test';
    // The worker is held off, so the kill lands between the commit and the send.
    const first = await startServer({ dataDir, databaseUrl, extra: { JOB_START_DELAY_MS: '600000' } });
    try {
      await register(first.port, email);
      const res = await http(first.port, 'POST', '/api/auth/forgot-password', { email });
      expect(res.status).toBe(200);
    } finally {
      first.child.kill('SIGKILL');
      await first.stop();
    }
    expect(first.child.signalCode).toBe('SIGKILL');
    expect(mailsTo(dataDir, email)).toEqual([]);

    const second = await startServer({ dataDir, databaseUrl, extra: { JOB_START_DELAY_MS: '0' } });
    try {
      await waitFor('the reset mail', () => mailsTo(dataDir, email).length > 0, 30_000);
      await new Promise((r) => setTimeout(r, 1000));
      const mails = mailsTo(dataDir, email);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toMatch(/reset-password\?token=/);
    } finally {
      await second.stop();
    }
  }, 150_000);
});

async function api(port: number, method: string, path: string, token: string, body?: object) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as { data: { projectId: string } } };
}

describe('a change committed before a crash', () => {
  it('reaches a stream that resumes with Last-Event-ID after SIGKILL and a restart', async () => {
    const dataDir = tempDir();
    const databaseUrl = pgUrl ? await freshDatabase('resume') : undefined;
    const email = 'resume@example.test';
    const first = await startServer({ dataDir, databaseUrl, extra: {} });
    let seen = '';
    let missedId = '';
    try {
      await register(first.port, email);
      const login = await fetch(`http://127.0.0.1:${first.port}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'Amber-Lantern-4821' }),
      });
      expect(login.status).toBe(200);
      const token = ((await login.json()) as { data: { token: string } }).data.token;

      // A first change, seen by an open stream: its id is where the stream will resume from.
      const live = await openLive(`http://127.0.0.1:${first.port}`, token);
      const one = await api(first.port, 'POST', '/api/Project', token, { code: 'ONE', name: 'One' });
      expect(one.status).toBe(201);
      const frame = await live.next(
        isChange({ type: 'project', action: 'created', id: one.body.data.projectId }),
      );
      seen = frame.id ?? '';
      expect(seen).toMatch(/^\d+$/);
      live.close();

      // The stream is gone (a dropped connection); a second change commits, then the process dies.
      const two = await api(first.port, 'POST', '/api/Project', token, { code: 'TWO', name: 'Two' });
      expect(two.status).toBe(201);
      missedId = two.body.data.projectId;
      first.child.kill('SIGKILL');
      await first.stop();
      expect(first.child.signalCode).toBe('SIGKILL');

      const second = await startServer({ dataDir, databaseUrl, extra: {} });
      try {
        // The session lives in the database and the signing secret in DATA_DIR: the token still holds.
        const resumed = await openLive(`http://127.0.0.1:${second.port}`, token, seen);
        expect(resumed.frames.find((f) => f.event === 'ready')?.data).toEqual({ resumed: true });
        const missed = await resumed.next(isChange({ type: 'project', action: 'created', id: missedId }));
        expect(BigInt(missed.id ?? '0')).toBeGreaterThan(BigInt(seen));
        // Only what came after the id it resumed from: the first project's change is not replayed.
        expect(resumed.changes().filter((m) => m.id === one.body.data.projectId)).toEqual([]);
        resumed.close();
      } finally {
        await second.stop();
      }
    } finally {
      first.child.kill('SIGKILL');
      await first.stop();
    }
  }, 150_000);
});

/** The periods the prune of dead jobs ran for, from a server's log lines. */
function prunedPeriods(server: Server): string[] {
  return server
    .stdout()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { msg: string; at?: string })
    .filter((l) => l.msg === 'pruned dead jobs')
    .map((l) => l.at ?? '');
}

/** Waits until 8 s past the first minute boundary after `since`; answers that boundary. */
async function pastNextMinute(since: number): Promise<string> {
  const boundary = since - (since % 60_000) + 60_000;
  await new Promise((r) => setTimeout(r, Math.max(0, boundary + 8_000 - Date.now())));
  return new Date(boundary).toISOString();
}

describe.skipIf(pgUrl)('the scheduler on the embedded database', () => {
  it('enqueues a periodic job once per period', async () => {
    const server = await startServer({ dataDir: tempDir(), extra: { JOB_PRUNE_SCHEDULE: '* * * * *' } });
    try {
      const period = await pastNextMinute(Date.now());
      const periods = prunedPeriods(server);
      expect(periods).toContain(period);
      expect(new Set(periods).size).toBe(periods.length);
    } finally {
      await server.stop();
    }
  }, 120_000);
});

describe.skipIf(!pgUrl)('two API processes on one PostgreSQL database', () => {
  it('run each job once, and each period of the scheduler once', async () => {
    const dataDir = tempDir(); // shared: one outbox for both
    const databaseUrl = await freshDatabase('two');
    const extra = { JOB_CONCURRENCY: '2', JOB_PRUNE_SCHEDULE: '* * * * *' };
    const a = await startServer({ dataDir, databaseUrl, extra });
    const b = await startServer({ dataDir, databaseUrl, extra });
    const bothUp = Date.now();
    try {
      const email = 'twice@example.test';
      await register(a.port, email);
      const requests = 12;
      for (let i = 0; i < requests; i++) {
        const res = await http((i % 2 ? a : b).port, 'POST', '/api/auth/forgot-password', { email });
        expect(res.status).toBe(200);
      }
      await waitFor('every reset mail', () => mailsTo(dataDir, email).length >= requests, 30_000);

      // The scheduler: past the next minute boundary after both were up, that period ran once.
      const period = await pastNextMinute(bothUp);
      const periods = [a, b].flatMap(prunedPeriods);
      expect(periods).toContain(period);
      expect(new Set(periods).size).toBe(periods.length); // no period ran twice

      // Every job once: as many mails as requests, each with its own link.
      const mails = mailsTo(dataDir, email);
      expect(mails).toHaveLength(requests);
      expect(new Set(mails.map((m) => m.text)).size).toBe(requests);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  }, 180_000);
});
