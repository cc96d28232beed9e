import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-app.ts';
import {
  buildUser,
  callOk,
  type OkCall,
  type Session,
  sqlRows,
  type TestCompany,
  twoTenants,
} from '../../test/factories.ts';

/**
 * The user tallies (migration 0046) against a recount of `users`, per (company, status): after an
 * invitation, a change of status, a deactivation, a statement inserting several people, a person
 * moved to another company and a delete; and the employee list's total, read from them when no
 * filter but status is set, equals the list's own rows. On PostgreSQL, 12 invitations at once.
 */

let app: App;
let database: Database;
let acme: TestCompany;
let other: TestCompany;
let admin: Session;

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  ({ acme, other, admin } = await twoTenants(app, database.db));
});
afterAll(() => app.close());

const call = (c: OkCall) => callOk(app, admin, c);
const rows = <R>(q: SQL) => sqlRows<R>(database.db, q);

/** Keys whose tallies differ from a recount of the people (empty when they agree). */
function drift() {
  return rows<{ key: string; tally: string | null; truth: string | null }>(sql`
    with truth as (
      select company_id, status, count(*) as n from users group by 1, 2
    ), tally as (
      select company_id, status, sum(user_count) as n from user_status_tallies group by 1, 2
    )
    select concat_ws('/', coalesce(t.company_id, y.company_id), coalesce(t.status, y.status)) as key,
           y.n::text as tally, t.n::text as truth
      from truth t full join tally y on t.company_id = y.company_id and t.status = y.status
     where coalesce(t.n, 0) <> coalesce(y.n, 0)`);
}

/** The employee list's total and its rows' count, for one query string (a page large enough for all). */
async function listed(q = '') {
  const page = (await call({ method: 'GET', url: `/api/CompanyUsers/details?pageSize=100${q}` })) as {
    items: unknown[];
    totalCount: number;
  };
  return { total: page.totalCount, rows: page.items.length };
}

describe('user tallies', () => {
  it('follow every change of a company’s people, and give the employee list its total', async () => {
    expect(await drift()).toEqual([]);

    // An invitation through the API, people of each status, and several in one statement.
    const invited = (await call({
      method: 'POST',
      url: '/api/CompanyUsers',
      payload: { firstName: 'New', lastName: 'Hire', email: 'new-hire@tallies.test' },
    })) as { userId: string };
    await buildUser(database.db, acme, { status: 'inactive' });
    const later = await buildUser(database.db, acme, { status: 'invited' });
    await database.db.insert(users).values(
      ['a', 'b', 'c'].map((n) => ({
        companyId: acme.companyId,
        email: `bulk-${n}@tallies.test`,
        firstName: 'Bulk',
        lastName: n,
        status: 'active',
      })),
    );
    expect(await drift()).toEqual([]);

    // A change of status through the API (a name change counts nothing), and a deactivation.
    await call({
      method: 'PUT',
      url: `/api/CompanyUsers/user/${invited.userId}`,
      payload: { lastName: 'Renamed' },
    });
    await call({
      method: 'PUT',
      url: `/api/CompanyUsers/user/${later.userId}`,
      payload: { status: 'inactive' },
    });
    await call({ method: 'DELETE', url: `/api/CompanyUsers/user/${invited.userId}` });
    expect(await drift()).toEqual([]);

    // A person moved to another company, and people deleted.
    const moved = await buildUser(database.db, acme);
    await rows(
      sql`update users set company_id = ${other.companyId}, role_id = null where id = ${moved.userId}`,
    );
    await rows(sql`delete from users where email like 'bulk-%@tallies.test'`);
    expect(await drift()).toEqual([]);

    // The employee list's total, unfiltered and by status, is its rows'.
    for (const q of ['', '&statusNames=active', '&statusNames=inactive,invited', '&search=Bulk']) {
      const { total, rows: n } = await listed(q);
      expect({ q, total }).toEqual({ q, total: n });
    }
    const all = await listed();
    const [count] = await rows<{ n: number }>(
      sql`select count(*)::int as n from users where company_id = ${acme.companyId}`,
    );
    expect(all.total).toBe(count?.n);
    expect((await listed('&statusNames=inactive')).total).toBeGreaterThanOrEqual(2);
  });

  it.runIf(process.env.DATABASE_URL)('stay right with 12 invitations at once', async () => {
    const before = (await listed()).total;
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call({
          method: 'POST',
          url: '/api/CompanyUsers',
          payload: { firstName: 'Crowd', lastName: `${i}`, email: `crowd-${i}@tallies.test` },
        }),
      ),
    );
    expect(await drift()).toEqual([]);
    expect((await listed()).total).toBe(before + 12);
  });
});
