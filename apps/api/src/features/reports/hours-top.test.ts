import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOURS_REPORT_TOP_ROWS, type HoursReport } from '@taskhive/contract';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { buildTestApp } from '../../test/build-app.ts';
import { bearer, type Session, type TestCompany, twoTenants } from '../../test/factories.ts';
import {
  HOURS_RANGE,
  HOURS_ROWS,
  type HoursRow,
  minutesOf,
  nth,
  ordered,
  seedHours,
} from '../../test/hours.fixtures.ts';

/**
 * The hours report's bound (issue 28): with more projects and people than HOURS_REPORT_TOP_ROWS,
 * `byProject` and `byUser` list the first 50 (most minutes, then name, then id), say how many
 * there are and the minutes of the rest; the company's answer (from the time tallies) and a
 * team's (from the entries) agree.
 */

let app: App;
let database: Database;
let acme: TestCompany;
let admin: Session;
let manager: Session;
let employee: Session;
let otherAdmin: Session;
let people: HoursRow[];
let projectRows: HoursRow[];

const RANGE = HOURS_RANGE;
const N = HOURS_ROWS;
const total = Array.from({ length: N }, (_, i) => minutesOf(i)).reduce((n, m) => n + m, 0);

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  ({ acme, admin, employee, otherAdmin } = await twoTenants(app, database.db));
  ({ people, projects: projectRows, manager } = await seedHours(app, database.db, acme));
});
afterAll(() => app.close());

const get = (url: string, s?: Session) => app.inject({ method: 'GET', url, headers: s ? bearer(s) : {} });
const report = async (qs: string, s: Session): Promise<HoursReport> => {
  const res = await get(`/api/taskreports/company-hours?${RANGE}${qs}`, s);
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
const sum = (rows: { minutes: number }[]) => rows.reduce((n, r) => n + r.minutes, 0);

/** The first 50 of each list in the report's order, the count and the minutes of the rest. */
function expectTop(d: HoursReport) {
  const projectsTop = ordered(projectRows).slice(0, HOURS_REPORT_TOP_ROWS);
  const peopleTop = ordered(people).slice(0, HOURS_REPORT_TOP_ROWS);
  // The cut falls inside the tie at 102 minutes (1 and 2): "Name 97" (2) before "Name 98" (1).
  expect(projectsTop.at(-1)).toMatchObject({ id: nth(projectRows, 2).id, minutes: 102 });
  expect(d.byProject).toHaveLength(HOURS_REPORT_TOP_ROWS);
  expect(d.byProject.map((p) => [p.projectId, p.projectName, p.minutes])).toEqual(
    projectsTop.map((p) => [p.id, p.name, p.minutes]),
  );
  expect(d.byProject[0]).toMatchObject({ projectName: 'Name 48', minutes: 152, hours: 2.53 });
  // The two 'Same name' projects (150 minutes each) by id.
  expect(d.byProject.slice(1, 3).map((p) => p.projectName)).toEqual(['Same name', 'Same name']);
  expect(nth(d.byProject, 1).projectId < nth(d.byProject, 2).projectId).toBe(true);
  expect(d.projectCount).toBe(N);
  // Left out: project 1 (102) and project 0 (100).
  expect(d.otherProjectsMinutes).toBe(202);
  expect(d.otherProjectsHours).toBe(3.37);
  expect(sum(d.byProject) + d.otherProjectsMinutes).toBe(d.totalMinutes);

  expect(d.byUser).toHaveLength(HOURS_REPORT_TOP_ROWS);
  expect(d.byUser.map((u) => [u.userId, u.userName, u.minutes])).toEqual(
    peopleTop.map((u) => [u.id, u.name, u.minutes]),
  );
  expect(d.userCount).toBe(N);
  expect(d.otherUsersMinutes).toBe(202);
  expect(d.otherUsersHours).toBe(3.37);
  expect(sum(d.byUser) + d.otherUsersMinutes).toBe(d.totalMinutes);

  expect(d.totalMinutes).toBe(total);
  expect(sum(d.byDay)).toBe(total);
  expect(d.byDay).toHaveLength(30);
}

describe('GET /api/taskreports/company-hours: the first HOURS_REPORT_TOP_ROWS projects and people', () => {
  it('the whole company (the time tallies): 50 rows of each, their order, how many, the rest', async () => {
    const d = await report('', admin);
    expect(d.coverage).toBe('company');
    expectTop(d);
  });

  it("a manager's team (the entries): the same rows, count and rest", async () => {
    const d = await report('', manager);
    expect(d.coverage).toBe('team');
    expectTop(d);
    expect(await report('', admin)).toEqual({ ...d, coverage: 'company' });
  });

  it('a filter below the bound lists everyone, with nothing left out', async () => {
    const d = await report(`&userId=${nth(people, 51).id}`, admin);
    expect(d).toMatchObject({
      coverage: 'user',
      totalMinutes: 152,
      projectCount: 1,
      otherProjectsMinutes: 0,
      otherProjectsHours: 0,
      userCount: 1,
      otherUsersMinutes: 0,
      otherUsersHours: 0,
    });
    expect(d.byProject.map((p) => p.projectId)).toEqual([nth(projectRows, 51).id]);
    const none = await report('', employee);
    expect(none).toMatchObject({ totalMinutes: 0, byProject: [], projectCount: 0, otherProjectsMinutes: 0 });
    expect(none).toMatchObject({ byUser: [], userCount: 0, otherUsersMinutes: 0 });
  });

  it('401 signed out, 400 a bad filter, 403 another person for an employee, 404 another company', async () => {
    expect((await get(`/api/taskreports/company-hours?${RANGE}`)).statusCode).toBe(401);
    expect((await get(`/api/taskreports/company-hours?${RANGE}&projectId=nope`, admin)).statusCode).toBe(400);
    expect(
      (await get(`/api/taskreports/company-hours?${RANGE}&userId=${nth(people, 0).id}`, employee)).statusCode,
    ).toBe(403);
    expect(
      (await get(`/api/taskreports/company-hours?${RANGE}&userId=${nth(people, 0).id}`, otherAdmin))
        .statusCode,
    ).toBe(404);
    // Another company's whole report shows none of Acme's time.
    expect(await report('', otherAdmin)).toMatchObject({ totalMinutes: 0, projectCount: 0, userCount: 0 });
  });
});
