import { and, asc, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  projects,
  timeCompanyDays,
  timeProjectDays,
  timeProjectWeeks,
  timeUserDays,
  timeUserWeeks,
  users,
} from '../../db/schema/index.ts';
import { rowsOf } from '../../db/client.ts';
import type { Scope } from '../../lib/scope.ts';
import { addDays, weekStart } from './days.ts';

/**
 * Reads of the time tallies (`db/schema/tallies.ts`: minutes per user and day, per project and
 * day, kept by the database's triggers on `time_logs`, migration 0014; per user and week, per
 * project and week and per company and day, migration 0039). A key's minutes are the sum of its
 * rows; a key whose rows sum to zero has no entries.
 */

/**
 * A range as the tallies read it: its whole weeks (Monday to Sunday, read a row per key and week)
 * and the days before and after them (read a row per key and day); no whole week: days only.
 */
export function rangeParts(
  from: string,
  to: string,
): { weeks: [string, string] | null; days: [string, string][] } {
  const first = weekStart(from) === from ? from : addDays(weekStart(from), 7);
  const last = weekStart(addDays(to, 1)); // the Monday after the last whole week
  if (first >= last) return { weeks: null, days: [[from, to]] };
  const days: [string, string][] = [];
  if (from < first) days.push([from, addDays(first, -1)]);
  if (last <= to) days.push([last, to]);
  return { weeks: [first, addDays(last, -7)], days };
}

/** `column` within any of the day ranges (none: no condition that holds). */
const inDays = (column: AnyPgColumn, days: [string, string][]): SQL =>
  or(...days.map(([a, b]) => and(gte(column, a), lte(column, b)))) ?? sql`false`;

/**
 * Minutes per key over a range, from its keys' week rows for the whole weeks and day rows for the
 * rest: one pass over each tally's index range, grouped by key.
 */
function perKey(scope: Scope, from: string, to: string, key: 'user' | 'project') {
  const parts = rangeParts(from, to);
  const dayTable = key === 'user' ? timeUserDays : timeProjectDays;
  const weekTable = key === 'user' ? timeUserWeeks : timeProjectWeeks;
  const dayKey = key === 'user' ? timeUserDays.userId : timeProjectDays.projectId;
  const weekKey = key === 'user' ? timeUserWeeks.userId : timeProjectWeeks.projectId;
  const days = scope.db
    .select({ id: sql<string>`${dayKey}`.as('tally_key'), minutes: dayTable.minutes })
    .from(dayTable)
    .where(scope.own(dayTable, inDays(dayTable.day, parts.days)));
  const rows = parts.weeks
    ? days.unionAll(
        scope.db
          .select({ id: sql<string>`${weekKey}`.as('tally_key'), minutes: weekTable.minutes })
          .from(weekTable)
          .where(
            scope.own(weekTable, gte(weekTable.week, parts.weeks[0]), lte(weekTable.week, parts.weeks[1])),
          ),
      )
    : days;
  const all = rows.as('rows');
  return scope.db
    .select({ id: all.id, minutes: sql<number>`sum(${all.minutes})`.as('tally_minutes') })
    .from(all)
    .groupBy(all.id)
    .having(sql`sum(${all.minutes}) > 0`)
    .as('per_key');
}

/**
 * The whole company's two weeks: the minutes from the company's day rows (14 rows, whatever the
 * number of people), and who logged time this week from this week's person rows (one a person).
 */
async function companyWeeks(
  scope: Scope,
  weekStartDay: string,
  lastWeekStart: string,
): Promise<{ thisWeek: number; lastWeek: number; activeUsersThisWeek: number }> {
  const d = timeCompanyDays;
  const w = timeUserWeeks;
  const active = scope.db
    .select({ userId: w.userId })
    .from(w)
    .where(scope.own(w, eq(w.week, weekStartDay)))
    .groupBy(w.userId)
    .having(sql`sum(${w.minutes}) > 0`);
  const [row] = await scope.db
    .select({
      thisWeek:
        sql<number>`coalesce(sum(${d.minutes}) filter (where ${d.day} >= ${weekStartDay}), 0)`.mapWith(
          Number,
        ),
      lastWeek: sql<number>`coalesce(sum(${d.minutes}) filter (where ${d.day} < ${weekStartDay}), 0)`.mapWith(
        Number,
      ),
      activeUsersThisWeek: sql<number>`(select count(*) from (${active}) a)`.mapWith(Number),
    })
    .from(d)
    .where(scope.own(d, gte(d.day, lastWeekStart), lte(d.day, addDays(weekStartDay, 6))));
  return row ?? { thisWeek: 0, lastWeek: 0, activeUsersThisWeek: 0 };
}

