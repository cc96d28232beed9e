import { INVITATION_TTL_SECONDS } from '@taskhive/contract';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { escapeHtml } from '../../lib/html.ts';
import { enqueue, type JobHandler } from '../../lib/jobs.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { type Scope, systemScope } from '../../lib/scope.ts';
import { hashToken, randomToken } from '../../lib/tokens.ts';
import { userSessions } from '../auth/index.ts';
import { usersRepo } from './users.repo.ts';

export type Invitee = { userId: string; email: string; firstName: string };

/** The job that mails an invitation (lib/jobs.ts). */
export const INVITATION_MAIL = 'mail:invitation';

const payloadSchema = z.object({ companyId: z.uuid(), userId: z.uuid() });

/**
 * Enqueues the invitation's email in the inviting transaction (a scope of the invitee's company
 * bound to it): an invitation that rolls back mails nothing, one that commits cannot lose its mail.
 */
export async function enqueueInvitation(tx: Scope, userId: string): Promise<void> {
  await enqueue(tx, INVITATION_MAIL, { companyId: tx.companyId, userId });
}

/**
 * Sends an invitation: a fresh single-use token (7 days, stored hashed) and its link, made when
 * the mail goes out, so the database never holds a usable link (a job's payload names the user
 * only). Nothing when the person is no longer invited (accepted, deactivated or deleted since). A
 * mailer failure throws and the job is tried again with a new token; an unsent one is never known.
 */
export function invitationMail(deps: { db: Db; config: Config; mailer: Mailer }): JobHandler {
  const { db, config, mailer } = deps;
  return async (payload) => {
    const { companyId, userId } = payloadSchema.parse(payload);
    const scope = systemScope(db, companyId);
    const who = await usersRepo.byId(scope, userId);
    if (!who || who.status !== 'invited') return;
    await mailer.send(
      await createInvitation(
        scope,
        config,
        { userId, email: who.email, firstName: who.firstName },
        who.companyName,
      ),
    );
  };
}

/**
 * Stores a single-use invitation token (7 days) and answers the mail that carries it. The link
 * opens the reset-password page, which accepts invitation tokens and activates the invited account.
 */
async function createInvitation(tx: Scope, config: Config, who: Invitee, companyName: string) {
  const token = randomToken();
  await userSessions.createPasswordToken(tx, {
    userId: who.userId,
    purpose: 'invite',
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + INVITATION_TTL_SECONDS * 1000),
  });
  // `purpose=invite` only words the page ("Set your password"); the token alone decides what it may do.
  const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(who.email)}&purpose=invite`;
  const days = Math.round(INVITATION_TTL_SECONDS / 86400);
  return {
    to: who.email,
    subject: `You are invited to ${companyName} on Taskhive`,
    text: `Hello ${who.firstName},\n\nYou have been invited to join ${companyName} on Taskhive. Open this link within ${days} days to set your password and sign in:\n\n${link}\n`,
    html: `<p>Hello ${escapeHtml(who.firstName)},</p><p>You have been invited to join ${escapeHtml(companyName)} on Taskhive. Open this link within ${days} days to set your password and sign in:</p><p><a href="${escapeHtml(link)}">Set my password</a></p>`,
  };
}
