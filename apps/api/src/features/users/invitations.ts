import { INVITATION_TTL_SECONDS } from '@taskhive/contract';
import type { Config } from '../../config.ts';
import { escapeHtml } from '../../lib/html.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { Scope } from '../../lib/scope.ts';
import { hashToken, randomToken } from '../../lib/tokens.ts';
import { sessionsRepo } from '../auth/sessions.repo.ts';

export type Invitee = { userId: string; email: string; firstName: string };

/**
 * Stores a single-use invitation token (7 days) in the caller's transaction (a scope of the
 * invitee's company bound to it) and answers the mail to send once it commits. The link opens the
 * reset-password page, which accepts invitation tokens and activates the invited account.
 */
export async function createInvitation(tx: Scope, config: Config, who: Invitee, companyName: string) {
  const token = randomToken();
  await sessionsRepo.createPasswordToken(tx, {
    userId: who.userId,
    purpose: 'invite',
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + INVITATION_TTL_SECONDS * 1000),
  });
  const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(who.email)}`;
  const days = Math.round(INVITATION_TTL_SECONDS / 86400);
  return {
    to: who.email,
    subject: `You are invited to ${companyName} on Taskhive`,
    text: `Hello ${who.firstName},\n\nYou have been invited to join ${companyName} on Taskhive. Open this link within ${days} days to set your password and sign in:\n\n${link}\n`,
    html: `<p>Hello ${escapeHtml(who.firstName)},</p><p>You have been invited to join ${escapeHtml(companyName)} on Taskhive. Open this link within ${days} days to set your password and sign in:</p><p><a href="${escapeHtml(link)}">Set my password</a></p>`,
  };
}

/** Sends an invitation after commit. A mail failure is logged and answered as false, never undoes the account. */
export async function sendInvitation(
  mailer: Mailer,
  log: { error: (o: object, msg: string) => void },
  mail: Awaited<ReturnType<typeof createInvitation>>,
) {
  try {
    await mailer.send(mail);
    return true;
  } catch (err) {
    log.error({ err, to: mail.to }, 'invitation email failed');
    return false;
  }
}
