import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '../db/client.ts';
import { comments } from '../db/schema/index.ts';
import { buildCompany, buildProject, type TestCompany, TEST_PASSWORD } from '../test/factories.ts';
import { PDF, multipart } from '../test/files.fixtures.ts';
import { isChange, openLive } from '../test/live-client.ts';
import {
  cleanUpProcesses,
  freshDatabase,
  PG_URL as DATABASE_URL,
  type ServerProcess,
  sleep,
  startServer,
  tempDir,
  waitReady,
} from '../test/processes.ts';
import { startS3 } from '../test/s3.ts';

/**
 * Issue 27: three stateless API processes behind a real balancer (HAProxy from Debian's
 * packages), on one PostgreSQL, Redis and an S3-compatible store (s3rver, started here). Each
 * process has its own DATA_DIR: nothing of the state is shared through a disk. Needs DATABASE_URL,
 * REDIS_URL and /usr/sbin/haproxy (`apt-get install haproxy`; .ci/run installs it); skipped,
 * visibly, without. Ports 3320 (the balancer) and 3321-3323 (this suite's range).
 */
const REDIS_URL = process.env.REDIS_URL;
const HAPROXY = '/usr/sbin/haproxy';
const LB_PORT = 3320;
const PORTS = [3321, 3322, 3323] as const;
/** Failed sign-ins per account before 429: small, so the shared count shows across processes. */
const AUTH_MAX = 4;
const LB = `http://127.0.0.1:${LB_PORT}`;
const direct = (port: number | undefined) => `http://127.0.0.1:${port ?? 0}`;

const procs = new Map<number, ServerProcess>();
const dataDirs = new Map<number, string>();
let haproxy: ChildProcess | undefined;
let s3: Awaited<ReturnType<typeof startS3>> | undefined;
let database: Database | undefined;
let workDir = '';
let databaseUrl = '';
let company: TestCompany;
let projectId = '';

function db() {
  if (!database) throw new Error('no database');
  return database.db;
}

/** Starts an API process on a port, with its own DATA_DIR, and waits for /readyz. */
async function start(port: number): Promise<void> {
  let dataDir = dataDirs.get(port);
  if (!dataDir) {
    dataDir = tempDir(`data-${port}`, workDir);
    dataDirs.set(port, dataDir);
  }
  if (!s3) throw new Error('no S3');
  const { endpoint, bucket, accessKeyId, secretAccessKey } = s3.settings;
  const server = await startServer({
    port,
    dataDir,
    databaseUrl,
    redisUrl: REDIS_URL,
    stdio: 'inherit',
    readyTimeoutMs: 90_000,
    env: {
      S3_URL: `${endpoint?.replace('//', `//${accessKeyId}:${secretAccessKey}@`)}/${bucket}/scale`,
      JWT_SECRET: 'three-processes-share-this-secret-long-enough-for-hs256',
      LOG_LEVEL: 'error',
      RATE_LIMIT_AUTH_MAX: String(AUTH_MAX),
      // Longer than the balancer needs to see readiness fail (2 checks 250 ms apart).
      SHUTDOWN_DRAIN_MS: '1500',
      JOB_POLL_MS: '200',
    },
  });
  procs.set(port, server);
}

function stop(port: number, signal: 'SIGTERM' | 'SIGKILL'): Promise<void> {
  return procs.get(port)?.stop(signal) ?? Promise.resolve();
}

function startHaproxy() {
  const cfg = join(workDir, 'haproxy.cfg');
  writeFileSync(
    cfg,
    [
      'global',
      '  maxconn 512',
      'defaults',
      '  mode http',
      '  timeout connect 2s',
      '  timeout client 60s',
      '  timeout server 60s',
      '  timeout tunnel 1h',
      '  retries 3',
      '  option redispatch',
      // A connection refused (a process gone) is tried on another server: the request was not sent.
      '  retry-on conn-failure',
      'frontend api',
      `  bind 127.0.0.1:${LB_PORT}`,
      '  default_backend taskhive',
      'backend taskhive',
      '  balance roundrobin',
      '  option httpchk GET /readyz',
      '  http-check expect status 200',
      '  timeout check 2s',
      '  default-server inter 250 fall 2 rise 2',
      ...PORTS.map((p, i) => `  server api${i + 1} 127.0.0.1:${p} check`),
      '',
    ].join('\n'),
  );
  haproxy = spawn(HAPROXY, ['-db', '-f', cfg], { stdio: ['ignore', 'ignore', 'inherit'] });
}

