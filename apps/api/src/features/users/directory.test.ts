import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DIRECTORY_LIMIT } from '@taskhive/contract';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { systemScope } from '../../lib/scope.ts';
import { buildTestApp } from '../../test/build-app.ts';
import {
  bearer,
  buildCompany,
  buildUser,
  login,
  type Session,
  type TestCompany,
} from '../../test/factories.ts';
import { usersRepo } from './users.repo.ts';

let app: App;
let database: Database;
let acme: TestCompany;
let employee: Session;
let noRights: Session;
let commentReader: Session;
let otherAdmin: Session;

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  const db = database.db;
  acme = await buildCompany(db, { name: 'Dirco' });
  const other = await buildCompany(db, { name: 'Elsewhere' });
  employee = await login(app, (await buildUser(db, acme, { firstName: 'Erin', lastName: 'Employee' })).email);
  noRights = await login(app, (await buildUser(db, acme, { role: null, firstName: 'Nora' })).email);
  commentReader = await login(
    app,
    (await buildUser(db, acme, { role: null, permissions: ['comment:read'], firstName: 'Rita' })).email,
  );
  await buildUser(db, acme, { firstName: 'Marta', lastName: 'Moss' });
  await buildUser(db, acme, { firstName: 'Mark', lastName: 'Manager', role: 'manager' });
  await buildUser(db, acme, { firstName: 'Tom', lastName: 'Markham' });
  await buildUser(db, acme, { firstName: 'Mary', lastName: 'Gone', status: 'inactive' });
  await buildUser(db, acme, { firstName: 'Max', lastName: 'Invited', status: 'invited' });
  await buildUser(db, acme, { firstName: 'Omar', lastName: 'Kent' });
  await buildUser(db, other, { firstName: 'Marcus', lastName: 'Outsider' });
  otherAdmin = await login(app, other.adminEmail);
});
afterAll(() => app.close());

const get = (qs: string, s?: Session) =>
  app.inject({ method: 'GET', url: `/api/CompanyUsers/directory${qs}`, headers: s ? bearer(s) : {} });
type Entry = { userId: string; firstName: string; lastName: string; profilePhotoUrl: string | null };
const namesOf = (res: { json(): { data: Entry[] } }) =>
  res.json().data.map((u) => `${u.firstName} ${u.lastName}`);

describe('GET /api/CompanyUsers/directory', () => {
  it('401 without a token; 400 on a bad limit or search; 403 without comment:create or comment:read', async () => {
    expect((await get('')).statusCode).toBe(401);
    for (const qs of [
      '?limit=0',
      `?limit=${DIRECTORY_LIMIT.max + 1}`,
      '?limit=many',
      `?search=${'x'.repeat(101)}`,
    ]) {
      const res = await get(qs, employee);
      expect(res.statusCode, qs).toBe(400);
      expect(Object.keys(res.json().errors ?? {}).length, qs).toBeGreaterThan(0);
    }
    expect((await get('', noRights)).statusCode).toBe(403);
  });

  it("an employee without employee:read:all gets the company's active people: id, name and photo only", async () => {
    const res = await get('?search=mar', employee);
    expect(res.statusCode).toBe(200);
    // A name (first, last or full) starting with the term, case-insensitive; active users only.
    expect(namesOf(res)).toEqual(['Mark Manager', 'Marta Moss', 'Tom Markham']);
    for (const u of res.json().data as Entry[]) {
      expect(Object.keys(u).sort()).toEqual(['firstName', 'lastName', 'profilePhotoUrl', 'userId']);
    }
    expect(namesOf(await get('?search=marta%20m', employee))).toEqual(['Marta Moss']);
    // "contains" is not a match: Omar does not start with "mar".
    expect(namesOf(await get('?search=MAR', employee))).not.toContain('Omar Kent');
    // Pattern characters are literal.
    expect(namesOf(await get('?search=%25', employee))).toEqual([]);
  });

  it('is bounded: the default and the asked limit, in name order', async () => {
    const all = namesOf(await get('', commentReader));
    expect(all.length).toBeLessThanOrEqual(DIRECTORY_LIMIT.default);
    expect(all).toEqual([...all].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(namesOf(await get('?limit=2', commentReader))).toEqual(all.slice(0, 2));
    expect(all).not.toContain('Mary Gone');
    expect(all).not.toContain('Max Invited');
  });

  it('a name search is a range scan of the directory indexes of migration 0019, not a scan of the company', async () => {
    const big = await buildCompany(database.db, { name: 'Bigco' });
    await database.db.execute(sql`insert into users (company_id, email, first_name, last_name, status)
      select ${big.companyId}, 'u' || g || '@bigco.test', 'First' || g, 'Last' || g, 'active'
      from generate_series(1, 3000) g`);
    await database.db.execute(sql`analyze users`);
    const query = usersRepo.directory(systemScope(database.db, big.companyId), {
      search: 'first12',
      limit: 10,
    });
    // Both drivers (pg, PGlite) answer { rows }.
    const res = (await database.db.execute(sql`explain ${query}`)) as { rows: Record<string, string>[] };
    const plan = res.rows.map((r) => Object.values(r).join(' ')).join('\n');
    // The prefix is the index's range (~>=~ … ~<~), on each of the two names.
    expect(plan).toMatch(/Index Scan on users_directory_name_idx[\s\S]*Index Cond: .*~>=~ 'first12'/);
    // The last name's range may come from the employee list's sort index of the lowered last
    // name (migration 0040) where the database's collation is C (as here): the same range, with
    // the plain operators.
    expect(plan).toMatch(
      /Index Scan on (users_directory_last_name_idx[\s\S]*Index Cond: .*~>=~ 'first12'|users_company_last_name_sort_idx[\s\S]*Index Cond: .*lower\(last_name\) >= 'first12'.*lower\(last_name\) < 'first13')/,
    );
  });

  it("never answers another company's people (a tenant sees only its own)", async () => {
    expect(namesOf(await get('?search=marcus', employee))).toEqual([]);
    const theirs = await get('?search=mar', otherAdmin);
    expect(theirs.statusCode).toBe(200);
    expect(namesOf(theirs)).toEqual(['Marcus Outsider']);
  });
});
