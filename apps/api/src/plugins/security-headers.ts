import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet would set, computed once. @fastify/helmet builds a helmet middleware on
 * every request (re-reading the options and re-serialising the CSP); the headers never change
 * between requests here (no nonces, no per-route options), so they are taken once from helmet
 * itself and set from a frozen object.
 */
export function helmetHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => {});
  return Object.freeze(headers);
}

/** Security headers on every response (routes, 404s, errors, static files), computed at start-up. */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, opts: { helmet: HelmetOptions }) => {
  const headers = helmetHeaders(opts.helmet);
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
});
