import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';

/**
 * The refresh token's cookie: out of reach of scripts (HttpOnly), never sent by another site's
 * page (SameSite=Strict) and sent only to the auth routes (Path). Secure when the app is served
 * over HTTPS: PUBLIC_URL says so behind a proxy that ends TLS, the request's protocol when the
 * server ends it. API clients may keep sending the token in the body instead.
 */
export const REFRESH_COOKIE = 'taskhive_refresh';
const PATH = '/api/auth';

export function refreshCookie(config: Config) {
  const options = (req: FastifyRequest): CookieSerializeOptions => ({
    path: PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: config.publicUrl.startsWith('https:') || req.protocol === 'https',
  });
  return {
    read: (req: FastifyRequest): string | undefined => req.cookies[REFRESH_COOKIE] || undefined,

    /** Lives exactly as long as the token it carries. */
    set(req: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date) {
      const maxAge = Math.max(0, Math.round((expiresAt.getTime() - Date.now()) / 1000));
      reply.setCookie(REFRESH_COOKIE, token, { ...options(req), maxAge });
    },

    clear(req: FastifyRequest, reply: FastifyReply) {
      reply.clearCookie(REFRESH_COOKIE, options(req));
    },
  };
}
