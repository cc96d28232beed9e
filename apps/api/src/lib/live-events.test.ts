import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { workerDatabase } from '../test/build-app.ts';
import { type LiveEvent, memoryBus } from './live-events.ts';
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