async function signIn(base: string, email: string, password = TEST_PASSWORD) {
  return fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
}

async function tokenOf(base: string, email: string): Promise<string> {
  const res = await signIn(base, email);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** One comment through the balancer: its id when acknowledged (201), else null. */
async function comment(token: string, body: string): Promise<string | null> {
  try {
    const res = await fetch(`${LB}/api/Project/${projectId}/comments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ body }),
    });
    if (res.status !== 201) return null;
    return ((await res.json()) as { data: { commentId: string } }).data.commentId;
  } catch {
    return null;
  }
}

/** Writes and reads through the balancer from `clients` loops until `until()`; every outcome, timed. */
async function load(token: string, clients: number, until: () => boolean) {
  const outcomes: { at: number; ok: boolean; id: string | null; status: string }[] = [];
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let i = 0; !until(); i++) {
        if (i % 2 === 0) {
          const id = await comment(token, `load ${c}-${i}`);
          outcomes.push({ at: Date.now(), ok: id !== null, id, status: id ? '201' : 'failed write' });
        } else {
          const res = await fetch(`${LB}/api/Project/${projectId}`, {
            headers: { authorization: `Bearer ${token}` },
          }).catch(() => null);
          outcomes.push({ at: Date.now(), ok: res?.status === 200, id: null, status: String(res?.status) });
          await res?.arrayBuffer().catch(() => undefined);
        }
      }
    }),
  );
  return outcomes;
}

const ready = DATABASE_URL && REDIS_URL && existsSync(HAPROXY);

describe.skipIf(!ready)('three API processes behind HAProxy (PostgreSQL, Redis, S3)', () => {
  beforeAll(async () => {
    workDir = tempDir('taskhive-scale');
    s3 = await startS3('taskhive-scale');
    databaseUrl = await freshDatabase('taskhive_scale');
    // The first migrates the fresh database; the others start on the migrated one.
    await start(PORTS[0]);
    await Promise.all(PORTS.slice(1).map((p) => start(p)));
    database = await openPostgres(databaseUrl, 2);
    company = await buildCompany(database.db, { name: 'Scale' });
    ({ projectId } = await buildProject(database.db, company, { name: 'Across processes' }));
    startHaproxy();
    await waitReady(LB, { timeoutMs: 90_000 });
    // Every server up in the balancer's eyes (rise 2 x 250 ms).
    await sleep(1000);
  }, 240_000);

  afterAll(async () => {
    haproxy?.kill('SIGTERM');
    await Promise.all(PORTS.map((p) => stop(p, 'SIGTERM')));
    await database?.close();
    await s3?.close();
    await cleanUpProcesses().catch(() => undefined);
  }, 60_000);

  it('a session made through one process is valid on the others', async () => {
    const token = await tokenOf(direct(PORTS[0]), company.adminEmail);
    for (const port of PORTS) {
      const me = await fetch(`${direct(port)}/api/auth/me`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(me.status, `process on ${port}`).toBe(200);
    }
    // Logged out through another process: refused everywhere once the database's notification
    // reached each process's session cache (lib/authz-cache.ts; milliseconds, given 2 s here).
    const out = await fetch(`${direct(PORTS[1])}/api/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.status).toBeLessThan(300);
    const me = (port: number) =>
      fetch(`${direct(port)}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } }).then(
        (r) => r.status,
      );
    for (const port of PORTS) await expect.poll(() => me(port), { timeout: 2000, interval: 20 }).toBe(401);
  }, 60_000);

  it('a rate limit counts across the processes', async () => {
    const victim = await buildCompany(db(), { name: 'Limited' });
    // AUTH_MAX failures spread over three processes (none saw more than two), then the next is 429.
    for (let i = 0; i < AUTH_MAX; i++) {
      const res = await signIn(direct(PORTS[i % PORTS.length]), victim.adminEmail, 'wrong password!');
      expect(res.status, `failure ${i + 1}`).toBe(401);
    }
    const next = await signIn(direct(PORTS[AUTH_MAX % PORTS.length]), victim.adminEmail, 'wrong password!');
    expect(next.status).toBe(429);
  }, 60_000);

  it('a live event crosses the processes', async () => {
    const stream = await openLive(direct(PORTS[2]), await tokenOf(direct(PORTS[2]), company.adminEmail));
    try {
      const id = await comment(await tokenOf(direct(PORTS[0]), company.adminEmail), 'seen everywhere');
      expect(id).not.toBeNull();
      await stream.next(isChange({ type: 'comment', id: id ?? '' }), 10_000);
    } finally {
      stream.close();
    }
  }, 60_000);

  it('a file uploaded through one process downloads through another', async () => {
    const token = await tokenOf(LB, company.adminEmail);
    const m = multipart({ name: 'brief.pdf', content: PDF });
    const up = await fetch(`${direct(PORTS[0])}/api/Companies/${company.companyId}/documents`, {
      method: 'POST',
      headers: { ...m.headers, authorization: `Bearer ${token}` },
      body: m.payload,
    });
    expect(up.status).toBe(201);
    const doc = ((await up.json()) as { data: { documentId: string } }).data;
    for (const port of PORTS.slice(1)) {
      const got = await fetch(
        `${direct(port)}/api/Companies/${company.companyId}/documents/${doc.documentId}`,
        {
          headers: { authorization: `Bearer ${token}` },
        },
      );
      expect(got.status, `process on ${port}`).toBe(200);
      expect(Buffer.from(await got.arrayBuffer()).equals(PDF)).toBe(true);
    }
    // No process kept it on its own disk.
    for (const dir of dataDirs.values())
      expect(existsSync(join(dir, 'uploads')) ? readdirSync(join(dir, 'uploads')) : []).toEqual([]);
  }, 60_000);

  it('a job runs once: one reset mail, sent by one of the three', async () => {
    const res = await fetch(`${LB}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: company.adminEmail }),
    });
    expect(res.status).toBeLessThan(300);
    const mails = () =>
      [...dataDirs.values()].flatMap((dir) =>
        existsSync(join(dir, 'outbox'))
          ? readdirSync(join(dir, 'outbox')).filter((f) => f.endsWith('.json'))
          : [],
      ).length;
    await expect.poll(mails, { timeout: 15_000, interval: 200 }).toBe(1);
    // Long enough for a second process to have picked it up too, if it could.
    await sleep(2000);
    expect(mails()).toBe(1);
  }, 60_000);

  it('SIGKILL of one process under write load loses no acknowledged write; the balancer routes around it', async () => {
    const token = await tokenOf(LB, company.adminEmail);
    const t0 = Date.now();
    let killedAt = 0;
    const outcomes = load(token, 6, () => Date.now() - t0 > 7000);
    await sleep(2000);
    killedAt = Date.now();
    await stop(PORTS[1], 'SIGKILL');
    const all = await outcomes;
    await start(PORTS[1]);
    const acked = all.flatMap((o) => (o.id ? [o.id] : []));
    expect(acked.length).toBeGreaterThan(20);
    const stored = await db().select({ id: comments.id }).from(comments).where(inArray(comments.id, acked));
    expect(stored.length).toBe(acked.length);
    // Once the balancer's checks have seen it gone (2 x 250 ms, and a margin), nothing fails.
    const after = all.filter((o) => o.at > killedAt + 1500);
    expect(after.length).toBeGreaterThan(10);
    expect(after.filter((o) => !o.ok)).toEqual([]);
  }, 120_000);

  it('a rolling restart of the three (SIGTERM, drain, start) fails no request', async () => {
    const token = await tokenOf(LB, company.adminEmail);
    let done = false;
    const outcomes = load(token, 4, () => done);
    const events: string[] = [];
    const mark = (what: string) => events.push(`${Date.now()} ${what}`);
    for (const port of PORTS) {
      mark(`SIGTERM ${port}`);
      await stop(port, 'SIGTERM');
      mark(`exited ${port}`);
      await start(port);
      mark(`ready ${port}`);
      // Back in rotation (rise 2 x 250 ms) before the next one goes.
      await sleep(800);
    }
    done = true;
    const all = await outcomes;
    const failed = all.filter((o) => !o.ok);
    if (failed.length)
      console.log(events.join('\n'), '\nfailed:', failed.map((o) => `${o.at} ${o.status}`).join('\n'));
    expect(all.length).toBeGreaterThan(30);
    expect(failed).toEqual([]);
  }, 240_000);
});
