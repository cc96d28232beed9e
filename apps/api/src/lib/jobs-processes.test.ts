import { afterAll, describe, expect, it } from 'vitest';
import { isChange, openLive } from '../test/live-client.ts';
import {
  cleanUpProcesses,
  freshDatabase,
  http,
  mailsTo,
  PG_URL as pgUrl,
  type ServerProcess,
  startServer,
  tempDir,
  waitFor,
} from '../test/processes.ts';

/**
 * Jobs and changes across real server processes (`node --import tsx src/server.ts`): a job
 * committed just before a SIGKILL is still done after a restart, and a change committed just
 * before it still reaches a stream that resumes after the restart (PGlite in a fresh DATA_DIR, or
 * a PostgreSQL database of its own with DATABASE_URL); two processes on one PostgreSQL database
 * run each job once and each period of the scheduler once.
 */
afterAll(cleanUpProcesses);

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
    const dataDir = tempDir('taskhive-jobs');
    const databaseUrl = pgUrl ? await freshDatabase('taskhive_jobs_kill') : undefined;
    const email = 'crash@example.test';
    // The worker is held off, so the kill lands between the commit and the send.
    const first = await startServer({ dataDir, databaseUrl, env: { JOB_START_DELAY_MS: '600000' } });
    try {
      await register(first.port, email);
      const res = await http(first.port, 'POST', '/api/auth/forgot-password', { email });
      expect(res.status).toBe(200);
    } finally {
      await first.stop('SIGKILL');
    }
    expect(first.child.signalCode).toBe('SIGKILL');
    expect(mailsTo(dataDir, email)).toEqual([]);

    const second = await startServer({ dataDir, databaseUrl, env: { JOB_START_DELAY_MS: '0' } });
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
    const dataDir = tempDir('taskhive-jobs');
    const databaseUrl = pgUrl ? await freshDatabase('taskhive_jobs_resume') : undefined;
    const email = 'resume@example.test';
    const first = await startServer({ dataDir, databaseUrl, env: {} });
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
      await first.stop('SIGKILL');
      expect(first.child.signalCode).toBe('SIGKILL');

      const second = await startServer({ dataDir, databaseUrl, env: {} });
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
      await first.stop('SIGKILL');
    }
  }, 150_000);
});

/** The periods the prune of dead jobs ran for, from a server's log lines. */
function prunedPeriods(server: ServerProcess): string[] {
  return server
    .output()
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
    const server = await startServer({
      dataDir: tempDir('taskhive-jobs'),
      env: { JOB_PRUNE_SCHEDULE: '* * * * *' },
    });
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
    const dataDir = tempDir('taskhive-jobs'); // shared: one outbox for both
    const databaseUrl = await freshDatabase('taskhive_jobs_two');
    const extra = { JOB_CONCURRENCY: '2', JOB_PRUNE_SCHEDULE: '* * * * *' };
    const a = await startServer({ dataDir, databaseUrl, env: extra });
    const b = await startServer({ dataDir, databaseUrl, env: extra });
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
