import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SAVED_VIEW_MESSAGES, SAVED_VIEWS_PER_PLACE } from '@taskhive/contract';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { buildTestApp } from '../../test/build-app.ts';
import {
  bearer,
  buildProject,
  buildUser,
  login,
  type Session,
  sqlRows,
  type TestCompany,
  twoTenants,
} from '../../test/factories.ts';

let app: App;
let database: Database;
let acme: TestCompany;
let admin: Session;
let employee: Session;
let manager: Session;
let colleague: Session;
let otherAdmin: Session;
let noTasks: Session;
/** The employee, the colleague and the manager are members; hidden has the admin alone. */
let project: string;
let hidden: string;
let foreign: string;

type View = {
  viewId: string;
  place: string;
  name: string;
  layout: string;
  query: string;
  shared: boolean;
  ownerId: string;
  ownerName: string;
  mine: boolean;
  canEdit: boolean;
};

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, s?: Session, payload?: object) =>
  app.inject({ method, url, headers: s ? bearer(s) : {}, ...(payload ? { payload } : {}) });

async function create(s: Session, body: Record<string, unknown>): Promise<View> {
  const res = await call('POST', '/api/SavedViews', s, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as View;
}

async function list(s: Session, place: string): Promise<View[]> {
  const res = await call('GET', `/api/SavedViews?place=${place}`, s);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items as View[];
}

const countViews = async () =>
  (await sqlRows<{ n: number }>(database.db, sql`select count(*)::int as n from saved_views`))[0]?.n;

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  let employeeId: string;
  ({ acme, admin, employee, employeeId, otherAdmin } = await twoTenants(app, database.db, {
    employee: { firstName: 'Emma', lastName: 'Employee' },
  }));
  const m = await buildUser(database.db, acme, { role: 'manager', firstName: 'Max', lastName: 'Manager' });
  manager = await login(app, m.email);
  const c = await buildUser(database.db, acme, { firstName: 'Cole', lastName: 'Colleague' });
  colleague = await login(app, c.email);
  const u = await buildUser(database.db, acme, { role: null, permissions: ['project:read'] });
  noTasks = await login(app, u.email);
  project = (
    await buildProject(database.db, acme, {
      code: 'VIEW',
      memberIds: [acme.adminUserId, employeeId, c.userId, m.userId],
    })
  ).projectId;
  hidden = (await buildProject(database.db, acme, { code: 'HIDV', memberIds: [acme.adminUserId] })).projectId;
  const other = (await twoTenants(app, database.db)).acme;
  foreign = (await buildProject(database.db, other, { code: 'FORV', memberIds: [other.adminUserId] }))
    .projectId;
});
afterAll(() => app.close());

