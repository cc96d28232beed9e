import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { escapeHtml } from '../../lib/html.ts';
import { enqueue, type JobHandler } from '../../lib/jobs.ts';
import type { Mail, Mailer } from '../../lib/mailer.ts';
import { type Scope, systemScope } from '../../lib/scope.ts';
import { type MailRow, notificationsRepo } from './notifications.repo.ts';

/** Where a notification leads in the web app: the project page, with the task drawer open. */
export function notificationLink(publicUrl: string, n: { projectId: string | null; taskId: string | null }) {
  if (!n.projectId) return `${publicUrl}/app/dashboard`;
  const task = n.taskId ? `?task=${encodeURIComponent(n.taskId)}` : '';
  return `${publicUrl}/app/project-detail/${encodeURIComponent(n.projectId)}${task}`;
}

/** The email of an `assigned` or `mentioned` notification whose recipient wants it; else null. */
export function mailOf(publicUrl: string, n: MailRow): Mail | null {
  if (n.status !== 'active') return null;
  const wanted =
    (n.kind === 'assigned' && (n.emailOnAssigned ?? true)) ||
    (n.kind === 'mentioned' && (n.emailOnMentioned ?? true));
  if (!wanted) return null;
  const who = `${n.actorFirstName} ${n.actorLastName}`.trim();
  const link = notificationLink(publicUrl, n);
  const [subject, line] =
    n.kind === 'assigned'
      ? [`${who} assigned you: ${n.title}`, `${who} assigned you to the task "${n.title}".`]
      : [`${who} mentioned you: ${n.title}`, `${who} mentioned you in a comment on "${n.title}":`];
  const quote = n.kind === 'mentioned' && n.detail ? n.detail : null;
  const settings = 'You can switch these emails off on your profile page in Taskhive.';
  return {
    to: n.email,
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

/** The kinds that may email their recipient (each recipient's switch is read when it is sent). */
const MAILED_KINDS: ReadonlySet<string> = new Set(['assigned', 'mentioned']);

/**
 * Enqueues, in the transaction that wrote them, one email job per notification of a mailed kind:
 * a change that fails enqueues none, one that commits cannot lose them. One statement for all.
 */
export async function enqueueNotificationMails(tx: Scope, rows: { id: string; kind: string }[]) {
  await enqueue(
    tx,
    NOTIFICATION_MAIL,
    rows
      .filter((n) => MAILED_KINDS.has(n.kind))
      .map((n) => ({ companyId: tx.companyId, notificationId: n.id })),
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
