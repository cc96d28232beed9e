import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { type Database, rowsOf } from '../../db/client.ts';
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

describe.skipIf(!onPostgres)('placing cards in one column at once (PostgreSQL, issue 28)', () => {
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

  const card = (title: string, statusName: string, sortOrder: number) =>
    buildTask(database.db, acme, { taskListId, title, statusName, sortOrder }).then((t) => t.taskId);

  /** Moves a card into In Review before `before` in a transaction held open until released. */
  function openMove(id: string, before: number) {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let placed: (key: number) => void = () => {};
    const key = new Promise<number>((resolve) => (placed = resolve));
    const done = scope.transaction(async (tx) => {
      await tasksRepo.update(tx, id, { statusId: review });
      const row = await tasksRepo.setSortOrder(tx, id, await tasksRepo.place(tx, column(), before, id));
      if (!row) throw new Error('the moved card is gone');
      placed(row.sortOrder);
      await gate;
    });
    return { key, release, done };
  }
  const column = () => ({ projectId, statusId: review });
  const waitingForALock = async () =>
    Number(
      rowsOf<{ n: string }>(
        await database.db.execute(
          sql`select count(*) as n from pg_locks where locktype = 'advisory' and not granted
              and database = (select oid from pg_database where datname = current_database())`,
        ),
      )[0]?.n,
    );
  const reviewColumn = async () =>
    rowsOf<{ title: string; sort_order: number }>(
      await database.db.execute(
        sql`select title, sort_order from tasks where company_id = ${acme.companyId}
            and project_id = ${projectId} and status_id = ${review} and parent_task_id is null
            order by sort_order, created_at, id`,
      ),
    );

  it('a move into another gap does not wait for an open one; one after the same key waits for it, then takes another', async () => {
    for (const [i, title] of ['A', 'B', 'C', 'D', 'E'].entries()) await card(title, 'In Review', i * 1024);
    const x = await card('X', 'Open', 0);
    const y = await card('Y', 'Open', 1024);
    const z = await card('Z', 'Open', 2048);

    // X before C (key 2048): the midpoint of B and C, held open.
    const first = openMove(x, 2048);
    expect(await first.key).toBe(1536);
    // Y before E, in the same column, while X's transaction is open: it does not wait (before
    // issue 28 every placement in a column waited for the column's lock until the other committed).
    const other = openMove(y, 4096);
    expect(await other.key).toBe(3584);
    other.release();
    await other.done;

    // Z before C as well: the same key, which X's open transaction has claimed. It waits...
    const same = openMove(z, 2048);
    await expect.poll(waitingForALock).toBe(1);
    // ...and once X commits, reads again and lands between X and C.
    first.release();
    await first.done;
    expect(await same.key).toBe(1792);
    same.release();
    await same.done;

    const rows = await reviewColumn();
    expect(rows.map((r) => r.title)).toEqual(['A', 'B', 'X', 'Z', 'C', 'D', 'Y', 'E']);
    expect(new Set(rows.map((r) => r.sort_order)).size).toBe(rows.length);
  });

  it('twenty moves into one column at once, before four cards: every key its own, the order of the others kept', async () => {
    await database.db.execute(
      sql`update tasks set status_id = (select id from task_statuses where company_id = ${acme.companyId}
          and name = 'Open') where company_id = ${acme.companyId} and project_id = ${projectId}`,
    );
    const targets = [] as number[];
    for (const [i, title] of ['P', 'Q', 'R', 'S'].entries()) {
      await card(title, 'In Review', i * 1024);
      targets.push(i * 1024);
    }
    const movers = await Promise.all(Array.from({ length: 20 }, (_, i) => card(`M${i}`, 'Open', i * 1024)));
    const moves = movers.map((id, i) => {
      const move = openMove(id, targets[i % targets.length] ?? 0);
      move.release();
      return move.done;
    });
    await Promise.all(moves);

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
});
