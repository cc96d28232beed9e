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
export type Counter = {
  /** Counts one more in the key's window (a new window starts when the last one is over). */
  hit(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }>;
  /** The key's count in its current window, without counting. */
  peek(key: string): Promise<{ count: number; ttlMs: number }>;
  /** Forgets the key (a successful sign-in clears its account's failures). */
  clear(key: string): Promise<void>;
};

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
    async peek(key) {
      const now = Date.now();
      const w = windows.get(key);
      return w && w.resetAt > now ? { count: w.count, ttlMs: w.resetAt - now } : { count: 0, ttlMs: 0 };
    },
    async clear(key) {
      windows.delete(key);
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
    async peek(key) {
      const k = prefix + key;
      const [[, count], [, ttl]] = (await redis.multi().get(k).pttl(k).exec()) as [
        [unknown, string | null],
        [unknown, number],
      ];
      return { count: Number(count ?? 0), ttlMs: Math.max(ttl, 0) };
    },
    async clear(key) {
      await redis.del(prefix + key);
    },
  };
}

const tooMany = (ttlMs: number) =>
  new HttpError(429, MESSAGES.tooManyRequests, {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(ttlMs / 1000))) },
  });

/**
 * Limits on failures only (sign-in): `check` answers 429 while any of the keys has reached its
 * maximum in the window; `fail` counts a failure against every key; `succeed` clears the keys
 * given (the account's), so one success forgives the account's earlier typos.
 */
export function failureLimit(counter: Counter, windowMs: number) {
  return {
    async check(limits: readonly { key: string; max: number }[]) {
      for (const { key, max } of limits) {
        const { count, ttlMs } = await counter.peek(key);
        if (count >= max) throw tooMany(ttlMs);
      }
    },
    async fail(keys: readonly string[]) {
      await Promise.all(keys.map((k) => counter.hit(k, windowMs)));
    },
    async succeed(keys: readonly string[]) {
      await Promise.all(keys.map((k) => counter.clear(k)));
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
    if (count > opts.max) throw tooMany(ttlMs);
  };
}
