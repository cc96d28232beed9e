import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOURS_REPORT_TOP_ROWS, type HoursReport } from '@taskhive/contract';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { timeLogs } from '../../db/schema/index.ts';
import { buildCountingApp, buildTestApp } from '../../test/build-app.ts';
import {
  bearer,
  buildProject,
  buildUser,
  login,
  type Session,
  type TestCompany,
  twoTenants,
} from '../../test/factories.ts';
import {
  HOURS_FROM,
  HOURS_RANGE,
  HOURS_ROWS,
  HOURS_TO,
  type HoursRow,
  minutesOf,
  nth,
  ordered,
  seedHours,
} from '../../test/hours.fixtures.ts';
import { dayStart } from '../time-logs/time-logs.repo.ts';

/**
 * The hours report as CSV (`/api/taskreports/company-hours/export.csv`): every project or person
 * with time in the range, not the report's top HOURS_REPORT_TOP_ROWS, in the report's order, and
 * a Total row equal to the report's total; the report's rights, filters and tenancy.
 */

let app: App;
let database: Database;
let acme: TestCompany;
let other: TestCompany;
let admin: Session;
let manager: Session;
let managerEmail: string;
let employee: Session;
let otherAdmin: Session;
let noReports: Session;
let people: HoursRow[];
let projectRows: HoursRow[];

const FROM = HOURS_FROM;
const TO = HOURS_TO;
const RANGE = HOURS_RANGE;
const N = HOURS_ROWS;
const FORMULA = '=HYPERLINK("http://x.test","y")';
/** Person 0 also logs 7 minutes on the project named as a formula. */
const FORMULA_MINUTES = 7;
const total = Array.from({ length: N }, (_, i) => minutesOf(i)).reduce((n, m) => n + m, FORMULA_MINUTES);

/** RFC 4180 records (quoted cells, doubled quotes), the BOM and the last line end dropped. */
function parseCsv(body: string): string[][] {
  const text = body.replace(/^\uFEFF/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length) rows.push([...row, cell]);
  return rows;
}

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  ({ acme, other, admin, employee, otherAdmin } = await twoTenants(app, database.db));
  const db = database.db;
  ({ people, projects: projectRows, manager, managerEmail } = await seedHours(app, db, acme));
  const n = await buildUser(db, acme, { role: null, permissions: ['project:read'] });
  noReports = await login(app, n.email);
  const formula = await buildProject(db, acme, { name: FORMULA, code: '+FORMULA' });
  projectRows.push({ id: formula.projectId, name: FORMULA, code: formula.code, minutes: FORMULA_MINUTES });
  nth(people, 0).minutes += FORMULA_MINUTES;
  await db.insert(timeLogs).values({
    companyId: acme.companyId,
    userId: nth(people, 0).id,
    projectId: formula.projectId,
    loggedAt: dayStart('2026-06-20'),
    durationMinutes: FORMULA_MINUTES,
  });
  // Another company's time in the same range: never in Acme's CSV, nor counted in its total.
  const otherProject = await buildProject(db, other, { name: 'Other secret project' });
  await db.insert(timeLogs).values({
    companyId: other.companyId,
    userId: otherAdmin.userId,
    projectId: otherProject.projectId,
    loggedAt: dayStart('2026-06-10'),
    durationMinutes: 999,
  });
});
afterAll(() => app.close());

const get = (url: string, s?: Session) => app.inject({ method: 'GET', url, headers: s ? bearer(s) : {} });
const csvUrl = (qs: string) => `/api/taskreports/company-hours/export.csv?${RANGE}${qs}`;
async function csvOf(qs: string, s: Session) {
  const res = await get(csvUrl(qs), s);
  expect(res.statusCode).toBe(200);
  return { res, rows: parseCsv(res.body) };
}
async function report(qs: string, s: Session): Promise<HoursReport> {
  const res = await get(`/api/taskreports/company-hours?${RANGE}${qs}`, s);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}
const hours2 = (m: number) => (Math.round((m / 60) * 100) / 100).toFixed(2);

