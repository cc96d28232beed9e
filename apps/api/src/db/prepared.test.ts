import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { preparedName, runPrepared } from './prepared.ts';
import { priorities } from './schema/index.ts';
import { workerDatabase } from '../test/build-app.ts';

/**
 * db/prepared.ts: a hot statement runs as a named prepared statement whose name carries its text's
 * hash, so one base name with two shapes of statement never reuses a name for another text (the
 * driver would refuse it), on both databases, past the runs after which PostgreSQL keeps a generic
 * plan.
 */
describe('prepared statements', () => {
  it('names a text the same every time, another text otherwise, within 63 bytes', () => {
    const a = preparedName('task_by_id', 'select 1');
    expect(preparedName('task_by_id', 'select 1')).toBe(a);
    expect(preparedName('task_by_id', 'select 2')).not.toBe(a);
    expect(a.startsWith('task_by_id_')).toBe(true);
    expect(Buffer.byteLength(preparedName('x'.repeat(80), 'select 1'))).toBeLessThanOrEqual(63);
  });

  it('builds the statement once for its name and its preparation (issue 28)', async () => {
    const { db } = await workerDatabase();
    const [first] = await db.select({ name: priorities.name }).from(priorities).orderBy(priorities.sortOrder);
    const query = db
      .select({ name: priorities.name })
      .from(priorities)
      .where(eq(priorities.name, first?.name ?? ''));
    const dialect = (query as unknown as { dialect: { sqlToQuery(s: unknown): unknown } }).dialect;
    const builds = vi.spyOn(dialect, 'sqlToQuery');
    try {
      expect(await runPrepared('priority_by_name', query)).toEqual([{ name: first?.name }]);
      expect(builds).toHaveBeenCalledTimes(1);
    } finally {
      builds.mockRestore();
    }
  });

  it('runs two shapes under one base name, each many times, with the right rows', async () => {
    const { db } = await workerDatabase();
    const all = await db.select({ name: priorities.name }).from(priorities).orderBy(priorities.sortOrder);
    expect(all.length).toBeGreaterThan(1);
    const [first, second] = all;
    for (let i = 0; i < 8; i++) {
      const byName = (name: string) =>
        db.select({ name: priorities.name }).from(priorities).where(eq(priorities.name, name));
      const shaped = (name: string) =>
        db
          .select({ name: priorities.name })
          .from(priorities)
          .where(sql`${priorities.name} = ${name} and ${priorities.sortOrder} > -1`);
      const name = i % 2 === 0 ? first?.name : second?.name;
      expect(await runPrepared('priority_by_name', byName(name ?? ''))).toEqual([{ name }]);
      expect(await runPrepared('priority_by_name', shaped(name ?? ''))).toEqual([{ name }]);
    }
  });
});
