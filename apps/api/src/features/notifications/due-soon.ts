import { notificationDefaults } from '@taskhive/contract';
import type { Db } from '../../db/client.ts';
import type { JobHandler } from '../../lib/jobs.ts';
import { systemScope } from '../../lib/scope.ts';
import { tasksReads } from '../tasks/index.ts';
import { addDays, localTime } from '../time-logs/index.ts';
import { usersReads } from '../users/index.ts';
import { enqueueNotificationMails } from './notification-mails.ts';
import { notificationsRepo } from './notifications.repo.ts';

/** A reminder reaches a person from this hour of their own day on (not in their night). */
export const DUE_SOON_FROM_HOUR = 6;

/**
 * Due-soon reminders (issue 22): every hour (at :05) the scheduler enqueues one round (once across
 * every API process). The assignees of each open task due tomorrow, in their own time zone
 * (`users.time_zone`), get a `due_soon` notification from 06:00 of their day on, in-app and live
 * (and by email for those who switched it on; none for those who switched the kind off in the
 * app). A round that runs again (the next hour, a retry, another process) reminds no one twice:
 * one reminder per person, task and due date (a unique index), so a task whose due date moves to
 * tomorrow again is reminded of again.
 */
export const DUE_SOON_REMINDERS = { task: 'notifications:due-soon', schedule: '5 * * * *' } as const;

/**
 * The round at `now` (a Date; a 'YYYY-MM-DD' names the due day: that day before's 12:00 UTC);
 * answers how many reminders it wrote.
 */
export async function remindDueSoon(db: Db, now: Date | string = new Date()): Promise<number> {
  const at = typeof now === 'string' ? new Date(`${addDays(now, -1)}T12:00:00.000Z`) : now;
  // Somewhere on earth (UTC-12 to UTC+14) tomorrow is the UTC today, tomorrow or the day after.
  const utcDay = at.toISOString().slice(0, 10);
  const dueDays = [0, 1, 2].map((n) => addDays(utcDay, n));
  const byCompany = new Map<string, string[]>();
  for (const day of dueDays)
    for (const companyId of await tasksReads.companiesWithOpenTasksDue(db, day))
      byCompany.set(companyId, [...(byCompany.get(companyId) ?? []), day]);
  let sent = 0;
  for (const [companyId, days] of byCompany) {
    sent += await systemScope(db, companyId).transaction(async (tx) => {
      // One after another: a transaction is one connection (pg@9 refuses a second statement sent
      // while the first runs).
      const all: (Awaited<ReturnType<typeof tasksReads.openDueAssignees>>[number] & { due: string })[] = [];
      for (const day of days)
        for (const d of await tasksReads.openDueAssignees(tx, day)) all.push({ ...d, due: day });
      const zones = await usersReads.timeZones(
        tx,
        all.map((d) => d.userId),
      );
      // Due tomorrow in the person's own zone, and their morning has come.
      const due = all.filter((d) => {
        const local = localTime(zones.get(d.userId) ?? 'UTC', at);
        return addDays(local.day, 1) === d.due && local.hour >= DUE_SOON_FROM_HOUR;
      });
      // Each person's switches for `due_soon`: in-app off, no reminder; email on, a mail job.
      const prefs = await notificationsRepo.preferencesOf(
        tx,
        due.map((d) => d.userId),
        ['due_soon'],
      );
      const wants = (userId: string) => prefs.get(`${userId}:due_soon`) ?? notificationDefaults('due_soon');
      const rows = await notificationsRepo.insertReminders(
        tx,
        due.filter((d) => wants(d.userId).inApp),
      );
      await enqueueNotificationMails(
        tx,
        rows.filter((r) => wants(r.userId).email).map((r) => r.id),
      );
      for (const r of rows)
        tx.emit({
          type: 'notification',
          action: 'created',
          id: r.id,
          userIds: [r.userId],
          taskId: r.taskId,
          projectId: r.projectId,
        });
      return rows.length;
    });
  }
  return sent;
}

/** The scheduled job: the round of the hour it runs (`clock` for tests). */
export function dueSoonReminders(deps: { db: Db; clock?: () => Date }): JobHandler {
  return async () => {
    await remindDueSoon(deps.db, deps.clock?.() ?? new Date());
  };
}
