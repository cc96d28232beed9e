import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { type Database, rowsOf } from '../../db/client.ts';
import { retryTransaction } from '../../lib/retry.ts';
import { type Scope, systemScope } from '../../lib/scope.ts';
import { buildTestApp } from '../../test/build-app.ts';
import {
  buildProject,
  buildTask,
  buildTaskList,
  statusIdOf,
  type TestCompany,
  twoTenants,
} from '../../test/factories.ts';
import { tasksRepo } from './tasks.repo.ts';

// Two transactions at once need two sessions: PGlite serves one, so this runs on PostgreSQL.
const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)('placing cards in one column at once (PostgreSQL)', () => {
  let app: App;
  let database: Database;
  let acme: TestCompany;
  let scope: Scope;
  let projectId: string;
  let taskListId: string;
  let review: string;

  beforeAll(async () => {
    ({ app, database } = await buildTestApp());
    ({ acme } = await twoTenants(app, database.db));
    scope = systemScope(database.db, acme.companyId);
    ({ projectId } = await buildProject(database.db, acme, { memberIds: [acme.adminUserId] }));
    ({ taskListId } = await buildTaskList(database.db, acme, { projectId }));
    review = await statusIdOf(database.db, acme.companyId, 'In Review');
  });
  afterAll(() => app.close());

  const card = (title: string, statusName: string, sortOrder: number, listId = taskListId) =>
    buildTask(database.db, acme, { taskListId: listId, title, statusName, sortOrder }).then((t) => t.taskId);

  /**
   * Moves a card into In Review before `before`, as the tasks service does: in a transaction under
   * `retryTransaction`, a retried attempt placing with the column alone. `attempts` collects the
   * attempts made; `hold` keeps the transaction open (its locks held) after the write until it
   * resolves, and `placed` hears the key written.
   */
  const move = (
    id: string,
    before: number,
    o: { project?: string; attempts?: number[]; hold?: Promise<void>; placed?: (key: number) => void } = {},
  ) =>
    retryTransaction((attempt) => {
      o.attempts?.push(attempt);
      return scope.transaction(async (tx) => {
        await tasksRepo.update(tx, id, { statusId: review });
        const key = await tasksRepo.place(tx, column(o.project), before, id, attempt > 1);
        const row = await tasksRepo.setSortOrder(tx, id, key);
        if (!row) throw new Error('the moved card is gone');
        o.placed?.(row.sortOrder);
        await o.hold;
      });
    });
  const column = (project = projectId) => ({ projectId: project, statusId: review });
  const reviewColumn = async (project = projectId) =>
    rowsOf<{ title: string; sort_order: number }>(
      await database.db.execute(
        sql`select title, sort_order from tasks where company_id = ${acme.companyId}
            and project_id = ${project} and status_id = ${review} and parent_task_id is null
            order by sort_order, created_at, id`,
      ),
    );
  /** A project of its own with one list: an empty In Review column for one test. */
  const freshColumn = async () => {
    const project = await buildProject(database.db, acme, { memberIds: [acme.adminUserId] });
    const list = await buildTaskList(database.db, acme, { projectId: project.projectId });
    return { project: project.projectId, list: list.taskListId };
  };
  /** A gate: `hold` stays pending until `open()`. */
  const gate = () => {
    let open = () => {};
    const hold = new Promise<void>((resolve) => (open = resolve));
    return { hold, open };
  };
  /** Settles with 'done', or 'waiting' if `work` has not settled within `ms`. */
  const within = (work: Promise<unknown>, ms: number) =>
    Promise.race([
      work.then(() => 'done' as const),
      new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), ms)),
    ]);

  it('twenty moves into one column at once, before four cards: every key its own, the order of the others kept', async () => {
    const targets = [] as number[];
    for (const [i, title] of ['P', 'Q', 'R', 'S'].entries()) {
      await card(title, 'In Review', i * 1024);
      targets.push(i * 1024);
    }
    const movers = await Promise.all(Array.from({ length: 20 }, (_, i) => card(`M${i}`, 'Open', i * 1024)));
    await Promise.all(movers.map((id, i) => move(id, targets[i % targets.length] ?? 0)));

    const rows = await reviewColumn();
    expect(rows).toHaveLength(24);
    expect(new Set(rows.map((r) => r.sort_order)).size).toBe(24);
    expect(rows.filter((r) => !r.title.startsWith('M')).map((r) => r.title)).toEqual(['P', 'Q', 'R', 'S']);
    // Each mover sits before the card it was placed before: M0, M4, ... before P (the front).
    const at = (title: string) => rows.findIndex((r) => r.title === title);
    for (let i = 0; i < 20; i++) {
      const target = ['P', 'Q', 'R', 'S'][i % 4] ?? 'P';
      expect(at(`M${i}`)).toBeLessThan(at(target));
      const previous = ['P', 'Q', 'R', 'S'][(i % 4) - 1];
      if (previous) expect(at(`M${i}`)).toBeGreaterThan(at(previous));
    }
  });

  it('a placement does not wait for another in the same column, nor for one that took the same key', async () => {
    const { project, list } = await freshColumn();
    for (const [i, title] of ['P', 'Q', 'R'].entries()) await card(title, 'In Review', i * 1024, list);
    const [m1, m2, m3] = await Promise.all(['M1', 'M2', 'M3'].map((t, i) => card(t, 'Open', i, list)));
    if (!m1 || !m2 || !m3) throw new Error('no movers');

    // M1 takes the midpoint before Q (512) and keeps its transaction open, its locks held.
    const first = gate();
    let firstKey = 0;
    let held: Promise<unknown> = Promise.resolve();
    await new Promise<void>((resolve) => {
      held = move(m1, 1024, { project, hold: first.hold, placed: (k) => ((firstKey = k), resolve()) });
      void held.catch(() => resolve());
    });
    expect(firstKey).toBe(512);

    // While the column's lock was exclusive, both of these waited for M1's commit.
    expect(await within(move(m2, 2048, { project }), 10_000)).toBe('done');
    expect(await within(move(m3, 1024, { project }), 10_000)).toBe('done');
    first.open();
    await held;

    const rows = await reviewColumn(project);
    expect(new Set(rows.map((r) => r.sort_order)).size).toBe(6);
    const titles = rows.map((r) => r.title);
    // M1 and M3 both asked for the place just before Q: either order is that place.
    expect([titles[0], [titles[1], titles[2]].sort(), ...titles.slice(3)]).toEqual([
      'P',
      ['M1', 'M3'],
      'Q',
      'M2',
      'R',
    ]);
  });

  it('no room left under the shared lock: the placement starts again and takes the column alone, never upgrading', async () => {
    const { project, list } = await freshColumn();
    await card('A', 'In Review', 0, list);
    await card('B', 'In Review', 2, list);
    const m1 = await card('M1', 'Open', 0, list);
    const m2 = await card('M2', 'Open', 1, list);

    // M1 takes the only key between A and B (1) and keeps its transaction open.
    const first = gate();
    let held: Promise<unknown> = Promise.resolve();
    await new Promise<void>((resolve) => {
      held = move(m1, 2, { project, hold: first.hold, placed: () => resolve() });
      void held.catch(() => resolve());
    });
    // M2 finds key 1 claimed and no other: it restarts, then waits for the column alone.
    const attempts: number[] = [];
    const second = move(m2, 2, { project, attempts });
    const lockName = `${acme.companyId}:col:${project}:${review}`;
    for (let i = 0; i < 200; i++) {
      const [w] = rowsOf<{ waiting: boolean }>(
        await database.db.execute(sql`select exists (select from pg_locks where locktype = 'advisory'
          and not granted and mode = 'ExclusiveLock'
          and ((classid::bigint << 32) | objid::bigint) = hashtextextended(${lockName}, 0)) as waiting`),
      );
      if (w?.waiting) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(attempts).toEqual([1, 2]);
    first.open();
    await Promise.all([held, second]);

    const rows = await reviewColumn(project);
    expect(rows.map((r) => r.title)).toEqual(['A', 'M1', 'M2', 'B']);
    expect(new Set(rows.map((r) => r.sort_order)).size).toBe(4);
  });

  it('ten moves at once into a gap with no room: the column is taken alone and renumbered, the order right', async () => {
    const { project, list } = await freshColumn();
    await card('A', 'In Review', 0, list);
    await card('B', 'In Review', 1, list);
    const movers = await Promise.all(Array.from({ length: 10 }, (_, i) => card(`M${i}`, 'Open', i, list)));
    await Promise.all(movers.map((id) => move(id, 1, { project })));

    const rows = await reviewColumn(project);
    expect(rows).toHaveLength(12);
    expect(new Set(rows.map((r) => r.sort_order)).size).toBe(12);
    expect(rows[0]?.title).toBe('A');
    expect(rows[11]?.title).toBe('B');
  });
});
