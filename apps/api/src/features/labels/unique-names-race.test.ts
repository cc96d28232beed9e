import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { buildTestApp } from '../../test/build-app.ts';
import { bearer, buildCompany, login, type Session } from '../../test/factories.ts';

/**
 * Issue 26's names that are unique per company (labels, custom fields) or per owner and place
 * (saved views), asked for twenty times at once: the unique index decides, so exactly one request
 * creates and the nineteen others answer 409 on `name` (never 500, never two rows). On PostgreSQL
 * the twenty run on separate connections; PGlite, one connection, takes them in turn (same answer).
 */
let app: App;
let database: Database;
let admin: Session;

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  const acme = await buildCompany(database.db);
  admin = await login(app, acme.adminEmail);
});
afterAll(() => app.close());

async function twentyAtOnce(url: string, body: (i: number) => object) {
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      app.inject({ method: 'POST', url, headers: bearer(admin), payload: body(i) }),
    ),
  );
  const codes = answers.map((r) => r.statusCode).sort();
  const refused = answers.filter((r) => r.statusCode === 409);
  for (const r of refused) expect(Object.keys(r.json().errors ?? {})).toEqual(['name']);
  return codes;
}

const ONE_CREATED = [201, ...Array.from({ length: 19 }, () => 409)].sort();

describe('twenty creates of one name at once (issue 26)', () => {
  it('labels: one 201, nineteen 409 on name, one row', async () => {
    const codes = await twentyAtOnce('/api/Labels', (i) => ({
      // The same name in other cases: unique without case.
      name: i % 2 ? 'Urgent fix' : 'URGENT FIX',
      color: 'red',
    }));
    expect(codes).toEqual(ONE_CREATED);
    const list = await app.inject({ method: 'GET', url: '/api/Labels', headers: bearer(admin) });
    const names = (list.json().data as { name: string }[]).map((l) => l.name.toLowerCase());
    expect(names.filter((n) => n === 'urgent fix')).toHaveLength(1);
  });

  it('custom fields: one 201, nineteen 409 on name, one field', async () => {
    const codes = await twentyAtOnce('/api/CustomFields', () => ({ name: 'Story points', type: 'number' }));
    expect(codes).toEqual(ONE_CREATED);
    const list = await app.inject({ method: 'GET', url: '/api/CustomFields', headers: bearer(admin) });
    const names = (list.json().data as { name: string }[]).map((f) => f.name);
    expect(names.filter((n) => n === 'Story points')).toHaveLength(1);
  });

  it('saved views: one 201, nineteen 409 on name, one view in the place', async () => {
    const codes = await twentyAtOnce('/api/SavedViews', () => ({
      place: 'my-tasks',
      name: 'Due this week',
      layout: 'list',
      query: 'due=week',
    }));
    expect(codes).toEqual(ONE_CREATED);
    const list = await app.inject({
      method: 'GET',
      url: '/api/SavedViews?place=my-tasks',
      headers: bearer(admin),
    });
    const views = list.json().data as { name: string }[] | { items: { name: string }[] };
    const items = Array.isArray(views) ? views : views.items;
    expect(items.filter((v) => v.name === 'Due this week')).toHaveLength(1);
  });
});
