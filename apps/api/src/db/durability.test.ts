import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPglite, openPostgres, rowsOf, type Database } from './client.ts';

const writer = new URL('./durability-writer.ts', import.meta.url).pathname;

/** Runs the writer until it has acknowledged `acks` rows, SIGKILLs it, and answers the highest ack. */
function writeThenKill(target: string, acks: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', writer, target], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let last = 0;
    let buf = '';
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.stdout.on('data', (d) => {
      buf += d;
      const lines = buf.split('\n');
      buf = lines.pop() ?? '';
      for (const l of lines) {
        const m = l.match(/^ack (\d+)$/);
        if (m) last = Number(m[1]);
      }
      if (last >= acks && !child.killed) child.kill('SIGKILL');
    });
    child.on('exit', (_code, signal) =>
      signal === 'SIGKILL' ? resolve(last) : reject(new Error(`writer exited: ${stderr}`)),
    );
  });
}

async function missingAfterRestart(database: Database, acked: number): Promise<number[]> {
  const rows = rowsOf<{ n: number }>(
    await database.db.execute(sql`select n from durability_probe where n <= ${acked}`),
  );
  const have = new Set(rows.map((r) => Number(r.n)));
  const missing: number[] = [];
  for (let n = 1; n <= acked; n++) if (!have.has(n)) missing.push(n);
  return missing;
}

describe('SIGKILL during a stream of writes', () => {
  it('loses no acknowledged write on the embedded PGlite', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'taskhive-durability-')), 'pglite');
    const acked = await writeThenKill(dir, 300);
    expect(acked).toBeGreaterThanOrEqual(300);
    // The killed process left its lock behind; a restart takes it over because that pid is gone.
    const database = await openPglite(dir);
    try {
      expect(await missingAfterRestart(database, acked)).toEqual([]);
    } finally {
      await database.close();
    }
  }, 120_000);

  it.runIf(!!process.env.DATABASE_URL)(
    'loses no acknowledged write on PostgreSQL',
    async () => {
      const url = new URL(process.env.DATABASE_URL ?? '');
      const name = `taskhive_durability_${process.pid}`;
      const admin = new pg.Client({ connectionString: url.toString() });
      await admin.connect();
      await admin.query(`drop database if exists "${name}"`);
      await admin.query(`create database "${name}"`);
      url.pathname = `/${name}`;
      try {
        const acked = await writeThenKill(url.toString(), 300);
        const database = await openPostgres(url.toString(), 1);
        try {
          expect(await missingAfterRestart(database, acked)).toEqual([]);
        } finally {
          await database.close();
        }
      } finally {
        await admin.query(`drop database if exists "${name}" with (force)`);
        await admin.end();
      }
    },
    120_000,
  );
});
