import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Background } from '../../lib/background.ts';
import { escapeHtml } from '../../lib/html.ts';
import type { LiveEvent } from '../../lib/live-events.ts';
import type { Mail, Mailer } from '../../lib/mailer.ts';
import { systemScope } from '../../lib/scope.ts';
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

/**
 * Emails for notifications, sent after the request's transaction committed, never inside it: the
 * app hands `afterRequest` the live events of each successful request (a transaction's events
 * exist only once it committed, see `makeScope`), and the mails go out in the background once the
 * answer has left. A mail failure is logged and never touches the notification.
 */
export function notificationMails(deps: {
  db: Db;
  config: Config;
  mailer: Mailer;
  background: Background;
  log: FastifyBaseLogger;
}) {
  const { db, config, mailer, background, log } = deps;

  async function send(companyId: string, ids: string[]) {
    const rows = await notificationsRepo.mailRows(systemScope(db, companyId), ids);
    for (const row of rows) {
      const mail = mailOf(config.publicUrl, row);
      if (!mail) continue;
      await mailer
        .send(mail)
        .catch((err: unknown) => log.error({ err, to: mail.to }, 'notification email failed'));
    }
  }

  return {
    afterRequest(events: readonly LiveEvent[]) {
      const byCompany = new Map<string, string[]>();
      for (const e of events)
        if (e.type === 'notification' && e.action === 'created')
          byCompany.set(e.companyId, [...(byCompany.get(e.companyId) ?? []), e.id]);
      for (const [companyId, ids] of byCompany)
        background.later('notification emails', () => send(companyId, ids));
    },
  };
}
