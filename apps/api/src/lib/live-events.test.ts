import { beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { workerDatabase } from '../test/build-app.ts';
import { buildCompany, sqlRows } from '../test/factories.ts';
import { type LiveEvent, memoryBus, redisBus } from './live-events.ts';
import { makeScope, scopeForCompany, systemScope } from './scope.ts';

let database: Database;
beforeAll(async () => {
  database = await workerDatabase();
});

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

/** Two real companies: a change row references its company. */
let a: string;
let b: string;
beforeAll(async () => {
  a = (await buildCompany(database.db)).companyId;
  b = (await buildCompany(database.db)).companyId;
});
const changeRows = async (companyId: string) =>
  sqlRows<{ type: string; entity_id: string }>(
    database.db,
    sql`select type, entity_id from changes where company_id = ${companyId} order by seq`,
  );

describe('scope events', () => {
  it('keeps what a committed transaction emitted, with company, actor, time and its change row', async () => {
    const scope = systemScope(database.db, a);
    await scope.transaction(async (tx) => {
      await tx.db.execute(sql`select 1`);
      tx.emit({ type: 'task', action: 'updated', id: 't1', projectId: null });
    });
    expect(scope.events).toHaveLength(1);
    expect(scope.events[0]).toMatchObject({ companyId: a, type: 'task', id: 't1', projectId: null });
    const [event] = scope.events;
    expect(event?.actorId).toBe(scope.actor.userId);
    expect(Number.isNaN(Date.parse(event?.at ?? ''))).toBe(false);
    // Written to the change log in the transaction: the event names its row.
    expect(event?.changeId).toMatch(/^\d+$/);
    expect(await changeRows(a)).toContainEqual({ type: 'task', entity_id: 't1' });
  });

  it('drops what a rolled-back transaction emitted, and writes no change row', async () => {
    const scope = systemScope(database.db, a);
    const before = (await changeRows(a)).length;
    await expect(
      scope.transaction(async (tx) => {
        tx.emit({ type: 'task', action: 'created', id: 't2' });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(scope.events).toHaveLength(0);
    expect(await changeRows(a)).toHaveLength(before);
  });

  it("a savepoint's changes join the outer transaction's; a failed savepoint's are dropped", async () => {
    const scope = systemScope(database.db, a);
    await scope.transaction(async (tx) => {
      tx.emit({ type: 'task', action: 'updated', id: 'outer' });
      await tx.transaction(async (inner) => inner.emit({ type: 'task', action: 'updated', id: 'inner' }));
      await tx
        .transaction(async (inner) => {
          inner.emit({ type: 'task', action: 'updated', id: 'failed' });
          throw new Error('inner boom');
        })
        .catch(() => undefined);
    });
    expect(scope.events.map((e) => e.id)).toEqual(['outer', 'inner']);
    expect(scope.events.every((e) => e.changeId)).toBe(true);
    const ids = (await changeRows(a)).map((r) => r.entity_id);
    expect(ids).toEqual(expect.arrayContaining(['outer', 'inner']));
    expect(ids).not.toContain('failed');
  });

  it('an emit outside a transaction is refused: there is nothing to write its change with', () => {
    const scope = systemScope(database.db, A);
    expect(() => scope.emit({ type: 'task', action: 'updated', id: 'x' })).toThrow(/outside a transaction/);
  });

  it("a Super Admin's scope on another company collects into the request's events", async () => {
    const own = makeScope(database.db, { ...systemScope(database.db, a).actor, isSuperAdmin: true });
    await own.transaction(async (tx) =>
      scopeForCompany(tx, b).emit({ type: 'project', action: 'updated', id: 'p9' }),
    );
    expect(own.events.map((e) => e.companyId)).toEqual([b]);
    expect(await changeRows(b)).toContainEqual({ type: 'project', entity_id: 'p9' });
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
