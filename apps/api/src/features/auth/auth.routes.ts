import type {} from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  atLeastOneField,
  MESSAGES,
  changePasswordBodySchema,
  currentImpersonationSchema,
  envelope,
  forgotPasswordBodySchema,
  loginBodySchema,
  IMPERSONATION_MESSAGES,
  loginResultSchema,
  meResultSchema,
  ownSessionSchema,
  refreshBodySchema,
  refreshResultSchema,
  registerBodySchema,
  resetPasswordBodySchema,
  updateOwnProfileBodySchema,
  userProfileSchema,
} from '@taskhive/contract';
import type { Config } from '../../config.ts';
import { fieldError, HttpError } from '../../lib/errors.ts';
import { type Counter, failureLimit, limitBy } from '../../lib/rate-limit.ts';
import { scopeOf, SIGNED_IN } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { ImpersonationService } from '../impersonation/index.ts';
import type { AuthService } from './auth.service.ts';
import { refreshCookie } from './refresh-cookie.ts';

const nothing = envelope(z.null());
const tags = ['auth'];
const impersonationTags = ['impersonation'];

/** Every route under /api/auth (one routes file per URL prefix): sign-in, and the session's impersonation. */
export async function authRoutes(
  app: FastifyInstance,
  opts: { auth: AuthService; config: Config; counter: Counter; impersonation: ImpersonationService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { auth, config, impersonation } = opts;
  const cookie = refreshCookie(config);

  // Register, forgot-password and reset-password are limited per IP (before the body is read);
  // forgot-password also per account (after).
  const perIp = app.rateLimit({
    max: config.rateLimit.authIpMax,
    timeWindow: config.rateLimit.authWindowMs,
    hook: 'onRequest',
    errorResponseBuilder: (_req, ctx) =>
      new HttpError(429, MESSAGES.tooManyRequests, {
        headers: { 'retry-after': String(Math.ceil(ctx.ttl / 1000)) },
      }),
  });
  const perAccount = limitBy(opts.counter, {
    max: config.rateLimit.authMax,
    windowMs: config.rateLimit.authWindowMs,
    key: (req) => {
      const email = (req.body as { email?: unknown } | undefined)?.email;
      return typeof email === 'string' ? `${req.routeOptions.url}:${email.toLowerCase()}` : null;
    },
  });
  // Sign-in counts failures only: strict per account, generous per address (an office shares
  // one); a success clears its account's count.
  const signInFailures = failureLimit(opts.counter, config.rateLimit.authWindowMs);

  r.post(
    '/api/auth/login',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Sign in',
        body: loginBodySchema,
        response: { 200: envelope(loginResultSchema) },
      },
    },
    async (req, reply) => {
      const account = `login:${req.body.email.toLowerCase()}`;
      const address = `login-ip:${req.ip}`;
      await signInFailures.check([
        { key: account, max: config.rateLimit.authMax },
        { key: address, max: config.rateLimit.authIpMax },
      ]);
      const { refreshExpiresAt, ...result } = await auth
        .login(req.body.email, req.body.password, { ip: req.ip, userAgent: req.headers['user-agent'] })
        .catch(async (err: unknown) => {
          if (err instanceof HttpError && (err.statusCode === 401 || err.statusCode === 403))
            await signInFailures.fail([account, address]);
          throw err;
        });
      await signInFailures.succeed([account]);
      // The body keeps the refresh token for API clients; the web app keeps only the cookie.
      cookie.set(req, reply, result.refreshToken, refreshExpiresAt);
      return ok(reply.header('cache-control', 'no-store'), result, MESSAGES.auth.loggedIn);
    },
  );

  r.post(
    '/api/auth/register',
    {
      config: { public: true },
      onRequest: perIp,
      schema: {
        tags,
        summary: 'Register a company and its Company Admin',
        body: registerBodySchema,
        response: { 201: envelope(z.object({ companyId: z.uuid(), userId: z.uuid(), email: z.string() })) },
      },
    },
    async (req, reply) => ok(reply, await auth.register(req.body), MESSAGES.auth.registered, 201),
  );

  r.post(
    '/api/auth/refresh-token',
    {
      config: { public: true },
      // A refused refresh (unknown, expired, revoked or reused token) also drops the cookie.
      onError: async (req, reply, err) => {
        if (err instanceof HttpError && err.statusCode === 401) cookie.clear(req, reply);
      },
      schema: {
        tags,
        summary: 'Rotate the refresh token (from the body, or else the cookie)',
        body: refreshBodySchema.nullish(),
        response: { 200: envelope(refreshResultSchema) },
      },
    },
    async (req, reply) => {
      const presented = req.body?.refreshToken ?? cookie.read(req);
      if (!presented) throw fieldError('refreshToken', MESSAGES.auth.refreshTokenRequired);
      const { refreshExpiresAt, ...result } = await auth.refresh(presented);
      cookie.set(req, reply, result.refreshToken, refreshExpiresAt);
      return ok(reply.header('cache-control', 'no-store'), result, MESSAGES.auth.tokenRefreshed);
    },
  );

  r.post(
    '/api/auth/logout',
    {
      // An impersonation ends through POST /auth/impersonation/end, which is audited.
      config: { permission: SIGNED_IN, refuseImpersonation: true, beforePasswordChange: true },
      // The cookie goes whatever the answer: an expired access token still signs the browser out.
      onError: async (req, reply) => cookie.clear(req, reply),
      schema: { tags, summary: 'End this session', response: { 200: nothing } },
    },
    async (req, reply) => {
      await auth.logout(scopeOf(req));
      cookie.clear(req, reply);
      return ok(reply, null, MESSAGES.auth.loggedOut);
    },
  );

  r.get(
    '/api/auth/me',
    {
      config: { permission: SIGNED_IN, beforePasswordChange: true },
      schema: { tags, summary: 'The session payload', response: { 200: envelope(meResultSchema) } },
    },
    async (req, reply) => ok(reply, await auth.me(scopeOf(req))),
  );

  r.put(
    '/api/auth/me',
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags,
        summary: 'Update my own profile',
        body: atLeastOneField(updateOwnProfileBodySchema),
        response: { 200: envelope(userProfileSchema) },
      },
    },
    async (req, reply) =>
      ok(reply, await auth.updateMe(scopeOf(req), req.body), MESSAGES.users.profileUpdated),
  );

  r.post(
    '/api/auth/change-password',
    {
      config: { permission: SIGNED_IN, refuseImpersonation: true, beforePasswordChange: true },
      schema: {
        tags,
        summary: 'Change my password',
        body: changePasswordBodySchema,
        response: { 200: nothing },
      },
    },
    async (req, reply) => {
      await auth.changePassword(scopeOf(req), req.body);
      return ok(reply, null, MESSAGES.auth.passwordUpdated);
    },
  );

  r.post(
    '/api/auth/forgot-password',
    {
      config: { public: true },
      onRequest: perIp,
      preHandler: perAccount,
      schema: {
        tags,
        summary: 'Email a reset link',
        body: forgotPasswordBodySchema,
        response: { 200: nothing },
      },
    },
    async (req, reply) => {
      await auth.forgotPassword(req.body.email);
      return ok(reply, null, MESSAGES.auth.forgotPasswordSent);
    },
  );

  r.post(
    '/api/auth/reset-password',
    {
      config: { public: true },
      onRequest: perIp,
      schema: {
        tags,
        summary: 'Set a new password from a link',
        body: resetPasswordBodySchema,
        response: { 200: nothing },
      },
    },
    async (req, reply) => {
      await auth.resetPassword(req.body);
      return ok(reply, null, MESSAGES.auth.passwordReset);
    },
  );

  // The impersonation this session carries: the impersonation feature's service.
  r.get(
    '/api/auth/impersonation',
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags: impersonationTags,
        summary: 'The impersonation this session carries, or null',
        response: { 200: envelope(currentImpersonationSchema) },
      },
    },
    async (req, reply) => ok(reply, await impersonation.current(scopeOf(req))),
  );

  r.post(
    '/api/auth/impersonation/end',
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags: impersonationTags,
        summary: "End this impersonation; answers the Super Admin's own session",
        response: { 200: envelope(ownSessionSchema) },
      },
    },
    async (req, reply) =>
      ok(
        reply.header('cache-control', 'no-store'),
        await impersonation.end(scopeOf(req)),
        IMPERSONATION_MESSAGES.ended,
      ),
  );
}
