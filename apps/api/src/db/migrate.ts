import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Database } from './client.ts';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);
/** Arbitrary constant: the advisory lock key all Taskhive processes agree on. */
const MIGRATION_LOCK_KEY = 7_411_202_601;

type Journal = { entries: { idx: number; tag: string }[] };

export function pendingMigrations(): { tag: string; sql: string; hash: string }[] {
  const journal = JSON.parse(readFileSync(new URL('meta/_journal.json', MIGRATIONS_DIR), 'utf8')) as Journal;
  return journal.entries
    .sort((a, b) => a.idx - b.idx)
    .map(({ tag }) => {
      const sql = readFileSync(new URL(`${tag}.sql`, MIGRATIONS_DIR), 'utf8');
      return { tag, sql, hash: createHash('sha256').update(sql).digest('hex') };
    });
}

/**
 * Applies the generated SQL migrations in order, each in its own transaction. A PostgreSQL
 * advisory lock, held on one connection for the whole run, keeps two processes from migrating at
 * once (the second waits, then finds nothing to do).
 */
export async function migrate(database: Database): Promise<string[]> {
  const s = await database.session();
  const applied: string[] = [];
  try {
    await s.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await s.exec(`create table if not exists __taskhive_migrations (
        tag text primary key, hash text not null, applied_at timestamptz not null default now())`);
      const done = new Set(
        (await s.query<{ tag: string }>('select tag from __taskhive_migrations')).rows.map((r) => r.tag),
      );
      for (const m of pendingMigrations()) {
        if (done.has(m.tag)) continue;
        await s.exec('begin');
        try {
          for (const stmt of m.sql.split('--> statement-breakpoint')) {
            if (stmt.trim()) await s.exec(stmt);
          }
          await s.query('insert into __taskhive_migrations (tag, hash) values ($1, $2)', [m.tag, m.hash]);
          await s.exec('commit');
        } catch (err) {
          await s.exec('rollback');
          throw new Error(`Migration ${m.tag} failed: ${(err as Error).message}`, { cause: err });
        }
        applied.push(m.tag);
      }
      // Row-level security on every tenant table, a later migration's included (db/sql/rls.sql).
      if ((await s.query("select to_regprocedure('taskhive_secure_tenant_tables()') as f")).rows[0]?.f)
        await s.query('select taskhive_secure_tenant_tables()');
    } finally {
      await s.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    s.release();
  }
  return applied;
}
