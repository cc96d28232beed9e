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

/** The first rows of a list and, over all of its rows, how many there are and their minutes. */
export type TopRows<T> = { rows: T[]; count: number; minutes: number };

export type CompanyHours = {
  byProject: TopRows<{ projectId: string; projectName: string; projectCode: string; minutes: number }>;
  byUser: TopRows<{ userId: string; userName: string; minutes: number }>;
  byDay: { day: string; minutes: number }[];
};

/**
 * Which rows an hours report reads: the first `top` projects and people (null: every one, the
 * CSV), or only one of the lists (`only`: that list's rows, no days).
 */
export type HoursLists = { top: number | null; only?: 'project' | 'user' | undefined };

/** JSON numbers as numbers (a bigint or numeric sum may arrive as text). */
const numbers = <T extends { minutes: number }>(t: TopRows<T>): TopRows<T> => ({
  rows: t.rows.map((r) => ({ ...r, minutes: Number(r.minutes) })),
  count: Number(t.count),
  minutes: Number(t.minutes),
});

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
   * The whole company's minutes in the range by project and by user, the first `top` of each
   * (most minutes first, then by name, then by id; `top` null: all of them) with how many there
   * are and all their minutes, and by day (`only`: one list and no days). Per project and per
   * person: a row per key and week for the range's whole weeks and per key and day for its other
   * days (`rangeParts`), grouped before the names are joined; per day: the company's day rows. A
   * year reads about 52 rows a person, not 365.
   */
  async companyHours(scope: Scope, from: string, to: string, lists: HoursLists): Promise<CompanyHours> {
    const { top, only } = lists;
    const p = perKey(scope, from, to, 'project');
    const projectRows = scope.db
      .select({
        id: sql<string>`${p.id}`.as('id'),
        name: sql<string>`${projects.name}`.as('name'),
        code: sql<string>`${projects.code}`.as('code'),
        minutes: sql<number>`${p.minutes}`.as('minutes'),
        // Over every key, before the limit: how many, and all their minutes.
        count: sql<number>`count(*) over ()`.as('count'),
        total: sql<number>`sum(${p.minutes}) over ()`.as('total'),
      })
      .from(p)
      .innerJoin(projects, and(eq(projects.companyId, scope.companyId), eq(projects.id, p.id)))
      .orderBy(desc(p.minutes), asc(projects.name), asc(p.id));
    const byProject = top === null ? projectRows : projectRows.limit(top);
    const u = perKey(scope, from, to, 'user');
    const userName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;
    const userRows = scope.db
      .select({
        id: sql<string>`${u.id}`.as('id'),
        name: userName.as('name'),
        minutes: sql<number>`${u.minutes}`.as('minutes'),
        count: sql<number>`count(*) over ()`.as('count'),
        total: sql<number>`sum(${u.minutes}) over ()`.as('total'),
      })
      .from(u)
      .innerJoin(users, and(eq(users.companyId, scope.companyId), eq(users.id, u.id)))
      .orderBy(desc(u.minutes), asc(userName), asc(u.id));
    const byUser = top === null ? userRows : userRows.limit(top);
    const dayMinutes = sql<number>`sum(${timeCompanyDays.minutes})`;
    const byDay = scope.db
      .select({ day: sql<string>`${timeCompanyDays.day}::text`.as('day'), minutes: dayMinutes.as('minutes') })
      .from(timeCompanyDays)
      .where(scope.own(timeCompanyDays, gte(timeCompanyDays.day, from), lte(timeCompanyDays.day, to)))
      .groupBy(timeCompanyDays.day)
      .having(sql`${dayMinutes} > 0`)
      .orderBy(asc(timeCompanyDays.day));
    // One statement, each part a JSON value in its order (issue 28, growth: at 1,000,000 tasks the
    // company has 2,000 projects and 5,000 people with time; mapping them field by field cost
    // more than reading them, and listing them all was 224 KB: now the top `top` of each).
    const arrayOf = (q: SQL | { getSQL(): SQL }) =>
      sql`(select coalesce(json_agg(x), '[]'::json) from (${q}) x)`;
    const topOf = (q: SQL | { getSQL(): SQL }, id: string, name: string, extra: SQL = sql``) =>
      sql`(select json_build_object(
        'rows', coalesce(json_agg(json_build_object(${id}::text, x.id, ${name}::text, x.name, 'minutes', x.minutes${extra})
          order by x.minutes desc, x.name, x.id), '[]'::json),
        'count', coalesce(max(x.count), 0),
        'minutes', coalesce(max(x.total), 0)) from (${q}) x)`;
    // A list not asked for is null (read as none).
    const part = (list: 'project' | 'user' | 'day', q: SQL) => (only && only !== list ? sql`null` : q);
    const [row] = rowsOf<Partial<CompanyHours>>(
      await scope.db.execute(
        sql`select ${part('project', topOf(byProject, 'projectId', 'projectName', sql`, 'projectCode', x.code`))} as "byProject", ${part('user', topOf(byUser, 'userId', 'userName'))} as "byUser", ${part('day', arrayOf(byDay))} as "byDay"`,
      ),
    );
    const none = { rows: [], count: 0, minutes: 0 };
    return {
      byProject: numbers(row?.byProject ?? none),
      byUser: numbers(row?.byUser ?? none),
      byDay: row?.byDay ?? [],
    };
  },
};
