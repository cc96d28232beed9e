import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  cleanUpProcesses,
  freshDatabase,
  http,
  PG_URL as pgUrl,
  startServer,
  tempDir,
} from '../../test/processes.ts';

/**
 * Recurring tasks across real server processes (issue 26): two API processes on one PostgreSQL
 * database both run the hourly round at once (two jobs, each taken by whichever worker is free),
 * for an on_date series whose next date has come; the occurrence is created once (the rule's row
 * lock, and the unique (rule, date) key behind it). The process helpers are test/processes.ts's.
 */
afterAll(cleanUpProcesses);

async function query<R>(url: string, statement: string, params: unknown[] = []): Promise<R[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(statement, params)).rows as R[];
  } finally {
    await c.end();
  }
}

const utcDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe.skipIf(!pgUrl)('recurring tasks with two API processes on one PostgreSQL database', () => {
  it('create an on_date occurrence once when both schedulers fire', async () => {
    const dataDir = tempDir('taskhive-recur');
    const databaseUrl = await freshDatabase('taskhive_recur_two');
    const extra = { JOB_CONCURRENCY: '2' };
    const a = await startServer({ dataDir, databaseUrl, env: extra });
    const b = await startServer({ dataDir, databaseUrl, env: extra });
    try {
      const email = 'repeat-me@example.test';
      const registered = await http(a.port, 'POST', '/api/auth/register', {
        companyName: 'Repeat Co',
        firstName: 'Re',
        lastName: 'Peat',
        email,
        password: 'Amber-Lantern-4821',
        confirmPassword: 'Amber-Lantern-4821',
      });
      expect(registered.status).toBe(201);
      const [admin] = await query<{ id: string; company_id: string }>(
        databaseUrl,
        'select id, company_id from users where email = $1',
        [email],
      );
      if (!admin) throw new Error('no admin');
      // A daily on_date series whose first occurrence was yesterday: today's is due (UTC zone).
      const [series] = await query<{ rule_id: string; task_id: string }>(
        databaseUrl,
        `with p as (insert into projects (company_id, name, created_by) values ($1, 'Chores', $2) returning id),
          l as (insert into task_lists (company_id, project_id, name) select $1, p.id, 'Daily' from p returning id, project_id),
          t as (insert into tasks (company_id, project_id, task_list_id, title, due_date, created_by)
                select $1, l.project_id, l.id, 'Water the plants', $3::date, $2 from l returning id),
          r as (insert into task_recurrences (company_id, frequency, trigger, time_zone, anchor_date, next_date, created_by)
                values ($1, 'daily', 'on_date', 'UTC', $3::date, $4::date, $2) returning id),
          o as (insert into task_occurrences (company_id, task_id, rule_id, occurrence_date)
                select $1, t.id, r.id, $3::date from t, r returning rule_id, task_id)
        select rule_id, task_id from o`,
        [admin.company_id, admin.id, utcDay(-1), utcDay(0)],
      );
      if (!series) throw new Error('no series');
      // Both schedulers fire: two rounds at once, each process's workers free to take them.
      await query(
        databaseUrl,
        `select graphile_worker.add_job('recurrence:due', '{}'::json), graphile_worker.add_job('recurrence:due', '{}'::json)`,
      );
      const until = Date.now() + 60_000;
      while (
        (await query<{ n: number }>(databaseUrl, 'select count(*)::int as n from graphile_worker.jobs'))[0]?.n
      ) {
        if (Date.now() > until) throw new Error('jobs still queued after 60 s');
        await new Promise((r) => setTimeout(r, 200));
      }
      const occurrences = await query<{ day: string }>(
        databaseUrl,
        `select occurrence_date::text as day from task_occurrences where rule_id = $1 order by occurrence_date`,
        [series.rule_id],
      );
      expect(occurrences.map((o) => o.day)).toEqual([utcDay(-1), utcDay(0)]);
      const copies = await query<{ n: number }>(
        databaseUrl,
        `select count(*)::int as n from tasks where title = 'Water the plants'`,
      );
      expect(copies[0]?.n).toBe(2);
      const [rule] = await query<{ next: string; made: number }>(
        databaseUrl,
        'select next_date::text as next, occurrences_created as made from task_recurrences where id = $1',
        [series.rule_id],
      );
      expect(rule).toEqual({ next: utcDay(1), made: 2 });
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  }, 180_000);
});
