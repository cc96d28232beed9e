import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '../../db/client.ts';
import { buildCompany, buildProject, TEST_PASSWORD } from '../../test/factories.ts';
import { isChange, type LiveClient, openLive } from '../../test/live-client.ts';

/**
 * Two real API processes on one PostgreSQL, joined by Redis: a write answered by process A reaches
 * an event stream held by process B. Needs DATABASE_URL and REDIS_URL (skipped, visibly, without).
 * Ports 3311 and 3312 (this suite's range).
 */
const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
const PORTS = [3311, 3312] as const;
const dbName = `taskhive_live_two_${process.pid}`;

let children: ChildProcess[] = [];
let database: Database | undefined;
let dataDir = '';
let stream: LiveClient | undefined;

function dbUrl(name: string) {
  const u = new URL(DATABASE_URL ?? '');
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin(query: string) {
  const c = new pg.Client({ connectionString: DATABASE_URL });
  await c.connect();
  try {
    await c.query(query);
  } finally {
    await c.end();
  }
}

/** Starts `node --import tsx src/server.ts` on a port and waits until it answers /readyz. */
async function start(port: number): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: dbUrl(dbName),
    REDIS_URL,
    JWT_SECRET: 'two-processes-share-this-secret-long-enough-for-hs256',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
  };
  delete env.SMTP_URL; // mail goes to the outbox
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: join(import.meta.dirname, '../../..'),
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(child);
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server on ${port} exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    if (Date.now() > until) throw new Error(`server on ${port} did not start`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function signIn(port: number, email: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

describe.skipIf(!DATABASE_URL || !REDIS_URL)(
  'live events across two API processes (PostgreSQL + Redis)',
  () => {
    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'taskhive-live-two-'));
      await admin(`drop database if exists "${dbName}" with (force)`);
      await admin(`create database "${dbName}"`);
      // A migrates the fresh database; B starts on the migrated one.
      await start(PORTS[0]);
      await start(PORTS[1]);
      database = await openPostgres(dbUrl(dbName), 2);
    }, 120_000);

    afterAll(async () => {
      stream?.close();
      await Promise.all(
        children.map(
          (c) =>
            new Promise<void>((resolve) => {
              if (c.exitCode !== null) return resolve();
              c.once('exit', () => resolve());
              c.kill('SIGTERM');
            }),
        ),
      );
      children = [];
      await database?.close();
      await admin(`drop database if exists "${dbName}" with (force)`);
      rmSync(dataDir, { recursive: true, force: true });
    }, 60_000);

    it('a write on process A reaches an SSE client of process B', async () => {
      if (!database) throw new Error('no database');
      const company = await buildCompany(database.db, { name: 'Acme' });
      const { projectId } = await buildProject(database.db, company, { name: 'Across' });
      const [onA, onB] = [PORTS[0], PORTS[1]];
      stream = await openLive(`http://127.0.0.1:${onB}`, await signIn(onB, company.adminEmail));
      const tokenA = await signIn(onA, company.adminEmail);
      const res = await fetch(`http://127.0.0.1:${onA}/api/Project/${projectId}/comments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokenA}` },
        body: JSON.stringify({ body: 'from process A' }),
      });
      expect(res.status).toBe(201);
      const commentId = ((await res.json()) as { data: { commentId: string } }).data.commentId;
      const frame = await stream.next(isChange({ type: 'comment', id: commentId }), 5000);
      expect(frame.data).toEqual({
        type: 'comment',
        action: 'created',
        id: commentId,
        projectId,
        taskId: null,
      });
    }, 60_000);
  },
);