describe('GET /api/taskreports/company-hours/export.csv', () => {
  it('by project: every project in the report order, codes, a Total row equal to the report total', async () => {
    const { res, rows } = await csvOf('&by=project', admin);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="company-hours-project-${FROM}-${TO}.csv"`,
    );
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    expect(rows[0]).toEqual(['Project', 'Code', 'Minutes', 'Hours', 'Estimated hours']);
    const body = rows.slice(1, -1);
    // More than the report's 50: all 53.
    expect(body).toHaveLength(N + 1);
    const expected = ordered(projectRows);
    expect(body.map((r) => [r[0], r[2], r[3]])).toEqual(
      expected.map((p) => [
        p.name === FORMULA ? `'${FORMULA}` : p.name,
        String(p.minutes),
        hours2(p.minutes),
      ]),
    );
    expect(body.map((r) => r[1])).toEqual(
      expected.map((p) => (p.code?.startsWith('+') ? `'${p.code}` : p.code)),
    );
    const json = await report('', admin);
    expect(json.byProject).toHaveLength(HOURS_REPORT_TOP_ROWS);
    // The JSON's top rows are the CSV's first rows, in the same order.
    expect(body.slice(0, HOURS_REPORT_TOP_ROWS).map((r) => [r[0], Number(r[2])])).toEqual(
      json.byProject.map((p) => [p.projectName, p.minutes]),
    );
    expect(rows.at(-1)).toEqual(['Total', '', String(json.totalMinutes), hours2(json.totalMinutes), '']);
    expect(json.totalMinutes).toBe(total);
    expect(res.body).not.toContain('Other secret project');
  });

  it('by person: every person in the report order and a Total row equal to the report total', async () => {
    const { res, rows } = await csvOf('&by=person', admin);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="company-hours-person-${FROM}-${TO}.csv"`,
    );
    expect(rows[0]).toEqual(['Person', 'Minutes', 'Hours']);
    const body = rows.slice(1, -1);
    expect(body).toHaveLength(N);
    expect(body.map((r) => [r[0], r[1], r[2]])).toEqual(
      ordered(people).map((p) => [p.name, String(p.minutes), hours2(p.minutes)]),
    );
    const json = await report('', admin);
    expect(body.slice(0, HOURS_REPORT_TOP_ROWS).map((r) => [r[0], Number(r[1])])).toEqual(
      json.byUser.map((u) => [u.userName, u.minutes]),
    );
    expect(rows.at(-1)).toEqual(['Total', String(json.totalMinutes), hours2(json.totalMinutes)]);
  });

  it('by defaults to project; a manager (the entries, not the tallies) gets the same files', async () => {
    const byDefault = await csvOf('', admin);
    expect(byDefault.res.headers['content-disposition']).toContain('company-hours-project-');
    expect((await csvOf('&by=project', manager)).res.body).toBe(byDefault.res.body);
    expect((await csvOf('&by=person', manager)).res.body).toBe((await csvOf('&by=person', admin)).res.body);
  });

  it('a project or user filter narrows the file as it narrows the report', async () => {
    const p0 = nth(people, 0);
    const { rows } = await csvOf(`&by=project&userId=${p0.id}`, admin);
    expect(rows.slice(1).map((r) => [r[0], r[2]])).toEqual([
      [nth(projectRows, 0).name, String(minutesOf(0))],
      [`'${FORMULA}`, String(FORMULA_MINUTES)],
      ['Total', String(p0.minutes)],
    ]);
    const one = await csvOf(`&by=person&projectId=${nth(projectRows, 5).id}`, admin);
    expect(one.rows.slice(1)).toEqual([
      [nth(people, 5).name, String(minutesOf(5)), hours2(minutesOf(5))],
      ['Total', String(minutesOf(5)), hours2(minutesOf(5))],
    ]);
  });

  it('defuses a cell a spreadsheet would read as a formula, as the team CSV does', async () => {
    const { res } = await csvOf('&by=project', admin);
    expect(res.body).toContain(`"'=HYPERLINK(""http://x.test"",""y"")",'+FORMULA,7,0.12,`);
    expect(res.body).not.toMatch(/(^|\n|,)"?=HYPERLINK/);
  });

  it('401 signed out; 400 a bad by or bad dates, per field', async () => {
    expect((await get(csvUrl(''))).statusCode).toBe(401);
    const badBy = await get(csvUrl('&by=department'), admin);
    expect(badBy.statusCode).toBe(400);
    expect(badBy.json().errors.by).toBeDefined();
    const badDay = await get('/api/taskreports/company-hours/export.csv?startDateTo=soon', admin);
    expect(badDay.statusCode).toBe(400);
    expect(badDay.json().errors.startDateTo).toBeDefined();
    const backwards = await get(
      '/api/taskreports/company-hours/export.csv?startDateTo=2026-06-10&endDateTo=2026-06-01',
      admin,
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors.endDateTo).toBeDefined();
    const tooLong = await get(
      '/api/taskreports/company-hours/export.csv?startDateTo=2020-01-01&endDateTo=2026-01-01',
      admin,
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors.endDateTo).toBeDefined();
    expect((await get(csvUrl('&projectId=nope'), admin)).json().errors.projectId).toBeDefined();
  });

  it("403 without a report permission, or for another person's hours; an employee's file is their own", async () => {
    expect((await get(csvUrl(''), noReports)).statusCode).toBe(403);
    expect((await get(csvUrl(`&userId=${nth(people, 0).id}`), employee)).statusCode).toBe(403);
    // No department of theirs: the employee's own time only (none).
    const own = await csvOf('&by=person', employee);
    expect(own.rows.slice(1)).toEqual([['Total', '0', '0.00']]);
  });

  it("another company: 404 for Acme's person; its own file holds only its own time", async () => {
    expect((await get(csvUrl(`&userId=${nth(people, 0).id}`), otherAdmin)).statusCode).toBe(404);
    const projects = await csvOf('&by=project', otherAdmin);
    expect(projects.rows.slice(1).map((r) => [r[0], r[2]])).toEqual([
      ['Other secret project', '999'],
      ['Total', '999'],
    ]);
    const persons = await csvOf('&by=person', otherAdmin);
    expect(persons.rows).toHaveLength(3);
    expect(persons.rows.at(-1)).toEqual(['Total', '999', hours2(999)]);
    expect(persons.res.body).not.toContain('Name ');
  });

  it('costs the same statements for 26 projects as for 53 (one for the rows, whatever their number)', async () => {
    const { app: counting, counter } = await buildCountingApp(database);
    try {
      // The company (the tallies) and a manager's team (the entries).
      for (const email of [acme.adminEmail, managerEmail]) {
        const s = await login(counting, email);
        const measure = async (range: string) => {
          const url = `/api/taskreports/company-hours/export.csv?${range}&by=project`;
          // A first request warms the caches (the session, the permissions).
          await counting.inject({ method: 'GET', url, headers: bearer(s) });
          const before = counter.statements;
          const res = await counting.inject({ method: 'GET', url, headers: bearer(s) });
          expect(res.statusCode).toBe(200);
          return { statements: counter.statements - before, lines: parseCsv(res.body).length };
        };
        const some = await measure('startDateTo=2026-06-10&endDateTo=2026-06-10');
        const all = await measure(RANGE);
        expect([some.lines, all.lines]).toEqual([N / 2 + 2, N + 3]);
        expect(all.statements).toBe(some.statements);
      }
    } finally {
      await counting.close();
    }
  });
});
