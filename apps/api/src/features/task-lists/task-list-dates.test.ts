import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { END_BEFORE_START } from '@taskhive/contract';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { buildTestApp } from '../../test/build-app.ts';
import {
  bearer,
  buildProject,
  buildTaskList,
  type Session,
  type TestCompany,
  twoTenants,
} from '../../test/factories.ts';

/** Task lists' optional start and end dates (issue 24). */
let app: App;
let database: Database;
let acme: TestCompany;
let admin: Session;
let employee: Session;
let url: string;
let theirUrl: string;

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  let other: TestCompany;
  ({ acme, other, admin, employee } = await twoTenants(app, database.db));
  const p = await buildProject(database.db, acme, { memberIds: [acme.adminUserId, employee.userId] });
  url = `/api/Tasks/projects/${p.projectId}/tasklists`;
  const theirs = await buildProject(database.db, other, { memberIds: [other.adminUserId] });
  const theirList = await buildTaskList(database.db, other, { projectId: theirs.projectId });
  theirUrl = `/api/Tasks/projects/${theirs.projectId}/tasklists/${theirList.taskListId}`;
});
afterAll(() => app.close());

const call = (method: 'GET' | 'POST' | 'PUT', u: string, s?: Session, payload?: object) =>
  app.inject({ method, url: u, headers: s ? bearer(s) : {}, ...(payload ? { payload } : {}) });

describe('task list dates', () => {
  it('401 without a token, 403 without tasklist:create/update, 404 for another company', async () => {
    const dates = { startDate: '2026-03-01', endDate: '2026-03-31' };
    expect((await call('POST', url, undefined, { name: 'Q1', ...dates })).statusCode).toBe(401);
    expect((await call('POST', url, employee, { name: 'Q1', ...dates })).statusCode).toBe(403);
    expect((await call('PUT', theirUrl, admin, dates)).statusCode).toBe(404);
    const mine = (await call('POST', url, admin, { name: 'Mine' })).json().data;
    expect((await call('PUT', `${url}/${mine.taskListId}`, employee, dates)).statusCode).toBe(403);
  });

  it('400 naming endDate when it is before startDate, or not a date', async () => {
    const bad = await call('POST', url, admin, { name: 'X', startDate: '2026-03-10', endDate: '2026-03-09' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ endDate: [END_BEFORE_START] });
    const notDate = await call('POST', url, admin, { name: 'X', startDate: '10/03/2026' });
    expect(notDate.statusCode).toBe(400);
    expect(Object.keys(notDate.json().errors)).toEqual(['startDate']);
  });

  it('creates with dates, keeps them, and checks a date sent alone against the list', async () => {
    const created = await call('POST', url, admin, {
      name: 'Sprint 1',
      startDate: '2026-03-01',
      endDate: '2026-03-14',
    });
    expect(created.statusCode).toBe(201);
    const list = created.json().data;
    expect(list).toMatchObject({ startDate: '2026-03-01', endDate: '2026-03-14' });
    const one = `${url}/${list.taskListId}`;

    // An end before the list's start, or a start after the list's end: 400 on the field sent.
    const end = await call('PUT', one, admin, { endDate: '2026-02-28' });
    expect(end.statusCode).toBe(400);
    expect(end.json().errors).toEqual({ endDate: [END_BEFORE_START] });
    const start = await call('PUT', one, admin, { startDate: '2026-03-15' });
    expect(start.statusCode).toBe(400);
    expect(start.json().errors).toEqual({ startDate: [END_BEFORE_START] });
    // A failed write changed nothing.
    expect((await call('GET', `/api/TaskLists/${list.taskListId}`, admin)).json().data).toMatchObject({
      startDate: '2026-03-01',
      endDate: '2026-03-14',
    });

    const moved = await call('PUT', one, admin, { endDate: '2026-03-21' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({ startDate: '2026-03-01', endDate: '2026-03-21' });
    const cleared = await call('PUT', one, admin, { startDate: null });
    expect(cleared.json().data).toMatchObject({ startDate: null, endDate: '2026-03-21' });
    const listed = (await call('GET', url, employee)).json().data.items;
    expect(listed.find((l: { taskListId: string }) => l.taskListId === list.taskListId)).toMatchObject({
      startDate: null,
      endDate: '2026-03-21',
    });
  });

  it('a list without dates shows null for both', async () => {
    const plain = (await call('POST', url, admin, { name: 'Plain' })).json().data;
    expect(plain).toMatchObject({ startDate: null, endDate: null });
  });
});
