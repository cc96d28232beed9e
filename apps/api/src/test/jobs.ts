import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../db/client.ts';

/** Jobs waiting (due or not, failed or not) for `task`, read from the queue the database uses. */
export async function queuedJobs(database: Database, task: string): Promise<number> {
  const q =
    database.kind === 'postgres'
      ? sql`select count(*)::int as n from graphile_worker.jobs where task_identifier = ${task}`
      : sql`select count(*)::int as n from jobs where task = ${task}`;
  return rowsOf<{ n: number }>(await database.db.execute(q))[0]?.n ?? 0;
}

/** Makes every waiting job of `task` due now (a test's clock skip over the back-off). */
export async function makeDue(database: Database, task: string): Promise<void> {
  await database.db.execute(
    database.kind === 'postgres'
      ? sql`select graphile_worker.reschedule_jobs(
              array(select id from graphile_worker.jobs where task_identifier = ${task}), run_at => now())`
      : sql`update jobs set run_at = now() where task = ${task}`,
  );
}