export const timeTalliesRepo = {
  /**
   * Minutes in two adjacent weeks (`lastWeekStart` to `weekEnd`, the second from `weekStart`), of
   * one user or (userId undefined) the whole company, and how many people logged time this week.
   */
  async weekMinutes(
    scope: Scope,
    userId: string | undefined,
    weekStartDay: string,
    lastWeekStart: string,
  ): Promise<{ thisWeek: number; lastWeek: number; activeUsersThisWeek: number }> {
    if (userId === undefined) return companyWeeks(scope, weekStartDay, lastWeekStart);
    // A row per person and week (migration 0039): the two Mondays.
    const w = timeUserWeeks;
    const perUser = scope.db
      .select({
        thisWeek: sql<number>`sum(${w.minutes}) filter (where ${w.week} = ${weekStartDay})`.as('this_week'),
        lastWeek: sql<number>`sum(${w.minutes}) filter (where ${w.week} = ${lastWeekStart})`.as('last_week'),
      })
      .from(w)
      .where(
        scope.own(
          w,
          userId === undefined ? undefined : eq(w.userId, userId),
          inArray(w.week, [lastWeekStart, weekStartDay]),
        ),
      )
      .groupBy(w.userId)
      .as('per_user');
    const [row] = await scope.db
      .select({
        thisWeek: sql<number>`coalesce(sum(${perUser.thisWeek}), 0)`.mapWith(Number),
        lastWeek: sql<number>`coalesce(sum(${perUser.lastWeek}), 0)`.mapWith(Number),
        activeUsersThisWeek: sql<number>`count(*) filter (where ${perUser.thisWeek} > 0)`.mapWith(Number),
      })
      .from(perUser);
    return row ?? { thisWeek: 0, lastWeek: 0, activeUsersThisWeek: 0 };
  },

  /**
   * The whole company's minutes in the range by project, by user (most first, then by name) and
   * by day. Per project and per person: a row per key and week for the range's whole weeks and per
   * key and day for its other days (`rangeParts`), grouped before the names are joined; per day:
   * the company's day rows. A year reads about 52 rows a person, not 365.
   */
  async companyHours(scope: Scope, from: string, to: string) {
    const p = perKey(scope, from, to, 'project');
    const byProject = scope.db
      .select({
        projectId: sql<string>`${p.id}`.as('projectId'),
        projectName: sql<string>`${projects.name}`.as('projectName'),
        minutes: sql<number>`${p.minutes}`.as('minutes'),
      })
      .from(p)
      .innerJoin(projects, and(eq(projects.companyId, scope.companyId), eq(projects.id, p.id)))
      .orderBy(desc(p.minutes), asc(projects.name));
    const u = perKey(scope, from, to, 'user');
    const byUser = scope.db
      .select({
        userId: sql<string>`${u.id}`.as('userId'),
        userName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`.as('userName'),
        minutes: sql<number>`${u.minutes}`.as('minutes'),
      })
      .from(u)
      .innerJoin(users, and(eq(users.companyId, scope.companyId), eq(users.id, u.id)))
      .orderBy(desc(u.minutes), asc(users.firstName));
    const dayMinutes = sql<number>`sum(${timeCompanyDays.minutes})`;
    const byDay = scope.db
      .select({ day: sql<string>`${timeCompanyDays.day}::text`.as('day'), minutes: dayMinutes.as('minutes') })
      .from(timeCompanyDays)
      .where(scope.own(timeCompanyDays, gte(timeCompanyDays.day, from), lte(timeCompanyDays.day, to)))
      .groupBy(timeCompanyDays.day)
      .having(sql`${dayMinutes} > 0`)
      .orderBy(asc(timeCompanyDays.day));
    // One statement, each part a JSON array in its order (issue 28, growth: at 1,000,000 tasks the
    // company has 2,000 projects and 5,000 people with time, and mapping 7,000 rows field by field
    // cost more than reading them; a JSON value is parsed once).
    const arrayOf = (q: SQL | { getSQL(): SQL }) =>
      sql`(select coalesce(json_agg(x), '[]'::json) from (${q}) x)`;
    const [row] = rowsOf<{
      byProject: { projectId: string; projectName: string; minutes: number }[];
      byUser: { userId: string; userName: string; minutes: number }[];
      byDay: { day: string; minutes: number }[];
    }>(
      await scope.db.execute(
        sql`select ${arrayOf(byProject)} as "byProject", ${arrayOf(byUser)} as "byUser", ${arrayOf(byDay)} as "byDay"`,
      ),
    );
    return { byProject: row?.byProject ?? [], byUser: row?.byUser ?? [], byDay: row?.byDay ?? [] };
  },
};