describe('POST /api/SavedViews', () => {
  it('401 without a token', async () => {
    expect((await call('POST', '/api/SavedViews', undefined, {})).statusCode).toBe(401);
  });

  it('403 without task:read', async () => {
    const res = await call('POST', '/api/SavedViews', noTasks, {
      place: 'my-tasks',
      name: 'Mine',
      layout: 'list',
      query: '',
    });
    expect(res.statusCode).toBe(403);
  });

  it('400 per field: place, name, layout, query, an unknown field', async () => {
    const res = await call('POST', '/api/SavedViews', employee, {
      place: 'somewhere',
      name: '  ',
      layout: 'gantt',
      query: 'a=1#frag',
    });
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors as Record<string, string[]>;
    expect(Object.keys(errors).sort()).toEqual(['layout', 'name', 'place', 'query']);
    expect(errors.query).toEqual([SAVED_VIEW_MESSAGES.queryInvalid]);

    const long = await call('POST', '/api/SavedViews', employee, {
      place: 'my-tasks',
      name: 'Long',
      layout: 'list',
      query: `q=${'x'.repeat(2000)}`,
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.query).toBeDefined();

    const unknown = await call('POST', '/api/SavedViews', employee, {
      place: 'my-tasks',
      name: 'Mine',
      layout: 'list',
      query: '',
      companyId: acme.companyId,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.companyId).toBeDefined();
    expect(await countViews()).toBe(0);
  });

  it('400 for a layout the place does not show, and for sharing a page view', async () => {
    const layout = await call('POST', '/api/SavedViews', employee, {
      place: 'calendar',
      name: 'Board?',
      layout: 'board',
      query: '',
    });
    expect(layout.statusCode).toBe(400);
    expect(layout.json().errors.layout).toBeDefined();
    const shared = await call('POST', '/api/SavedViews', employee, {
      place: 'my-tasks',
      name: 'Shared?',
      layout: 'list',
      query: '',
      shared: true,
    });
    expect(shared.statusCode).toBe(400);
    expect(shared.json().errors.shared).toEqual([SAVED_VIEW_MESSAGES.sharedOnlyInProjects]);
    expect(await countViews()).toBe(0);
  });

  it('404 for another company’s project and one out of reach; 403 for All Tasks without task:read:all', async () => {
    for (const place of [foreign, hidden]) {
      const res = await call('POST', '/api/SavedViews', employee, {
        place,
        name: 'Nope',
        layout: 'board',
        query: '',
      });
      expect(res.statusCode, place).toBe(404);
      expect(res.body).not.toContain('FORV');
    }
    const all = await call('POST', '/api/SavedViews', employee, {
      place: 'all-tasks',
      name: 'All',
      layout: 'list',
      query: '',
    });
    expect(all.statusCode).toBe(403);
    expect(await countViews()).toBe(0);
  });

  it('saves a personal and a shared view; 409 for a name taken (any case) by the same owner and place', async () => {
    const mine = await create(employee, {
      place: project,
      name: 'My urgent',
      layout: 'board',
      query: 'tab=board&priority=high&group=assignee',
    });
    expect(mine).toMatchObject({
      place: project,
      name: 'My urgent',
      layout: 'board',
      query: 'tab=board&priority=high&group=assignee',
      shared: false,
      ownerName: 'Emma Employee',
      mine: true,
      canEdit: true,
    });
    const shared = await create(employee, {
      place: project,
      name: 'Team board',
      layout: 'board',
      query: 'tab=board&assignee=me',
      shared: true,
    });
    expect(shared.shared).toBe(true);
    const dup = await call('POST', '/api/SavedViews', employee, {
      place: project,
      name: 'my URGENT',
      layout: 'list',
      query: '',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors.name).toEqual([SAVED_VIEW_MESSAGES.nameTaken]);
    // Another owner, or another place, may use the name.
    await create(colleague, { place: project, name: 'My urgent', layout: 'list', query: '' });
    await create(employee, { place: 'my-tasks', name: 'My urgent', layout: 'list', query: 'sortBy=dueDate' });
  });
});

describe('GET /api/SavedViews', () => {
  it('401, 400 without a place, 403 without task:read, 404 across tenants and out of reach', async () => {
    expect((await call('GET', `/api/SavedViews?place=${project}`)).statusCode).toBe(401);
    const bad = await call('GET', '/api/SavedViews?place=', employee);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.place).toBeDefined();
    expect((await call('GET', '/api/SavedViews?place=my-tasks', noTasks)).statusCode).toBe(403);
    expect((await call('GET', `/api/SavedViews?place=${foreign}`, employee)).statusCode).toBe(404);
    expect((await call('GET', `/api/SavedViews?place=${hidden}`, employee)).statusCode).toBe(404);
    expect((await call('GET', `/api/SavedViews?place=${foreign}`, admin)).statusCode).toBe(404);
  });

  it("lists the reader's views first, then the shared ones; another's personal view stays theirs", async () => {
    const emma = await list(employee, project);
    expect(emma.map((v) => [v.name, v.mine])).toEqual([
      ['My urgent', true],
      ['Team board', true],
    ]);
    const cole = await list(colleague, project);
    expect(cole.map((v) => [v.name, v.mine, v.canEdit])).toEqual([
      ['My urgent', true, true],
      ['Team board', false, false],
    ]);
    expect(cole[1]?.ownerName).toBe('Emma Employee');
    const max = await list(manager, project);
    expect(max.map((v) => [v.name, v.canEdit])).toEqual([['Team board', true]]);
    // The admin sees every project but no one's personal views.
    expect((await list(admin, project)).map((v) => v.name)).toEqual(['Team board']);
    expect((await list(employee, 'my-tasks')).map((v) => v.query)).toEqual(['sortBy=dueDate']);
    expect(await list(colleague, 'my-tasks')).toEqual([]);
    expect(await list(otherAdmin, 'my-tasks')).toEqual([]);
  });
});

describe('PUT and DELETE /api/SavedViews/{viewId}', () => {
  const byName = async (s: Session, name: string) => {
    const v = (await list(s, project)).find((x) => x.name === name);
    if (!v) throw new Error(`no view ${name}`);
    return v;
  };

  it('401, 400 per field, 404 across tenants and for another’s personal view', async () => {
    const mine = await byName(employee, 'My urgent');
    expect((await call('PUT', `/api/SavedViews/${mine.viewId}`, undefined, { name: 'x' })).statusCode).toBe(
      401,
    );
    const bad = await call('PUT', `/api/SavedViews/${mine.viewId}`, employee, { name: '', query: '?x' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['name', 'query']);
    expect((await call('PUT', `/api/SavedViews/${mine.viewId}`, employee, {})).statusCode).toBe(400);
    expect((await call('PUT', '/api/SavedViews/not-a-uuid', employee, { name: 'x' })).statusCode).toBe(400);
    // Another company's admin, and a colleague, do not see Emma's personal view: 404, like an unknown id.
    for (const s of [otherAdmin, colleague, admin]) {
      const res = await call('PUT', `/api/SavedViews/${mine.viewId}`, s, { name: 'Taken over' });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('My urgent');
      expect((await call('DELETE', `/api/SavedViews/${mine.viewId}`, s)).statusCode).toBe(404);
    }
    expect((await byName(employee, 'My urgent')).name).toBe('My urgent');
  });

  it('403: a shared view is not a colleague’s to change, nor without task:read', async () => {
    const team = await byName(employee, 'Team board');
    const res = await call('PUT', `/api/SavedViews/${team.viewId}`, colleague, { query: 'tab=board' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(SAVED_VIEW_MESSAGES.notYours);
    expect((await call('DELETE', `/api/SavedViews/${team.viewId}`, colleague)).statusCode).toBe(403);
    expect((await call('PUT', `/api/SavedViews/${team.viewId}`, noTasks, { name: 'x' })).statusCode).toBe(
      403,
    );
    expect((await byName(employee, 'Team board')).query).toBe('tab=board&assignee=me');
  });

  it('the owner renames and updates the query; a manager updates a shared view; 409 on a taken name', async () => {
    const mine = await byName(employee, 'My urgent');
    const renamed = await call('PUT', `/api/SavedViews/${mine.viewId}`, employee, {
      name: 'Urgent by person',
      query: 'tab=lists&cols=title,due',
      layout: 'list',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({
      name: 'Urgent by person',
      query: 'tab=lists&cols=title,due',
      layout: 'list',
    });
    const taken = await call('PUT', `/api/SavedViews/${mine.viewId}`, employee, { name: 'TEAM board' });
    expect(taken.statusCode).toBe(409);
    expect((await byName(employee, 'Urgent by person')).name).toBe('Urgent by person');

    const team = await byName(employee, 'Team board');
    const managed = await call('PUT', `/api/SavedViews/${team.viewId}`, manager, {
      query: 'tab=board&assignee=none',
    });
    expect(managed.statusCode, managed.body).toBe(200);
    expect(managed.json().data).toMatchObject({
      query: 'tab=board&assignee=none',
      mine: false,
      canEdit: true,
    });
    expect((await byName(colleague, 'Team board')).query).toBe('tab=board&assignee=none');
    // Sharing is the owner's choice: a manager may not unshare it.
    const unshare = await call('PUT', `/api/SavedViews/${team.viewId}`, manager, { shared: false });
    expect(unshare.statusCode).toBe(403);
    expect(unshare.json().message).toBe(SAVED_VIEW_MESSAGES.shareOwnerOnly);
    expect((await byName(colleague, 'Team board')).shared).toBe(true);
  });

  it('stops sharing: the view leaves the others’ lists, and a manager can no longer reach it', async () => {
    const team = await byName(employee, 'Team board');
    const res = await call('PUT', `/api/SavedViews/${team.viewId}`, employee, { shared: false });
    expect(res.statusCode).toBe(200);
    expect((await list(colleague, project)).map((v) => v.name)).toEqual(['My urgent']);
    expect((await call('DELETE', `/api/SavedViews/${team.viewId}`, manager)).statusCode).toBe(404);
    await call('PUT', `/api/SavedViews/${team.viewId}`, employee, { shared: true });
  });

  it('a manager deletes a shared view; the owner deletes their own; 404 once gone', async () => {
    const team = await byName(employee, 'Team board');
    const del = await call('DELETE', `/api/SavedViews/${team.viewId}`, manager);
    expect(del.statusCode).toBe(200);
    expect(del.json().data).toEqual({ viewId: team.viewId });
    expect((await list(employee, project)).map((v) => v.name)).toEqual(['Urgent by person']);
    const mine = await byName(employee, 'Urgent by person');
    expect((await call('DELETE', `/api/SavedViews/${mine.viewId}`, employee)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/SavedViews/${mine.viewId}`, employee)).statusCode).toBe(404);
  });

  it('keeps at most SAVED_VIEWS_PER_PLACE views per person and place (409)', async () => {
    const place = 'calendar';
    await Promise.all(
      Array.from({ length: SAVED_VIEWS_PER_PLACE }, (_, i) =>
        sqlRows(
          database.db,
          sql`insert into saved_views (company_id, owner_id, page, name, layout) values (${acme.companyId}, ${manager.userId}, ${place}, ${`V${i}`}, 'calendar')`,
        ),
      ),
    );
    const res = await call('POST', '/api/SavedViews', manager, {
      place,
      name: 'One more',
      layout: 'calendar',
      query: 'view=week',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(SAVED_VIEW_MESSAGES.tooMany);
    expect(await list(manager, place)).toHaveLength(SAVED_VIEWS_PER_PLACE);
  });

  it('goes with its project', async () => {
    const p = await buildProject(database.db, acme, { code: 'GONE', memberIds: [acme.adminUserId] });
    await create(admin, { place: p.projectId, name: 'Soon gone', layout: 'list', query: '', shared: true });
    const del = await call('DELETE', `/api/Project/${p.projectId}`, admin);
    expect(del.statusCode, del.body).toBe(200);
    const left = await sqlRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from saved_views where project_id = ${p.projectId}`,
    );
    expect(left[0]?.n).toBe(0);
  });
});

describe('the change record', () => {
  type Logged = { type: string; action: string; project_id: string | null; user_ids: unknown };
  const changesOf = (viewId: string) =>
    sqlRows<Logged>(
      database.db,
      sql`select type, action, project_id, user_ids from changes where entity_id = ${viewId} order by seq`,
    );
  const ids = (v: unknown) =>
    Array.isArray(v)
      ? v
      : String(v)
          .replace(/^\{|\}$/g, '')
          .split(',');

  it('each write is a savedview change: a shared one for the project, a personal one for its owner', async () => {
    const personal = await create(employee, {
      place: project,
      name: 'Logged mine',
      layout: 'board',
      query: '',
    });
    const page = await create(employee, {
      place: 'my-tasks',
      name: 'Logged page',
      layout: 'list',
      query: '',
    });
    const shared = await create(employee, {
      place: project,
      name: 'Logged shared',
      layout: 'list',
      query: '',
      shared: true,
    });
    expect(
      (await call('PUT', `/api/SavedViews/${shared.viewId}`, manager, { query: 'q=x' })).statusCode,
    ).toBe(200);
    // Unshared: the project's readers hear it once more (it leaves their menus), then only the owner.
    expect(
      (await call('PUT', `/api/SavedViews/${shared.viewId}`, employee, { shared: false })).statusCode,
    ).toBe(200);
    expect((await call('DELETE', `/api/SavedViews/${shared.viewId}`, employee)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/SavedViews/${personal.viewId}`, employee)).statusCode).toBe(200);

    const p = await changesOf(personal.viewId);
    expect(p.map((c) => [c.type, c.action, c.project_id])).toEqual([
      ['savedview', 'created', project],
      ['savedview', 'deleted', project],
    ]);
    for (const c of p) expect(ids(c.user_ids)).toEqual([employee.userId]);
    const g = await changesOf(page.viewId);
    expect(g.map((c) => [c.type, c.action, c.project_id])).toEqual([['savedview', 'created', null]]);
    expect(ids(g[0]?.user_ids)).toEqual([employee.userId]);
    const s = await changesOf(shared.viewId);
    expect(s.map((c) => [c.action, c.user_ids === null])).toEqual([
      ['created', true],
      ['updated', true],
      ['updated', true],
      ['deleted', false],
    ]);
  });

  it('a refused write (409 on a taken name) records nothing', async () => {
    const logged = async () =>
      (
        await sqlRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from changes where type = 'savedview'`,
        )
      )[0]?.n;
    const a = await create(colleague, { place: project, name: 'Logged A', layout: 'list', query: '' });
    await create(colleague, { place: project, name: 'Logged B', layout: 'list', query: '' });
    const before = await logged();
    const taken = await call('PUT', `/api/SavedViews/${a.viewId}`, colleague, { name: 'logged b' });
    expect(taken.statusCode).toBe(409);
    const again = await call('POST', '/api/SavedViews', colleague, {
      place: project,
      name: 'LOGGED A',
      layout: 'list',
      query: '',
    });
    expect(again.statusCode).toBe(409);
    expect(await logged()).toBe(before);
  });
});
