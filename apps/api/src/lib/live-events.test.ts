import { beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { workerDatabase } from '../test/build-app.ts';
import { type LiveEvent, memoryBus, redisBus } from './live-events.ts';
import { makeScope, scopeForCompany, systemScope } from './scope.ts';

let database: Database;
beforeAll(async () => {
  database = await workerDatabase();
});

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

describe('scope events', () => {
  it('keeps what a committed transaction emitted, with company, actor and time', async () => {
    const scope = systemScope(database.db, A);
    await scope.transaction(async (tx) => {
      await tx.db.execute(sql`select 1`);
      tx.emit({ type: 'task', action: 'updated', id: 't1', projectId: 'p1' });
    });
    expect(scope.events).toHaveLength(1);
    expect(scope.events[0]).toMatchObject({ companyId: A, type: 'task', id: 't1', projectId: 'p1' });
    const [event] = scope.events;
    expect(event?.actorId).toBe(scope.actor.userId);
    expect(Number.isNaN(Date.parse(event?.at ?? ''))).toBe(false);
  });

  it('drops what a rolled-back transaction emitted', async () => {
    const scope = systemScope(database.db, A);
    await expect(
      scope.transaction(async (tx) => {
        tx.emit({ type: 'task', action: 'created', id: 't2' });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(scope.events).toHaveLength(0);
  });

  it("a Super Admin's scope on another company collects into the request's events", () => {
    const own = makeScope(database.db, { ...systemScope(database.db, A).actor, isSuperAdmin: true });
    scopeForCompany(own, B).emit({ type: 'project', action: 'updated', id: 'p9' });
    expect(own.events.map((e) => e.companyId)).toEqual([B]);
  });
});

describe('memory bus', () => {
  it("delivers a company's events to that company's subscribers only", () => {
    const bus = memoryBus();
    const seenA: LiveEvent[] = [];
    const seenB: LiveEvent[] = [];
    const offA = bus.subscribe(A, (e) => seenA.push(e));
    bus.subscribe(B, (e) => seenB.push(e));
    const event = (companyId: string): LiveEvent => ({
      companyId,
      type: 'task',
      action: 'updated',
      id: 'x',
      actorId: 'u',
      at: new Date().toISOString(),
    });
    bus.publish([event(A), event(B), event(A)]);
    expect(seenA).toHaveLength(2);
    expect(seenB).toHaveLength(1);
    offA();
    bus.publish([event(A)]);
    expect(seenA).toHaveLength(2);
  });
});

describe.runIf(!!process.env.REDIS_URL)('redis bus', () => {
  it("carries a company's events from one bus to another, to that company only, until unsubscribed", async () => {
    const url = process.env.REDIS_URL ?? '';
    const [one, two] = [redisBus(url), redisBus(url)];
    try {
      // Companies of this run only: other runs on the same Redis never interfere.
      const [a, b] = [crypto.randomUUID(), crypto.randomUUID()];
      const seenA: LiveEvent[] = [];
      const seenB: LiveEvent[] = [];
      const offA = two.subscribe(a, (e) => seenA.push(e));
      two.subscribe(b, (e) => seenB.push(e));
      await Promise.all([two.ready(a), two.ready(b)]);
      const event = (companyId: string, id: string): LiveEvent => ({
        companyId,
        type: 'task',
        action: 'updated',
        id,
        actorId: 'u',
        at: new Date().toISOString(),
      });
      one.publish([event(a, '1'), event(b, '2'), event(a, '3')]);
      await vi.waitFor(() => expect(seenA.map((e) => e.id)).toEqual(['1', '3']));
      await vi.waitFor(() => expect(seenB.map((e) => e.id)).toEqual(['2']));
      offA();
      one.publish([event(a, '4'), event(b, '5')]);
      await vi.waitFor(() => expect(seenB.map((e) => e.id)).toEqual(['2', '5']));
      expect(seenA.map((e) => e.id)).toEqual(['1', '3']);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});
