import { formatDate } from '../../lib/format';
import type { Notification } from '@taskhive/contract';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** What a notification says, in one line (the detail shows under it). */
export function notificationText(n: Notification): string {
  const who = `${n.actor.firstName} ${n.actor.lastName}`.trim();
  switch (n.kind) {
    case 'assigned':
      return `${who} assigned you to ${n.title}`;
    case 'mentioned':
      return `${who} mentioned you on ${n.title}`;
    case 'commented':
      return `${who} commented on ${n.title}`;
    case 'status_changed':
      return `${who} moved ${n.title} to ${n.detail ?? 'another status'}`;
    case 'task_edited':
      return `${who} edited ${n.title}`;
    case 'due_date_changed':
      // The detail is the new date, or "No due date" when it was cleared.
      return `${who} set the due date of ${n.title} to ${n.detail && ISO_DAY.test(n.detail) ? formatDate(n.detail) : 'none'}`;
    case 'timelog_changed':
      return `${who} changed your time entry on ${n.title}`;
    case 'due_soon':
      // A reminder: its actor is the recipient, so it names no one.
      return `${n.title} is due ${n.detail ? formatDate(n.detail) : 'soon'}`;
    case 'timesheet_submitted':
      return `${who} submitted their timesheet for the ${n.title}`;
    case 'timesheet_decided':
      return `${who} ${n.title}`;
    case 'timesheet_reminder':
      return n.title;
    case 'task_unblocked':
      // Issue 26: the detail says which blocker was done ("WEB-3 is done").
      return `${n.title} is no longer blocked`;
  }
}

/** The detail worth a second line (a status change says it in the first). */
export const notificationDetail = (n: Notification) =>
  n.kind === 'status_changed' || n.kind === 'due_soon' || n.kind === 'due_date_changed' ? null : n.detail;

/** Where clicking it leads: the project page with the task drawer open (`?task=`). */
export function notificationPath(
  n: Pick<Notification, 'projectId' | 'taskId'> & { kind?: Notification['kind'] },
): string | null {
  // Timesheets (issue 25): a week to approve opens the approvals, the others my week.
  if (n.kind === 'timesheet_submitted') return '/app/timesheets/approvals';
  if (n.kind === 'timesheet_decided' || n.kind === 'timesheet_reminder') return '/app/timesheets/week';
  if (!n.projectId) return null;
  const task = n.taskId ? `?task=${encodeURIComponent(n.taskId)}` : '';
  return `/app/project-detail/${encodeURIComponent(n.projectId)}${task}`;
}
