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

  const card = (title: string, statusName: string, sortOrder: number) =>
    buildTask(database.db, acme, { taskListId, title, statusName, sortOrder }).then((t) => t.taskId);

  /** Moves a card into In Review before `before`, as the tasks service does, in a transaction. */
  const move = (id: string, before: number) =>
    scope.transaction(async (tx) => {
      await tasksRepo.update(tx, id, { statusId: review });
      const row = await tasksRepo.setSortOrder(tx, id, await tasksRepo.place(tx, column(), before, id));
      if (!row) throw new Error('the moved card is gone');
    });
  const column = () => ({ projectId, statusId: review });
  const reviewColumn = async () =>
    rowsOf<{ title: string; sort_order: number }>(
      await database.db.execute(
        sql`select title, sort_order from tasks where company_id = ${acme.companyId}
            and project_id = ${projectId} and status_id = ${review} and parent_task_id is null
            order by sort_order, created_at, id`,
      ),
    );

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
});
