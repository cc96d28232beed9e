import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildCompany } from '../../test/factories.ts';
import { freePort } from '../../test/free-port.ts';
import { openPglite, rowsOf } from '../client.ts';
import { migrate } from '../migrate.ts';
import { syncReferenceData } from '../reference-data.ts';

/**
 * The commands as an operator runs them, against the real server process (`src/server.ts`) on the
 * embedded database: the snapshot crosses processes through the request folder and SIGUSR2.
 */
const apiDir = join(import.meta.dirname, '..', '..', '..');

function env(dataDir: string, port = 0): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
  };
  delete e.DATABASE_URL;
  delete e.REDIS_URL;
  delete e.SMTP_URL;
  delete e.INIT_CWD;
  return e;
}

function cli(dataDir: string, args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/db/backup/cli.ts', ...args], {
      cwd: apiDir,
      env: env(dataDir),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

const ready = (port: number) =>
  new Promise<boolean>((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: '/readyz' }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
    req.end();
  });

async function companyNames(dataDir: string): Promise<string[]> {
  const database = await openPglite(join(dataDir, 'pglite'));
  try {
    const rows = rowsOf<{ name: string }>(
      await database.db.execute(sql`select name from companies order by name`),
    );
    return rows.map((r) => r.name);
  } finally {
    await database.close();
  }
}

describe('npm run backup / restore against the running server', () => {
  it('backs up through the server, refuses to restore under it, restores once it stopped', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'taskhive-backup-cli-'));
    const file = join(mkdtempSync(join(tmpdir(), 'taskhive-backup-out-')), 'b.tar');
    const database = await openPglite(join(dataDir, 'pglite'));
    await migrate(database);
    await syncReferenceData(database.db);
    await buildCompany(database.db, { name: 'Kept Co' });
    await database.close();

    const port = await freePort();
    const server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: apiDir,
      env: env(dataDir, port),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    server.stdout.on('data', (d) => (log += d));
    server.stderr.on('data', (d) => (log += d));
    const exited = new Promise((r) => server.once('exit', r));
    try {
      const until = Date.now() + 60_000;
      while (!(await ready(port))) {
        if (server.exitCode !== null || Date.now() > until) throw new Error(`server did not start: ${log}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      const backup = await cli(dataDir, ['backup', '--out', file]);
      expect(backup.out).toMatch(/snapshot taken by the running server/);
      expect(backup.code).toBe(0);
      expect(statSync(file).size).toBeGreaterThan(0);
      expect(await ready(port)).toBe(true); // still serving

      const refused = await cli(dataDir, ['restore', file]);
      expect(refused.code).toBe(1);
      expect(refused.out).toMatch(/in use by another process \(pid \d+\)\. Stop the server first/);
    } finally {
      server.kill('SIGTERM');
      await exited;
    }

    rmSync(join(dataDir, 'pglite'), { recursive: true });
    const restored = await cli(dataDir, ['restore', file]);
    expect(restored.code, restored.out).toBe(0);
    expect(await companyNames(dataDir)).toEqual(['Kept Co']);
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false);
  }, 120_000);
});
