import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  cleanUpProcesses,
  freshDatabase,
  http,
  mailsTo,
  PG_URL as pgUrl,
  startServer,
  tempDir,
} from '../../test/processes.ts';
import { localTime } from '../time-logs/index.ts';

/**
 * Timesheet reminders across real server processes (issue 25): two API processes on one
 * PostgreSQL database both run a reminders round at once (two jobs, taken by whichever worker is
 * free: graphile-worker's, SKIP LOCKED); the person is reminded once, in the app and by email.
 * The process helpers are test/processes.ts's.
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

async function query<R>(url: string, statement: string): Promise<R[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(statement)).rows as R[];
  } finally {
    await c.end();
  }
}

describe.skipIf(!pgUrl)('timesheet reminders with two API processes on one PostgreSQL database', () => {
  it('remind a person once however many processes run the round', async () => {
    const dataDir = tempDir('taskhive-tsrem'); // shared: one outbox for both
    const databaseUrl = await freshDatabase('taskhive_tsrem_two');
    const extra = { JOB_CONCURRENCY: '2' };
    const a = await startServer({ dataDir, databaseUrl, env: extra });
    const b = await startServer({ dataDir, databaseUrl, env: extra });
    try {
      const email = 'remind-me@example.test';
      await register(a.port, email);
      // Today is the company's reminder day where the admin lives, a zone whose clock reads
      // between 06:00 and 22:00 now (a reminder waits for 06:00 of the person's day; the test
      // must not cross midnight); the admin's previous week is open.
      const now = new Date();
      const zone =
        ['UTC', 'Asia/Tokyo', 'America/New_York', 'Pacific/Kiritimati', 'Pacific/Pago_Pago'].find((z) => {
          const h = localTime(z, now).hour;
          return h >= 6 && h < 22;
        }) ?? 'UTC';
      const weekday = new Date(`${localTime(zone, now).day}T00:00:00Z`).getUTCDay();
      await query(
        databaseUrl,
        `update companies set timesheet_reminder_weekday = ${weekday} where not is_platform`,
      );
      await query(databaseUrl, `update users set time_zone = '${zone}' where email = '${email}'`);
      // Two rounds at once, each process's workers free to take them.
      await query(
        databaseUrl,
        `select graphile_worker.add_job('timesheets:reminders', '{}'::json), graphile_worker.add_job('timesheets:reminders', '{}'::json)`,
      );
      const reminders = () =>
        query<{ n: number }>(
          databaseUrl,
          `select count(*)::int as n from notifications n join users u on u.id = n.user_id
            where n.kind = 'timesheet_reminder' and u.email = '${email}'`,
        ).then((r) => r[0]?.n ?? 0);
      const until = Date.now() + 30_000;
      while ((await reminders()) === 0 || mailsTo(dataDir, email).length === 0) {
        if (Date.now() > until) throw new Error('no reminder within 30 s');
        await new Promise((r) => setTimeout(r, 200));
      }
      // Both rounds done (no job left), then exactly one reminder, one row, one mail.
      const left = Date.now() + 30_000;
      while (
        (await query<{ n: number }>(databaseUrl, 'select count(*)::int as n from graphile_worker.jobs'))[0]?.n
      ) {
        if (Date.now() > left) throw new Error('jobs still queued after 30 s');
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(await reminders()).toBe(1);
      const rows = await query<{ n: number }>(
        databaseUrl,
        'select count(*)::int as n from timesheet_reminders',
      );
      expect(rows[0]?.n).toBe(1);
      expect(mailsTo(dataDir, email).filter((m) => /timesheet/i.test(m.text))).toHaveLength(1);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  }, 180_000);
});
