import { sql } from 'drizzle-orm';
import { TIMESHEET_MESSAGES } from '@taskhive/contract';
import { type Db, rowsOf } from '../../db/client.ts';
import type { JobHandler } from '../../lib/jobs.ts';
import { systemScope } from '../../lib/scope.ts';
import { addDays, localTime } from '../time-logs/index.ts';
import { send } from './timesheets.notify.ts';
import { timesheetsRepo } from './timesheets.repo.ts';
import { weekOf } from './weeks.ts';

/** A reminder reaches a person from this hour of their own day on (not in their night). */
export const REMIND_FROM_HOUR = 6;

/**
 * Timesheet reminders (issue 25): every hour (at :20) the scheduler enqueues one round (once
 * across every API process). A person is reminded on the company's reminder weekday in their own
 * time zone (`users.time_zone`), from 06:00 of their day: in each active company, each active
 * person who may log time (effective `timelog:create`) whose local day is that weekday and whose
 * previous week (before the week of their local today) is open or rejected gets one in-app
 * notification (`timesheet_reminder`, live) and its email job, written in that company's
 * transaction together with a `timesheet_reminders` row whose unique key (company, person, week)
 * lets a person be reminded of a week once, however many rounds run: the first round of their
 * day reminds them, the later ones find the row.
 */
export const TIMESHEET_REMINDERS = { task: 'timesheets:reminders', schedule: '20 * * * *' } as const;

/**
 * The round at `now` (a Date; a 'YYYY-MM-DD' means that day's 12:00 UTC); answers how many people
 * were reminded.
 */
export async function remindTimesheets(db: Db, now: Date | string = new Date()): Promise<number> {
  const at = typeof now === 'string' ? new Date(`${now}T12:00:00.000Z`) : now;
  // Somewhere on earth (UTC-12 to UTC+14) it is the UTC day before, that day, or the day after.
  const utcDay = at.toISOString().slice(0, 10);
  const weekdays = [-1, 0, 1].map((n) => new Date(`${addDays(utcDay, n)}T00:00:00Z`).getUTCDay());
  // Companies carry no company_id: this read across tenants names only their ids and settings.
  const companies = rowsOf<{ id: string }>(
    await db.execute(
      sql`select id from companies where is_active and not is_platform
            and timesheet_reminder_weekday in (${sql.join(
              weekdays.map((d) => sql`${d}`),
              sql`, `,
            )})`,
    ),
  );
  let reminded = 0;
  for (const { id } of companies) {
    reminded += await systemScope(db, id).transaction(async (tx) => {
      const settings = await timesheetsRepo.settings(tx);
      const people = await timesheetsRepo.zonesOf(tx, await timesheetsRepo.holdersOf(tx, 'timelog:create'));
      const candidates = people.flatMap(({ userId, timeZone }) => {
        const local = localTime(timeZone, at);
        const weekday = new Date(`${local.day}T00:00:00Z`).getUTCDay();
        if (weekday !== settings.reminderWeekday || local.hour < REMIND_FROM_HOUR) return [];
        return [{ userId, weekStart: weekOf(addDays(local.day, -7), settings.weekStartsOn).weekStart }];
      });
      const statuses = await timesheetsRepo.statusesOfWeeks(tx, candidates);
      const due = candidates.filter((c) => {
        const s = statuses.get(`${c.userId}:${c.weekStart}`) ?? 'open';
        return s === 'open' || s === 'rejected';
      });
      const fresh = await timesheetsRepo.markReminded(tx, due);
      await send(
        tx,
        fresh.map(({ userId, weekStart }) => ({
          userId,
          actorId: userId,
          kind: 'timesheet_reminder',
          taskId: null,
          projectId: null,
          title: TIMESHEET_MESSAGES.reminderTitle(weekStart),
          detail: weekStart,
        })),
      );
      return fresh.length;
    });
  }
  return reminded;
}

/** The scheduled job: the round of the hour it runs (`clock` for tests). */
export function timesheetReminders(deps: { db: Db; clock?: () => Date }): JobHandler {
  return async () => {
    await remindTimesheets(deps.db, deps.clock?.() ?? new Date());
  };
}
