import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { type Counter, memoryCounter, redisCounter } from './rate-limit.ts';

async function behavesAsAFixedWindow(counter: Counter) {
  const key = randomUUID();
  expect((await counter.hit(key, 200)).count).toBe(1);
  const second = await counter.hit(key, 200);
  expect(second.count).toBe(2);
  expect(second.ttlMs).toBeGreaterThan(0);
  expect(second.ttlMs).toBeLessThanOrEqual(200);
  expect((await counter.hit(randomUUID(), 200)).count).toBe(1); // keys are independent
  expect((await counter.peek(key)).count).toBe(2); // peeking does not count
  expect((await counter.peek(key)).count).toBe(2);
  await new Promise((r) => setTimeout(r, 250));
  expect((await counter.hit(key, 200)).count).toBe(1); // a new window
  await counter.clear(key);
  expect((await counter.peek(key)).count).toBe(0);
  expect((await counter.hit(key, 200)).count).toBe(1);
}

describe('rate-limit counters', () => {
  it('count per key within a window, in memory', () => behavesAsAFixedWindow(memoryCounter()));

  it.runIf(!!process.env.REDIS_URL)(
    'count per key within a window, in Redis (shared by processes)',
    async () => {
      const redis = new Redis(process.env.REDIS_URL ?? '');
      try {
        await behavesAsAFixedWindow(redisCounter(redis, `taskhive-test-${randomUUID()}:`));
      } finally {
        await redis.quit();
      }
    },
  );
});
