import { notificationDefaults } from '@taskhive/contract';
import type { Db } from '../../db/client.ts';
import type { JobHandler } from '../../lib/jobs.ts';
import { systemScope } from '../../lib/scope.ts';
import { tasksReads } from '../tasks/index.ts';
import { addDays, todayUtc } from '../time-logs/index.ts';
import { enqueueNotificationMails } from './notification-mails.ts';
import { notificationsRepo } from './notifications.repo.ts';

/**
 * Due-soon reminders (issue 22: the scheduler's first job for people): every day at 06:05 UTC the
 * assignees of each open task due tomorrow get a `due_soon` notification, in-app and live (and by
 * email for those who switched it on; none for those who switched the kind off in the app). The
 * scheduler enqueues the round once per day across every API process; a round that runs twice (a
 * retry) reminds no one twice: one reminder per person, task and due date (a unique index), so a
 * task whose due date moves to tomorrow again is reminded of again. Days are UTC days: there is no
 * per-person time zone yet.
 */
export const DUE_SOON_REMINDERS = { task: 'notifications:due-soon', schedule: '5 6 * * *' } as const;

/** Reminds the assignees of open tasks due on `day`; answers how many reminders it wrote. */
export async function remindDueSoon(db: Db, day: string): Promise<number> {
  let sent = 0;
  for (const companyId of await tasksReads.companiesWithOpenTasksDue(db, day)) {
    sent += await systemScope(db, companyId).transaction(async (tx) => {
      const due = await tasksReads.openDueAssignees(tx, day);
      // Each person's switches for `due_soon`: in-app off, no reminder; email on, a mail job.
      const prefs = await notificationsRepo.preferencesOf(
        tx,
        due.map((d) => d.userId),
        ['due_soon'],
      );
      const wants = (userId: string) => prefs.get(`${userId}:due_soon`) ?? notificationDefaults('due_soon');
      const rows = await notificationsRepo.insertReminders(
        tx,
        due.filter((d) => wants(d.userId).inApp).map((d) => ({ ...d, due: day })),
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

/** The scheduled job: tomorrow's due tasks, as of the day it runs. */
export function dueSoonReminders(deps: { db: Db }): JobHandler {
  return async () => {
    await remindDueSoon(deps.db, addDays(todayUtc(), 1));
  };
}
