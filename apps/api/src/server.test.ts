import type { AddressInfo } from 'node:net';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { appDb, testConfig, workerDatabase } from './test/build-app.ts';
import { freePort } from './test/free-port.ts';

const get = (port: number, path: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });

describe('graceful shutdown', () => {
  it('finishes in-flight requests, then stops accepting', async () => {
    const database = await workerDatabase();
    const app = await buildApp({ db: appDb(database), config: testConfig(), logger: false });
    let release = () => {};
    const started = new Promise<void>((resolveStarted) => {
      app.get('/api/slow', { config: { public: true } }, async () => {
        resolveStarted();
        await new Promise<void>((r) => (release = r));
        return { done: true };
      });
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    const inFlight = get(port, '/api/slow');
    await started;
    const closing = app.close();
    release();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ done: true });
    await closing;
    await expect(get(port, '/healthz')).rejects.toThrow();
  });
});

/**
 * The real server (`node --import tsx src/server.ts`, what `npm start` runs but for the bundling)
 * stopped as a terminal's Ctrl+C or a service manager would: exit 0, nothing logged at error
 * level. On PGlite in a fresh DATA_DIR; with DATABASE_URL set, on a PostgreSQL database of its own.
 */
describe('stopping the server process', () => {
  const pgUrl = process.env.DATABASE_URL;
  const dbName = `taskhive_shutdown_${process.pid}`;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  const serverDbUrl = () => {
    const u = new URL(pgUrl ?? '');
    u.pathname = `/${dbName}`;
    return u.toString();
  };
  beforeAll(async () => {
    if (pgUrl) await admin(`create database "${dbName}"`);
  });
  afterAll(async () => {
    if (pgUrl) await admin(`drop database if exists "${dbName}" with (force)`);
  });

  async function runAndStop(signal: 'SIGTERM' | 'SIGINT') {
    const dataDir = mkdtempSync(join(tmpdir(), 'taskhive-stop-'));
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
    };
    delete env.REDIS_URL;
    delete env.SMTP_URL;
    if (pgUrl) env.DATABASE_URL = serverDbUrl();
    else delete env.DATABASE_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: join(import.meta.dirname, '..'),
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, sig) => resolve({ code, signal: sig })),
    );
    try {
      const until = Date.now() + 60_000;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`server exited early: ${stdout}${stderr}`);
        const up = await get(port, '/readyz').then(
          (r) => r.status === 200,
          () => false,
        );
        if (up) break;
        if (Date.now() > until) throw new Error(`server did not start: ${stdout}${stderr}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      child.kill(signal);
      const exit = await exited;
      const lines = stdout
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { level: number; msg: string });
      return { exit, lines, stderr, lockLeft: existsSync(join(dataDir, 'pglite.lock')) };
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal}: exits 0 with nothing logged at error level`, async () => {
      const { exit, lines, stderr, lockLeft } = await runAndStop(signal);
      expect(lines.map((l) => l.msg)).toContain(`${signal}: finishing in-flight requests, then closing`);
      expect(lines.filter((l) => l.level >= 50)).toEqual([]);
      expect(stderr).toBe('');
      expect(exit).toEqual({ code: 0, signal: null });
      // The embedded database's directory lock went with it.
      expect(lockLeft).toBe(false);
    }, 90_000);
  }
});
