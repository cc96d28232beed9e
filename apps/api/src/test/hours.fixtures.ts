import { eq, inArray } from 'drizzle-orm';
import { HOURS_REPORT_TOP_ROWS } from '@taskhive/contract';
import type { App } from '../app.ts';
import type { Db } from '../db/client.ts';
import { departments, timeLogs, users } from '../db/schema/index.ts';
import { dayStart } from '../features/time-logs/time-logs.repo.ts';
import { buildProject, buildUser, login, type Session, type TestCompany } from './factories.ts';

/**
 * A company with more projects and people than the hours report lists (HOURS_REPORT_TOP_ROWS + 2
 * of each), for the report's bound (reports/hours-top.test.ts) and its CSV with every row
 * (reports/hours-csv.test.ts). Person i logs minutesOf(i) on project i in June 2026: 0 → 100,
 * (1, 2) → 102, (3, 4) → 104, …, (49, 50) → 150, 51 → 152. So the 50th and 51st rows are a tie (1
 * and 2), broken by name; 49 and 50 share their name as well as their minutes, broken by id.
 */
export const HOURS_FROM = '2026-06-01';
export const HOURS_TO = '2026-06-30';
export const HOURS_RANGE = `startDateTo=${HOURS_FROM}&endDateTo=${HOURS_TO}`;
export const HOURS_ROWS = HOURS_REPORT_TOP_ROWS + 2;

/** The i-th element, which the test knows is there. */
export function nth<T>(a: readonly T[], i: number): T {
  const v = a[i];
  if (v === undefined) throw new Error(`no element ${i}`);
  return v;
}
export const pad = (n: number) => String(n).padStart(2, '0');
export const minutesOf = (i: number) => 100 + 2 * Math.floor((i + 1) / 2);
export const nameOf = (i: number) => (i === 49 || i === 50 ? 'Same name' : `Name ${pad(99 - i)}`);

export type HoursRow = { id: string; name: string; code?: string; minutes: number };

/** The report's order: most minutes, then name, then id. */
export const ordered = (rows: HoursRow[]) =>
  [...rows].sort(
    (a, b) =>
      b.minutes - a.minutes ||
      (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );

/**
 * Makes the people and projects (codes `HC-00`, …) and their time, everyone in the company's
 * department, whose manager (Mona Manager, made here) signs in: their team report covers the
 * same entries as the company's.
 */
export async function seedHours(
  app: App,
  db: Db,
  acme: TestCompany,
): Promise<{ people: HoursRow[]; projects: HoursRow[]; manager: Session; managerEmail: string }> {
  const m = await buildUser(db, acme, { firstName: 'Mona', lastName: 'Manager' });
  await db.update(departments).set({ managerId: m.userId }).where(eq(departments.id, acme.departmentId));
  const people: HoursRow[] = [];
  const projects: HoursRow[] = [];
  for (let i = 0; i < HOURS_ROWS; i += 1) {
    const [first, last] = nameOf(i).split(' ') as [string, string];
    const u = await buildUser(db, acme, { firstName: first, lastName: last });
    const p = await buildProject(db, acme, { name: nameOf(i), code: `HC-${pad(i)}` });
    people.push({ id: u.userId, name: nameOf(i), minutes: minutesOf(i) });
    projects.push({ id: p.projectId, name: nameOf(i), code: p.code, minutes: minutesOf(i) });
  }
  await db
    .update(users)
    .set({ departmentId: acme.departmentId })
    .where(
      inArray(
        users.id,
        people.map((p) => p.id),
      ),
    );
  await db.insert(timeLogs).values(
    people.map((p, i) => ({
      companyId: acme.companyId,
      userId: p.id,
      projectId: nth(projects, i).id,
      loggedAt: dayStart(i % 2 ? '2026-06-10' : '2026-06-20'),
      durationMinutes: minutesOf(i),
    })),
  );
  return { people, projects, manager: await login(app, m.email), managerEmail: m.email };
}
