import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { MESSAGES } from '@taskhive/contract';
import { HttpError } from './errors.ts';

/**
 * Fixed-window counters for limits keyed by something other than the client address (the
 * account being signed in to). @fastify/rate-limit runs one limiter per request, so it keeps the
 * per-IP limit and this keeps the per-account one. In memory, or in Redis when REDIS_URL is set so
 * that every process shares the count.
 */
export type Counter = { hit(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }> };

export function memoryCounter(): Counter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, windowMs) {
      const now = Date.now();
      let w = windows.get(key);
      if (!w || w.resetAt <= now) {
        if (windows.size > 50_000) for (const [k, v] of windows) if (v.resetAt <= now) windows.delete(k);
        w = { count: 0, resetAt: now + windowMs };
        windows.set(key, w);
      }
      w.count++;
      return { count: w.count, ttlMs: w.resetAt - now };
    },
  };
}

export function redisCounter(redis: Redis, prefix = 'taskhive-rl-acct:'): Counter {
  return {
    async hit(key, windowMs) {
      const k = prefix + key;
      const [[, count], [, ttl]] = (await redis.multi().incr(k).pttl(k).exec()) as [
        [unknown, number],
        [unknown, number],
      ];
      if (ttl < 0) await redis.pexpire(k, windowMs);
      return { count, ttlMs: ttl < 0 ? windowMs : ttl };
    },
  };
}

/** A preHandler that answers 429 with Retry-After once `key(req)` has been seen `max` times in the window. */
export function limitBy(
  counter: Counter,
  opts: { max: number; windowMs: number; key: (req: FastifyRequest) => string | null },
) {
  return async (req: FastifyRequest) => {
    const key = opts.key(req);
    if (!key) return;
    const { count, ttlMs } = await counter.hit(key, opts.windowMs);
    if (count > opts.max) {
      throw new HttpError(429, MESSAGES.tooManyRequests, {
        headers: { 'retry-after': String(Math.max(1, Math.ceil(ttlMs / 1000))) },
      });
    }
  };
}
