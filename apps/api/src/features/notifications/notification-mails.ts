import { type NotificationKind, notificationDefaults } from '@taskhive/contract';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { escapeHtml } from '../../lib/html.ts';
import { enqueue, type JobHandler } from '../../lib/jobs.ts';
import type { Mail, Mailer } from '../../lib/mailer.ts';
import { type Scope, systemScope } from '../../lib/scope.ts';
import { type MailRow, notificationsRepo } from './notifications.repo.ts';

/** Where a notification leads in the web app: the project page, with the task drawer open. */
export function notificationLink(
  publicUrl: string,
  n: { projectId: string | null; taskId: string | null; kind?: string },
) {
  // Timesheets (issue 25): a week to approve opens the approvals, the others my week.
  if (n.kind === 'timesheet_submitted') return `${publicUrl}/app/timesheets/approvals`;
  if (n.kind === 'timesheet_decided' || n.kind === 'timesheet_reminder')
    return `${publicUrl}/app/timesheets/week`;
  if (!n.projectId) return `${publicUrl}/app/dashboard`;
  const task = n.taskId ? `?task=${encodeURIComponent(n.taskId)}` : '';
  return `${publicUrl}/app/project-detail/${encodeURIComponent(n.projectId)}${task}`;
}

/** Each kind's subject and first line, from who did it, the title and the detail. */
function wording(
  kind: NotificationKind,
  who: string,
  title: string,
  detail: string | null,
): [string, string] {
  const d = detail ?? '';
  switch (kind) {
    case 'assigned':
      return [`${who} assigned you: ${title}`, `${who} assigned you to the task "${title}".`];
    case 'mentioned':
      return [`${who} mentioned you: ${title}`, `${who} mentioned you in a comment on "${title}":`];
    case 'commented':
      return [`${who} commented: ${title}`, `${who} commented on "${title}":`];
    case 'status_changed':
      return [`${title}: ${d}`, `${who} moved "${title}" to ${d}.`];
    case 'task_edited':
      return [`${who} edited: ${title}`, `${who} edited "${title}" (${d}).`];
    case 'due_date_changed':
      return [`New due date: ${title}`, `${who} set the due date of "${title}" to ${d}.`];
    case 'timelog_changed':
      return [
        `${who} changed your time entry: ${title}`,
        `${who} changed your time entry on "${title}": ${d}.`,
      ];
    case 'due_soon':
      return [`Due tomorrow: ${title}`, `"${title}" is due tomorrow (${d}).`];
    case 'timesheet_submitted':
      return [`${who} submitted a timesheet`, `${who} submitted their timesheet for the ${title}.`];
    case 'timesheet_decided':
      return [`${who} ${title}`, `${who} ${title}.${d ? ` ${d}` : ''}`];
    case 'timesheet_reminder':
      return [title, `${title}: submit it for approval.`];
    case 'task_unblocked':
      return [`Ready to start: ${title}`, `"${title}" is no longer blocked: ${d}.`];
  }
}

/** The kinds whose detail is someone's words, quoted under the first line. */
const QUOTED: ReadonlySet<string> = new Set(['mentioned', 'commented']);

/** The email of a notification whose recipient wants it (active, the kind's email switch on); else null. */
export function mailOf(publicUrl: string, n: MailRow): Mail | null {
  if (n.status !== 'active') return null;
  const kind = n.kind as NotificationKind;
  if (!(n.email ?? notificationDefaults(kind).email)) return null;
  const who = `${n.actorFirstName} ${n.actorLastName}`.trim();
  const link = notificationLink(publicUrl, n);
  const [subject, line] = wording(kind, who, n.title, n.detail);
  const quote = QUOTED.has(kind) && n.detail ? n.detail : null;
  const settings = 'You can choose which emails you get on your profile page in Taskhive.';
  return {
    to: n.address,
    subject,
    text: `Hello ${n.firstName},\n\n${line}\n${quote ? `\n> ${quote}\n` : ''}\nOpen it: ${link}\n\n${settings}\n`,
    html:
      `<p>Hello ${escapeHtml(n.firstName)},</p><p>${escapeHtml(line)}</p>` +
      (quote ? `<blockquote>${escapeHtml(quote)}</blockquote>` : '') +
      `<p><a href="${escapeHtml(link)}">Open the ${n.taskId ? 'task' : 'project'}</a></p>` +
      `<p><small>${escapeHtml(settings)}</small></p>`,
  };
}

/** The job that emails one notification (lib/jobs.ts). */
export const NOTIFICATION_MAIL = 'mail:notification';

const payloadSchema = z.object({ companyId: z.uuid(), notificationId: z.uuid() });

/**
 * Enqueues, in the transaction that wrote them, one email job per notification whose recipient's
 * email switch for its kind is on (the caller chose them; the job reads the switch again when it
 * sends): a change that fails enqueues none, one that commits cannot lose them. One statement.
 */
export async function enqueueNotificationMails(tx: Scope, ids: readonly string[]) {
  await enqueue(
    tx,
    NOTIFICATION_MAIL,
    ids.map((notificationId) => ({ companyId: tx.companyId, notificationId })),
  );
}

/**
 * Sends one notification's email, read when it runs: the recipient's address, status and switch
 * as they are then; nothing when the notification is gone or not wanted. A mailer failure throws,
 * so the job is tried again later (one job per notification: a retry mails no one twice).
 */
export function notificationMail(deps: { db: Db; config: Config; mailer: Mailer }): JobHandler {
  const { db, config, mailer } = deps;
  return async (payload) => {
    const { companyId, notificationId } = payloadSchema.parse(payload);
    const [row] = await notificationsRepo.mailRows(systemScope(db, companyId), [notificationId]);
    const mail = row ? mailOf(config.publicUrl, row) : null;
    if (mail) await mailer.send(mail);
  };
}
