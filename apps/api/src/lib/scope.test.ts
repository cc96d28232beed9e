import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { tasks } from '../db/schema/index.ts';
import { taskStatusesService } from '../features/task-statuses/task-statuses.service.ts';
import { workerDatabase } from '../test/build-app.ts';
import { buildCompany } from '../test/factories.ts';
import { requestScope, systemScope } from './scope.ts';

describe('a tenant request scope (requestScope, issue 28)', () => {
  /** A source that counts how often its handle is asked for (the request's transaction in the app). */
  function counting(db: Db) {
    const source = {
      made: 0,
      get db() {
        source.made++;
        return db;
      },
    };
    return source;
  }

  it('asks for its handle only when a statement needs it, and once', async () => {
    const database = await workerDatabase();
    const company = await buildCompany(database.db);
    const source = counting(database.db);
    const scope = requestScope(source, systemScope(database.db, company.companyId).actor, database.db);
    // What a route that touches no table uses: no handle made.
    expect(scope.companyId).toBe(company.companyId);
    expect(scope.platformDb).toBe(database.db);
    expect(scope.own(tasks)).toBeDefined();
    expect(scope.values({ title: 'x' })).toEqual({ title: 'x', companyId: company.companyId });
    expect(scope.inTransaction).toBe(false);
    expect(scope.events).toEqual([]);
    // The priorities are platform reference data, read once per database through the platform handle.
    expect((await taskStatusesService.priorities(scope)).length).toBeGreaterThan(0);
    expect(source.made).toBe(0);
    // The first statement asks for it; later ones reuse it.
    await scope.db.execute(sql`select 1`);
    await scope.db.execute(sql`select 1`);
    expect(source.made).toBe(1);
  });

  it("keeps the owner's handle as the platform handle of its transaction's scopes", async () => {
    const database = await workerDatabase();
    const company = await buildCompany(database.db);
    const owner = database.db;
    // Stands for the request's transaction: on the embedded database only the owner's handle exists.
    const source = counting(owner);
    const scope = requestScope(source, systemScope(owner, company.companyId).actor, owner);
    let inner: { platformDb: Db; db: Db } | undefined;
    await scope.transaction(async (tx) => {
      inner = { platformDb: tx.platformDb, db: tx.db };
    });
    expect(source.made).toBe(1);
    expect(inner?.platformDb).toBe(owner);
    expect(inner?.db).not.toBe(owner);
    expect(scope.on(owner).platformDb).toBe(owner);
  });
});
