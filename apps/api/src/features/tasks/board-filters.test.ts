import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { buildTestApp } from '../../test/build-app.ts';
import {
  bearer,
  buildProject,
  buildTask,
  buildTaskList,
  buildUser,
  login,
  priorityIdOf,
  type Session,
  statusIdOf,
  type TestCompany,
  twoTenants,
} from '../../test/factories.ts';

/** The board's filters (issue 23): GET /api/Tasks/projects/{id}/board?assignee&priority&due&search. */

let app: App;
let database: Database;
let acme: TestCompany;
let other: TestCompany;
let admin: Session;
let employee: Session;
let otherAdmin: Session;
let project: { projectId: string; code: string };
let open: string;
let doing: string;

/** A date `days` from the database's today (UTC), as YYYY-MM-DD. */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
/** Monday of this week (UTC), plus `days`. */
const weekDay = (days: number) => {
  const now = new Date();
  const monday =
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) -
    ((now.getUTCDay() + 6) % 7) * 86_400_000;
  return new Date(monday + days * 86_400_000).toISOString().slice(0, 10);
};

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  ({ acme, other, admin, employee, otherAdmin } = await twoTenants(app, database.db));
  project = await buildProject(database.db, acme, { memberIds: [acme.adminUserId, employee.userId] });
  const list = await buildTaskList(database.db, acme, { projectId: project.projectId });
  open = await statusIdOf(database.db, acme.companyId, 'Open');
  doing = await statusIdOf(database.db, acme.companyId, 'In Progress');
  const t = (title: string, o: Omit<Parameters<typeof buildTask>[2], 'taskListId' | 'title'> = {}) =>
    buildTask(database.db, acme, { taskListId: list.taskListId, title, ...o });
  await t('Mine urgent', { assigneeIds: [employee.userId], priorityName: 'Urgent', sortOrder: 1 });
  await t('Mine late', { assigneeIds: [employee.userId], dueDate: day(-3), sortOrder: 2 });
  await t('Admin doing', {
    assigneeIds: [acme.adminUserId],
    statusName: 'In Progress',
    dueDate: weekDay(6),
  });
  await t('Nobody', { sortOrder: 3 });
  await t('Late but done', { statusName: 'Completed', dueDate: day(-3) });
  const parent = await t('Parent', { sortOrder: 4, assigneeIds: [acme.adminUserId] });
  // A subtask is never a card, whatever it matches.
  await t('Mine sub', { parentTaskId: parent.taskId, assigneeIds: [employee.userId] });
});
afterAll(() => app.close());

const board = async (query: string, s: Session = admin) => {
  const res = await app.inject({
    method: 'GET',
    url: `/api/Tasks/projects/${project.projectId}/board${query ? `?${query}` : ''}`,
    headers: bearer(s),
  });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as {
    items: { title: string; key: string }[];
    columns: { statusId: string; totalCount: number; unfilteredCount: number }[];
  };
  const column = (id: string) => data.columns.find((c) => c.statusId === id);
  return { titles: data.items.map((i) => i.title).sort(), column, items: data.items, columns: data.columns };
};

describe('GET /api/Tasks/projects/{id}/board with filters', () => {
  it('401, 403 without task:read, 400 with field errors, 404 across tenants', async () => {
    const url = `/api/Tasks/projects/${project.projectId}/board`;
    expect((await app.inject({ method: 'GET', url: `${url}?assignee=none` })).statusCode).toBe(401);
    const noRights = await login(app, (await buildUser(database.db, acme, { role: null })).email);
    expect(
      (await app.inject({ method: 'GET', url: `${url}?assignee=none`, headers: bearer(noRights) }))
        .statusCode,
    ).toBe(403);
    for (const [q, field] of [
      ['assignee=me', 'assignee'],
      ['priority=high', 'priority'],
      ['due=tomorrow', 'due'],
      [`search=${'x'.repeat(201)}`, 'search'],
    ] as const) {
      const bad = await app.inject({ method: 'GET', url: `${url}?${q}`, headers: bearer(admin) });
      expect(bad.statusCode, q).toBe(400);
      expect(Object.keys(bad.json().errors), q).toEqual([field]);
    }
    const theirs = await buildProject(database.db, other, { memberIds: [other.adminUserId] });
    const across = await app.inject({
      method: 'GET',
      url: `/api/Tasks/projects/${theirs.projectId}/board?assignee=none`,
      headers: bearer(admin),
    });
    expect(across.statusCode).toBe(404);
    // Their own board answers them (the 404 was the tenant, not the route).
    const own = await app.inject({
      method: 'GET',
      url: `/api/Tasks/projects/${theirs.projectId}/board?assignee=none`,
      headers: bearer(otherAdmin),
    });
    expect(own.statusCode).toBe(200);
  });

  it('no filter: every top-level card, each column counting all of them', async () => {
    const b = await board('');
    expect(b.titles).toEqual([
      'Admin doing',
      'Late but done',
      'Mine late',
      'Mine urgent',
      'Nobody',
      'Parent',
    ]);
    expect(b.column(open)).toMatchObject({ totalCount: 4, unfilteredCount: 4 });
    for (const c of b.columns) expect(c.totalCount).toBe(c.unfilteredCount);
  });

  it('assignee: a person, or none; the counts are of the matching cards, the unfiltered ones stay', async () => {
    const mine = await board(`assignee=${employee.userId}`);
    expect(mine.titles).toEqual(['Mine late', 'Mine urgent']);
    expect(mine.column(open)).toMatchObject({ totalCount: 2, unfilteredCount: 4 });
    expect(mine.column(doing)).toMatchObject({ totalCount: 0, unfilteredCount: 1 });
    const nobody = await board('assignee=none');
    expect(nobody.titles).toEqual(['Late but done', 'Nobody']);
  });

  it('priority: one, or none', async () => {
    const urgent = await board(`priority=${await priorityIdOf(database.db, 'Urgent')}`);
    expect(urgent.titles).toEqual(['Mine urgent']);
    expect((await board('priority=none')).titles).toEqual([
      'Admin doing',
      'Late but done',
      'Mine late',
      'Nobody',
      'Parent',
    ]);
  });

  it('due: overdue (open only), this week (Monday to Sunday), none', async () => {
    expect((await board('due=overdue')).titles).toEqual(['Mine late']);
    const week = (await board('due=week')).titles;
    expect(week).toContain('Admin doing');
    expect(week).not.toContain('Nobody');
    expect((await board('due=none')).titles).toEqual(['Mine urgent', 'Nobody', 'Parent']);
  });

  it('search: the title (any case, LIKE characters literal) or the key', async () => {
    expect((await board('search=URGENT')).titles).toEqual(['Mine urgent']);
    expect((await board('search=%25')).titles).toEqual([]);
    const all = await board('');
    const key = all.items.find((i) => i.title === 'Nobody')?.key ?? '';
    expect(key.startsWith(`${project.code}-`)).toBe(true);
    expect((await board(`search=${encodeURIComponent(key.toLowerCase())}`)).titles).toContain('Nobody');
  });

  it('filters combine, with column limits, and for an employee within the reach', async () => {
    const b = await board(`assignee=${employee.userId}&due=overdue&perColumn=1&limits=${open}:5`, employee);
    expect(b.titles).toEqual(['Mine late']);
    expect(b.column(open)).toMatchObject({ totalCount: 1, unfilteredCount: 4 });
    // perColumn bounds the matching cards per column, not the column's cards before the filter.
    const one = await board(`assignee=none&perColumn=1`);
    expect(one.titles).toEqual(['Late but done', 'Nobody']);
  });
});
