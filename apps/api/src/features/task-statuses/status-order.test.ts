import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { DEFAULT_TASK_STATUSES } from '@taskhive/contract';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { pendingMigrations } from '../../db/migrate.ts';
import { taskStatuses } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-app.ts';
import { bearer, buildCompany, login, type TestCompany } from '../../test/factories.ts';

/**
 * The statuses' order (issue 23, defect 15): Not Started first, for new companies (the master list)
 * and, through migration 0024, for companies that still had the old default order.
 */

let app: App;
let database: Database;

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
});
afterAll(() => app.close());

/** The order the master list had before 0024: Not Started fourth. */
const OLD_ORDER = ['Open', 'In Progress', 'In Review', 'Not Started', 'Delayed', 'Completed', 'Cancelled'];
const NEW_ORDER = ['Not Started', 'Open', 'In Progress', 'In Review', 'Delayed', 'Completed', 'Cancelled'];

const namesInOrder = async (company: TestCompany) =>
  (
    await database.db
      .select({ name: taskStatuses.name })
      .from(taskStatuses)
      .where(eq(taskStatuses.companyId, company.companyId))
      .orderBy(asc(taskStatuses.sortOrder), asc(taskStatuses.name))
  ).map((s) => s.name);

/** Gives the company's statuses the sort orders 1, 2, … in the order of `names`. */
async function setOrder(company: TestCompany, names: string[]) {
  for (const [i, name] of names.entries()) {
    await database.db
      .update(taskStatuses)
      .set({ sortOrder: i + 1 })
      .where(and(eq(taskStatuses.companyId, company.companyId), eq(taskStatuses.name, name)));
  }
}

/** Runs migration 0024's statements again, as a database still on the old order would. */
async function runMigration0024() {
  const m = pendingMigrations().find((x) => x.tag === '0024_status_order');
  if (!m) throw new Error('no migration 0024_status_order');
  for (const stmt of m.sql.split('--> statement-breakpoint')) {
    if (stmt.trim()) await database.db.execute(sql.raw(stmt));
  }
}

describe('task status order', () => {
  it('a new company gets Not Started first, and GET /api/Taskstatuses answers in that order', async () => {
    expect(DEFAULT_TASK_STATUSES.map((s) => s.name)).toEqual(NEW_ORDER);
    const company = await buildCompany(database.db);
    expect(await namesInOrder(company)).toEqual(NEW_ORDER);
    const res = await app.inject({
      method: 'GET',
      url: '/api/Taskstatuses',
      headers: bearer(await login(app, company.adminEmail)),
    });
    expect(res.json().data.map((s: { name: string }) => s.name)).toEqual(NEW_ORDER);
  });

  it('migration 0024 moves Not Started first where the old default order is intact, and nowhere else', async () => {
    const onOldOrder = await buildCompany(database.db);
    await setOrder(onOldOrder, OLD_ORDER);
    // A status of its own after the seventh: the defaults still hold their old places.
    const withExtra = await buildCompany(database.db);
    await setOrder(withExtra, OLD_ORDER);
    await database.db
      .insert(taskStatuses)
      .values({ companyId: withExtra.companyId, name: 'Parked', color: '#123456', sortOrder: 8 });
    // Reordered by its admin (In Review before In Progress): its own order, left alone.
    const reordered = await buildCompany(database.db);
    const own = ['Open', 'In Review', 'In Progress', 'Not Started', 'Delayed', 'Completed', 'Cancelled'];
    await setOrder(reordered, own);
    // Renamed: Open is called To Do there, so it is not the default list any more.
    const renamed = await buildCompany(database.db);
    await setOrder(renamed, OLD_ORDER);
    await database.db
      .update(taskStatuses)
      .set({ name: 'To Do' })
      .where(and(eq(taskStatuses.companyId, renamed.companyId), eq(taskStatuses.name, 'Open')));
    // Already on the new order (a company made after the change).
    const fresh = await buildCompany(database.db);

    await runMigration0024();

    expect(await namesInOrder(onOldOrder)).toEqual(NEW_ORDER);
    expect(await namesInOrder(withExtra)).toEqual([...NEW_ORDER, 'Parked']);
    expect(await namesInOrder(reordered)).toEqual(own);
    expect(await namesInOrder(renamed)).toEqual(['To Do', ...OLD_ORDER.slice(1)]);
    expect(await namesInOrder(fresh)).toEqual(NEW_ORDER);
    const orders = await database.db
      .select({ sortOrder: taskStatuses.sortOrder })
      .from(taskStatuses)
      .where(eq(taskStatuses.companyId, onOldOrder.companyId))
      .orderBy(asc(taskStatuses.sortOrder));
    expect(orders.map((o) => o.sortOrder)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});
