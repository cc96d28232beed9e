import { z } from 'zod';
import { sessionUserSchema } from './auth.ts';
import { text } from './text.ts';

/**
 * Impersonation (issue 24): the Super Admin acts as a company's Company Admin for support, for a
 * reason and for a bounded time. The texts live here, not in MESSAGES, so the sign-in route does
 * not carry them.
 */

/** How long an impersonation lasts at most: past it, its token answers 401. */
export const IMPERSONATION_TTL_SECONDS = 60 * 60;
/** The longest reason the Super Admin may give. */
export const IMPERSONATION_REASON_MAX = 300;

export const IMPERSONATION_MESSAGES = {
  started: 'You are now acting as the Company Admin',
  ended: 'Impersonation ended: you are back in your own account',
  reasonRequired: 'Say why you need to act as the Company Admin',
  reasonTooLong: `At most ${IMPERSONATION_REASON_MAX} characters`,
  noAdmin: 'This company has no active Company Admin to act as',
  companyInactive: 'This company is inactive: activate it before acting as its admin',
  refused:
    'Not while impersonating: passwords, two-factor settings, sessions and tokens stay with the account owner. End the impersonation first.',
  expired: 'The impersonation reached its time limit and ended',
  actAs: 'Act as admin',
  endImpersonation: 'End impersonation',
  reasonLabel: 'Reason',
  reasonHelp: 'Recorded in the company audit log',
} as const;

/** POST /Companies/{id}/impersonate. */
export const impersonateBodySchema = z.object({
  reason: text()
    .trim()
    .min(1, IMPERSONATION_MESSAGES.reasonRequired)
    .max(IMPERSONATION_REASON_MAX, IMPERSONATION_MESSAGES.reasonTooLong),
});
export type ImpersonateBody = z.infer<typeof impersonateBodySchema>;

/** The impersonation a session carries: who acts as whom, why, and until when. */
export const impersonationSchema = z.object({
  actingAs: z.object({ userId: z.uuid(), name: z.string(), email: z.string() }),
  companyId: z.uuid(),
  companyName: z.string(),
  by: z.object({ userId: z.uuid(), name: z.string() }),
  reason: z.string(),
  /** ISO time at which the impersonation ends by itself. */
  expiresAt: z.string(),
});
export type Impersonation = z.infer<typeof impersonationSchema>;

/** A session's access token with its user and permissions (no refresh token: see ARCHITECTURE.md). */
export const ownSessionSchema = z.object({
  token: z.string(),
  accessToken: z.string(),
  user: sessionUserSchema,
  permissions: z.array(z.string()),
});
export type OwnSession = z.infer<typeof ownSessionSchema>;

/** The answer to starting an impersonation: the Company Admin's session, with what it is. */
export const impersonationSessionSchema = ownSessionSchema.extend({ impersonation: impersonationSchema });
export type ImpersonationSession = z.infer<typeof impersonationSessionSchema>;

/** GET /auth/impersonation: the impersonation the caller's session carries, or null. */
export const currentImpersonationSchema = impersonationSchema.nullable();
