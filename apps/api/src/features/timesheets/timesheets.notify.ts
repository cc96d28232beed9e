import { TIMESHEET_PERMISSIONS } from '@taskhive/contract';
import type { LiveEvent } from '../../lib/live-events.ts';
import type { Scope } from '../../lib/scope.ts';
import { enqueueNotificationMails, type NewNotification, notificationInbox } from '../notifications/index.ts';
import { timesheetsRepo } from './timesheets.repo.ts';

/**
 * The notifications of timesheet changes (issue 25), a reaction of the change log
 * (change-subscribers.ts), run in the writing transaction before its commit: a refused or failed
 * transition leaves none. From each `timesheet` change's status field:
 * - submitted → the person's approvers: their department's manager, else every holder of
 *   `timesheet:approve:all` (timesheets.policy.ts's rule; never the person);
 * - approved, rejected (with the reason), reopened → the person.
 * Each is a notification with its live event and, where the recipient's switch is on, its email job.
 */
export async function fromChanges(tx: Scope, changes: readonly LiveEvent[]): Promise<void> {
  const items: NewNotification[] = [];
  for (const c of changes) {
    if (c.type !== 'timesheet') continue;
    const to = c.fields?.find((f) => f.field === 'status')?.to;
    const personId = c.userIds?.[0];
    if (!to || !personId) continue;
    const [week] = await timesheetsRepo.weeks(tx, [c.id]);
    if (!week) continue;
    const about = { taskId: null, projectId: null };
    if (to === 'submitted') {
      const title = `week of ${week.weekStart}`;
      for (const userId of await approversOf(tx, week))
        items.push({ ...about, userId, kind: 'timesheet_submitted', title, detail: null });
    } else {
      const verb = to === 'open' ? 'reopened' : to;
      items.push({
        ...about,
        userId: personId,
        kind: 'timesheet_decided',
        title: `${verb} your timesheet for the week of ${week.weekStart}`,
        detail: week.reason,
      });
    }
  }
  const unique = items.filter((n) => n.userId !== tx.actor.userId);
  if (unique.length === 0) return;
  await send(tx, unique);
}

/** Writes the notifications, their email jobs and their live events. */
export async function send(tx: Scope, items: NewNotification[]): Promise<void> {
  const ids = await notificationInbox.insert(tx, items);
  await enqueueNotificationMails(tx, ids);
  items.forEach((n, i) => {
    const id = ids[i];
    if (id) tx.emit({ type: 'notification', action: 'created', id, userIds: [n.userId] });
  });
}

/** Who is told of a submitted week: the department's manager, else the holders of approve:all. */
async function approversOf(
  tx: Scope,
  person: { userId: string; departmentManagerId: string | null },
): Promise<string[]> {
  if (person.departmentManagerId && person.departmentManagerId !== person.userId)
    return [person.departmentManagerId];
  return (await timesheetsRepo.holdersOf(tx, TIMESHEET_PERMISSIONS.approveAll)).filter(
    (u) => u !== person.userId,
  );
}
