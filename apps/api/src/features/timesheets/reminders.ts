import { sql } from 'drizzle-orm';
import { TIMESHEET_MESSAGES } from '@taskhive/contract';
import { type Db, rowsOf } from '../../db/client.ts';
import type { JobHandler } from '../../lib/jobs.ts';
import { systemScope } from '../../lib/scope.ts';
import { addDays, todayUtc } from '../time-logs/index.ts';
import { send } from './timesheets.notify.ts';
import { timesheetsRepo } from './timesheets.repo.ts';
import { weekOf } from './weeks.ts';

/**
 * Timesheet reminders (issue 25): every day at 06:20 UTC the scheduler enqueues one round (once
 * across every API process). In each active company whose reminder weekday is today, each active
 * person who may log time (effective `timelog:create`) and whose previous week is open or rejected
 * gets one in-app notification (`timesheet_reminder`, live) and its email job, written in that
 * company's transaction together with a `timesheet_reminders` row whose unique key (company,
 * person, week) lets a person be reminded of a week once, however many rounds run.
 */
export const TIMESHEET_REMINDERS = { task: 'timesheets:reminders', schedule: '20 6 * * *' } as const;

/** The reminders of `today`; answers how many people were reminded. */
export async function remindTimesheets(db: Db, today: string): Promise<number> {
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  // Companies carry no company_id: this read across tenants names only their ids and settings.
  const companies = rowsOf<{ id: string }>(
    await db.execute(
      sql`select id from companies where is_active and not is_platform and timesheet_reminder_weekday = ${weekday}`,
    ),
  );
  let reminded = 0;
  for (const { id } of companies) {
    reminded += await systemScope(db, id).transaction(async (tx) => {
      const settings = await timesheetsRepo.settings(tx);
      const { weekStart } = weekOf(addDays(today, -7), settings.weekStartsOn);
      const people = await timesheetsRepo.holdersOf(tx, 'timelog:create');
      const statuses = await timesheetsRepo.statusesOf(tx, people, weekStart);
      const due = people.filter((u) => {
        const s = statuses.get(u) ?? 'open';
        return s === 'open' || s === 'rejected';
      });
      const fresh = await timesheetsRepo.markReminded(tx, due, weekStart);
      await send(
        tx,
        fresh.map((userId) => ({
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

/** The scheduled job: the reminders of the day it runs. */
export function timesheetReminders(deps: { db: Db }): JobHandler {
  return async () => {
    await remindTimesheets(deps.db, todayUtc());
  };
}
