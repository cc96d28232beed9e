import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { projects, timeProjectDays, timeUserDays, users } from '../../db/schema/index.ts';
import type { Scope } from '../../lib/scope.ts';

/**
 * Reads of the time tallies (`db/schema/tallies.ts`: minutes per user and day, per project and
 * day, kept by the database's triggers on `time_logs`, migration 0014). A key's minutes are the sum
 * of its rows; a key whose rows sum to zero has no entries.
 */

const minutes = sql<number>`sum(${timeUserDays.minutes})`;
const userRange = (from: string, to: string) => and(gte(timeUserDays.day, from), lte(timeUserDays.day, to));

export const timeTalliesRepo = {
  /**
   * Minutes in two adjacent weeks (`lastWeekStart` to `weekEnd`, the second from `weekStart`), of
   * one user or (userId undefined) the whole company, and how many people logged time this week.
   */
  async weekMinutes(
    scope: Scope,
    userId: string | undefined,
    weekStart: string,
    lastWeekStart: string,
    weekEnd: string,
  ): Promise<{ thisWeek: number; lastWeek: number; activeUsersThisWeek: number }> {
    const perUser = scope.db
      .select({
        thisWeek:
          sql<number>`sum(${timeUserDays.minutes}) filter (where ${timeUserDays.day} >= ${weekStart})`.as(
            'this_week',
          ),
        lastWeek:
          sql<number>`sum(${timeUserDays.minutes}) filter (where ${timeUserDays.day} < ${weekStart})`.as(
            'last_week',
          ),
      })
      .from(timeUserDays)
      .where(
        scope.own(
          timeUserDays,
          userId === undefined ? undefined : eq(timeUserDays.userId, userId),
          userRange(lastWeekStart, weekEnd),
        ),
      )
      .groupBy(timeUserDays.userId)
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
   * by day: a row per project or person and day of the range, not per entry. The days come from
   * the project days (every entry has a project, so their sums are the same), the smaller of the
   * two where a company has more people than projects.
   */
  async companyHours(scope: Scope, from: string, to: string) {
    const byProject = scope.db
      .select({
        projectId: timeProjectDays.projectId,
        projectName: projects.name,
        minutes: sql<number>`sum(${timeProjectDays.minutes})`.mapWith(Number),
      })
      .from(timeProjectDays)
      .innerJoin(
        projects,
        and(eq(projects.companyId, timeProjectDays.companyId), eq(projects.id, timeProjectDays.projectId)),
      )
      .where(scope.own(timeProjectDays, gte(timeProjectDays.day, from), lte(timeProjectDays.day, to)))
      .groupBy(timeProjectDays.projectId, projects.name)
      .having(sql`sum(${timeProjectDays.minutes}) > 0`)
      .orderBy(desc(sql`sum(${timeProjectDays.minutes})`), asc(projects.name));
    const byUser = scope.db
      .select({
        userId: timeUserDays.userId,
        userName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
        minutes: minutes.mapWith(Number),
      })
      .from(timeUserDays)
      .innerJoin(users, and(eq(users.companyId, timeUserDays.companyId), eq(users.id, timeUserDays.userId)))
      .where(scope.own(timeUserDays, userRange(from, to)))
      .groupBy(timeUserDays.userId, users.firstName, users.lastName)
      .having(sql`${minutes} > 0`)
      .orderBy(desc(minutes), asc(users.firstName));
    const dayMinutes = sql<number>`sum(${timeProjectDays.minutes})`;
    const byDay = scope.db
      .select({ day: sql<string>`${timeProjectDays.day}::text`, minutes: dayMinutes.mapWith(Number) })
      .from(timeProjectDays)
      .where(scope.own(timeProjectDays, gte(timeProjectDays.day, from), lte(timeProjectDays.day, to)))
      .groupBy(timeProjectDays.day)
      .having(sql`${dayMinutes} > 0`)
      .orderBy(asc(timeProjectDays.day));
    const [projectRows, userRows, dayRows] = await Promise.all([byProject, byUser, byDay]);
    return { byProject: projectRows, byUser: userRows, byDay: dayRows };
  },
};
