import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DEFAULT_EXPECTED_WEEKLY_MINUTES, type TimesheetStatus } from '@taskhive/contract';
import { rowsOf } from '../../db/client.ts';
import { accessRepo } from '../../lib/access.ts';
import {
  companies,
  departments,
  projects,
  tasks,
  timeLogs,
  timesheetReminders,
  timesheetWeekEvents,
  timesheetWeeks,
  users,
} from '../../db/schema/index.ts';
import {
  countAll,
  pageWindow,
  type PageParams,
  searchAny,
  totalOf,
  type ListResult,
} from '../../lib/list.ts';
import type { Scope } from '../../lib/scope.ts';
import { addDays, dayStart, nextDayStart } from '../time-logs/index.ts';

/** The only place that touches the timesheet tables and the company's timesheet settings. */

export type Settings = { weekStartsOn: number; lockedBefore: string | null; reminderWeekday: number };

/** A person as the weeks show them, with who approves them as department manager. */
export type PersonRow = {
  userId: string;
  firstName: string;
  lastName: string;
  status: string;
  departmentId: string | null;
  departmentName: string | null;
  departmentManagerId: string | null;
  expectedWeeklyMinutes: number;
  capacitySet: boolean;
  /** Their IANA time zone: which day is their today. */
  timeZone: string;
};

export type WeekRow = {
  id: string;
  userId: string;
  weekStart: string;
  status: TimesheetStatus;
  submittedAt: Date | null;
  decidedAt: Date | null;
  decidedByName: string | null;
  reason: string | null;
};

/** A row of the approvals list: the week and its person. */
export type ListedWeek = WeekRow & PersonRow;

const decider = alias(users, 'decider');
const dept = departments;

const personColumns = {
  userId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  status: users.status,
  departmentId: users.departmentId,
  departmentName: dept.name,
  departmentManagerId: dept.managerId,
  expectedWeeklyMinutes:
    sql<number>`coalesce(${users.expectedWeeklyMinutes}, ${sql.raw(String(DEFAULT_EXPECTED_WEEKLY_MINUTES))})`.mapWith(
      Number,
    ),
  capacitySet: sql<boolean>`${users.expectedWeeklyMinutes} is not null`,
  timeZone: users.timeZone,
};

const weekColumns = {
  id: timesheetWeeks.id,
  userId: timesheetWeeks.userId,
  weekStart: timesheetWeeks.weekStart,
  status: sql<TimesheetStatus>`${timesheetWeeks.status}`,
  submittedAt: timesheetWeeks.submittedAt,
  decidedAt: timesheetWeeks.decidedAt,
  decidedByName: sql<string | null>`${decider.firstName} || ' ' || ${decider.lastName}`,
  reason: timesheetWeeks.reason,
};

const on = {
  dept: and(eq(dept.id, users.departmentId), eq(dept.companyId, users.companyId)),
  decider: and(eq(decider.id, timesheetWeeks.decidedBy), eq(decider.companyId, timesheetWeeks.companyId)),
  person: and(eq(users.id, timesheetWeeks.userId), eq(users.companyId, timesheetWeeks.companyId)),
};

export type WorkloadRow = {
  userId: string;
  firstName: string;
  lastName: string;
  departmentName: string | null;
  capacityMinutes: number;
  plannedMinutes: number;
  loggedMinutes: number;
};

export type ApprovedTimeRow = {
  day: string;
  employeeCode: string | null;
  userName: string;
  projectName: string;
  taskKey: string | null;
  taskTitle: string | null;
  billable: boolean;
  minutes: number;
};

/** Minutes per (user, week, day) of several weeks, for the lists' totals. */
export type DaySum = { userId: string; weekStart: string; day: string; minutes: number; billable: number };

/** The statuses that lock a week's days and make it count them (see `countedElsewhere`). */
const HOLDING = sql.raw(`('submitted', 'approved')`);

/**
 * Whether the day `day` of person `userId` is counted by another week than the one starting
 * `weekStart` (issue 25, a changed first day of the week): weeks made under an older first day
 * keep their dates, so a week under the new one may overlap them. A day belongs to the submitted
 * or approved week holding it that was submitted first; a week counts only its days no other
 * such week holds first. Without a change of the first day no two weeks overlap and this is
 * false for every day. SQL over `timesheet_weeks`, for the reads' WHERE.
 */
function countedElsewhere(companyId: string, userId: SQL, weekStart: SQL, day: SQL): SQL {
  return sql`exists (
    select 1 from timesheet_weeks o
      left join timesheet_weeks me on me.company_id = o.company_id and me.user_id = o.user_id
           and me.week_start = ${weekStart} and me.status in ${HOLDING}
     where o.company_id = ${companyId} and o.user_id = ${userId} and o.status in ${HOLDING}
       and o.week_start <> ${weekStart} and o.week_start <= ${day} and o.week_start + 6 >= ${day}
       and (me.id is null or o.submitted_at < me.submitted_at
            or (o.submitted_at = me.submitted_at and o.id < me.id)))`;
}

/** An entry's day: `logged_at` holds its day's 00:00 UTC (see time-logs' `dayStart`). */
const entryDay = sql`(${timeLogs.loggedAt} at time zone 'UTC')::date`;

/** The advisory lock between the company's timesheet settings and its time writes (see `settings`). */
const settingsLockKey = (companyId: string) => `timesheet-settings:${companyId}`;

type Holding = { weekStart: string; status: 'submitted' | 'approved' };

/** Each of `days` with the holding weeks (submitted or approved) among `weeks` whose dates hold it. */
function holdingByDay(days: readonly string[], weeks: { weekStart: string; status: string }[]) {
  const out = new Map<string, Holding[]>(days.map((d) => [d, []]));
  for (const day of days)
    for (const w of weeks)
      if (w.weekStart <= day && day <= addDays(w.weekStart, 6))
        out.get(day)?.push({ weekStart: w.weekStart, status: w.status as Holding['status'] });
  return out;
}

/** The person's submitted or approved weeks whose dates may hold any of `days` (at least one). */
function holdingWeeks(scope: Scope, userId: string, days: readonly string[]): SQL {
  const sorted = [...days].sort();
  return scope.own(
    timesheetWeeks,
    eq(timesheetWeeks.userId, userId),
    sql`${timesheetWeeks.status} in ${HOLDING}`,
    gte(timesheetWeeks.weekStart, addDays(sorted[0] ?? '', -6)),
    sql`${timesheetWeeks.weekStart} <= ${sorted[sorted.length - 1]}`,
  );
}

export const timesheetsRepo = {
  /**
   * The company's settings; `lock: 'update'` (a change of the settings): first the settings'
   * advisory lock alone (`settingsLockKey`), which waits for every time write and transition in
   * flight (they hold it shared: `lockPersonAndSettings`), then the company row for update.
   */
  async settings(scope: Scope, lock?: 'update'): Promise<Settings> {
    if (lock)
      await scope.db.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${settingsLockKey(scope.companyId)}, 0))`,
      );
    const q = scope.db
      .select({
        weekStartsOn: companies.weekStartsOn,
        lockedBefore: companies.timeLockedBefore,
        reminderWeekday: companies.timesheetReminderWeekday,
      })
      .from(companies)
      .where(eq(companies.id, scope.companyId));
    const [row] = await (lock ? q.for(lock) : q);
    if (!row) throw new Error('company of the scope not found');
    return row;
  },

  /** Whether any week of the company waits for approval (the first day of the week may not change then). */
  async anySubmitted(scope: Scope): Promise<boolean> {
    const [row] = await scope.db
      .select({ id: timesheetWeeks.id })
      .from(timesheetWeeks)
      .where(scope.own(timesheetWeeks, eq(timesheetWeeks.status, 'submitted')))
      .limit(1);
    return !!row;
  },

  /**
   * The statuses of the person's submitted or approved weeks holding any of `days` (by range: a
   * week made under an older first day of the week keeps its dates), per day.
   */
  async holdingStatuses(
    scope: Scope,
    userId: string,
    days: readonly string[],
  ): Promise<Map<string, Holding[]>> {
    if (days.length === 0) return holdingByDay(days, []);
    const rows = await scope.db
      .select({ weekStart: timesheetWeeks.weekStart, status: timesheetWeeks.status })
      .from(timesheetWeeks)
      .where(holdingWeeks(scope, userId, days));
    return holdingByDay(days, rows);
  },

  /**
   * The settings, after waiting for the person's timesheet lock: a transaction-scoped advisory
   * lock on (company, person) that every write of their time and every transition of their weeks
   * takes first, so a week cannot be submitted or approved while an entry of it is being written.
   */
  async lockPersonAndSettings(scope: Scope, userIds: readonly string[]): Promise<Settings> {
    await timesheetsRepo.lockPeople(scope, userIds);
    // A statement of its own, after the locks: its snapshot sees a settings change committed
    // while this waited.
    return timesheetsRepo.settings(scope);
  },

  /**
   * The locks of `lockPersonAndSettings` in one statement: the settings' lock shared, the people's
   * locks in order, then `after` (advisory lock names the caller takes next, in its order: a time
   * write's day, so it costs no round trip of its own; issue 28).
   */
  async lockPeople(scope: Scope, userIds: readonly string[], after: readonly string[] = []): Promise<void> {
    const keys = [...[...new Set(userIds)].sort().map((u) => `timesheet:${scope.companyId}:${u}`), ...after];
    // One statement: the people's locks in order, and the settings' lock SHARED (a change of the
    // settings takes it alone). Issue 28: it was the company row FOR SHARE, which many time
    // writes at once turn into a multixact on the row (and which held every other update of the
    // company row, an authorisation version's bump included, behind the writes in flight).
    const people = sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    );
    await scope.db.execute(
      sql`select pg_advisory_xact_lock_shared(hashtextextended(${settingsLockKey(scope.companyId)}, 0)),
        (select count(*) from (select pg_advisory_xact_lock(hashtextextended(k, 0))
          from unnest(${sql.raw('array[')}${people}${sql.raw(']::text[]')}) with ordinality as l(k, n) order by n) l)`,
    );
  },

  /**
   * The settings and the person's holding weeks (`holdingStatuses`) in one statement, for a time
   * write after its locks (`lockPeople`): a statement of its own, so it sees what committed while
   * they waited.
   */
  async settingsAndHolding(
    scope: Scope,
    userId: string,
    days: readonly string[],
  ): Promise<{ settings: Settings; holding: Map<string, Holding[]> }> {
    const weeks = scope.db
      .select({
        weeks: sql`coalesce(json_agg(json_build_object('weekStart', ${timesheetWeeks.weekStart}, 'status', ${timesheetWeeks.status})), '[]')`,
      })
      .from(timesheetWeeks)
      .where(days.length ? holdingWeeks(scope, userId, days) : sql`false`);
    const [row] = await scope.db
      .select({
        weekStartsOn: companies.weekStartsOn,
        lockedBefore: companies.timeLockedBefore,
        reminderWeekday: companies.timesheetReminderWeekday,
        weeks: sql<Holding[]>`(${weeks})`,
      })
      .from(companies)
      .where(eq(companies.id, scope.companyId));
    if (!row) throw new Error('company of the scope not found');
    const { weeks: rows, ...settings } = row;
    return { settings, holding: holdingByDay(days, rows) };
  },

  async updateSettings(scope: Scope, patch: Partial<Settings>): Promise<void> {
    await scope.db
      .update(companies)
      .set({
        ...(patch.weekStartsOn !== undefined ? { weekStartsOn: patch.weekStartsOn } : {}),
        ...(patch.lockedBefore !== undefined ? { timeLockedBefore: patch.lockedBefore } : {}),
        ...(patch.reminderWeekday !== undefined ? { timesheetReminderWeekday: patch.reminderWeekday } : {}),
        updatedAt: new Date(),
      })
      .where(eq(companies.id, scope.companyId));
  },

  /** Sets a person's expected minutes; false when they are not of this company. */
  async setCapacity(scope: Scope, userId: string, minutes: number): Promise<boolean> {
    const rows = await scope.db
      .update(users)
      .set({ expectedWeeklyMinutes: minutes })
      .where(scope.own(users, eq(users.id, userId)))
      .returning({ id: users.id });
    return rows.length > 0;
  },

  async person(scope: Scope, userId: string): Promise<PersonRow | null> {
    const [row] = await scope.db
      .select(personColumns)
      .from(users)
      .leftJoin(dept, on.dept)
      .where(scope.own(users, eq(users.id, userId)));
    return row ?? null;
  },

  async week(scope: Scope, userId: string, weekStart: string): Promise<WeekRow | null> {
    const [row] = await scope.db
      .select(weekColumns)
      .from(timesheetWeeks)
      .leftJoin(decider, on.decider)
      .where(
        scope.own(timesheetWeeks, eq(timesheetWeeks.userId, userId), eq(timesheetWeeks.weekStart, weekStart)),
      );
    return row ?? null;
  },

  /** The statuses of a person's weeks starting on any of `weekStarts` (a week without a row is open). */
  async statuses(
    scope: Scope,
    userId: string,
    weekStarts: readonly string[],
  ): Promise<Map<string, TimesheetStatus>> {
    const rows = await scope.db
      .select({ weekStart: timesheetWeeks.weekStart, status: timesheetWeeks.status })
      .from(timesheetWeeks)
      .where(
        scope.own(
          timesheetWeeks,
          eq(timesheetWeeks.userId, userId),
          inArray(timesheetWeeks.weekStart, [...weekStarts]),
        ),
      );
    return new Map(rows.map((r) => [r.weekStart, r.status as TimesheetStatus]));
  },

  /** Weeks by id with their people; `forUpdate`: locked for a transition (the week rows). */
  async weeks(scope: Scope, ids: readonly string[], forUpdate = false): Promise<(WeekRow & PersonRow)[]> {
    if (ids.length === 0) return [];
    const q = scope.db
      .select({ ...personColumns, ...weekColumns })
      .from(timesheetWeeks)
      .innerJoin(users, on.person)
      .leftJoin(dept, on.dept)
      .leftJoin(decider, on.decider)
      .where(scope.own(timesheetWeeks, inArray(timesheetWeeks.id, [...ids])))
      .orderBy(asc(timesheetWeeks.id));
    return forUpdate ? q.for('update', { of: timesheetWeeks }) : q;
  },

  /** The people whose weeks these are (to take their timesheet locks before the weeks'). */
  async ownersOf(scope: Scope, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await scope.db
      .selectDistinct({ userId: timesheetWeeks.userId })
      .from(timesheetWeeks)
      .where(scope.own(timesheetWeeks, inArray(timesheetWeeks.id, [...ids])));
    return rows.map((r) => r.userId);
  },

  /**
   * Submits a person's week: creates its row, or moves an open or rejected one to submitted.
   * Answers the id and the status it had (null: the week was not open or rejected).
   */
  async submit(
    scope: Scope,
    userId: string,
    weekStart: string,
  ): Promise<{ id: string; from: TimesheetStatus } | null> {
    const [row] = rowsOf<{ id: string; from: TimesheetStatus | null }>(
      await scope.db.execute(sql`
        with before as (
          select status from ${timesheetWeeks}
           where company_id = ${scope.companyId} and user_id = ${userId} and week_start = ${weekStart}
        )
        insert into ${timesheetWeeks} (company_id, user_id, week_start, status, submitted_at)
        values (${scope.companyId}, ${userId}, ${weekStart}, 'submitted', now())
        on conflict (company_id, user_id, week_start) do update
           set status = 'submitted', submitted_at = now(), decided_at = null, decided_by = null,
               reason = null, updated_at = now()
         where ${timesheetWeeks}.status in ('open', 'rejected')
        returning id, (select status from before) as "from"`),
    );
    return row ? { id: row.id, from: row.from ?? 'open' } : null;
  },

  /** Moves the weeks to `status`, decided by the actor now, with a reason (or none). */
  async decide(
    scope: Scope,
    ids: readonly string[],
    status: TimesheetStatus,
    reason: string | null,
  ): Promise<void> {
    await scope.db
      .update(timesheetWeeks)
      .set({ status, decidedAt: new Date(), decidedBy: scope.actor.userId, reason, updatedAt: new Date() })
      .where(scope.own(timesheetWeeks, inArray(timesheetWeeks.id, [...ids])));
  },

  async addEvents(
    scope: Scope,
    events: readonly { weekId: string; status: TimesheetStatus; reason: string | null }[],
  ): Promise<void> {
    if (events.length === 0) return;
    await scope.db
      .insert(timesheetWeekEvents)
      .values(events.map((e) => scope.values({ ...e, byUserId: scope.actor.userId })));
  },

  async history(
    scope: Scope,
    weekId: string,
  ): Promise<{ status: TimesheetStatus; at: Date; byName: string; reason: string | null }[]> {
    const by = alias(users, 'by_user');
    return scope.db
      .select({
        status: sql<TimesheetStatus>`${timesheetWeekEvents.status}`,
        at: timesheetWeekEvents.createdAt,
        byName: sql<string>`${by.firstName} || ' ' || ${by.lastName}`,
        reason: timesheetWeekEvents.reason,
      })
      .from(timesheetWeekEvents)
      .innerJoin(
        by,
        and(eq(by.id, timesheetWeekEvents.byUserId), eq(by.companyId, timesheetWeekEvents.companyId)),
      )
      .where(scope.own(timesheetWeekEvents, eq(timesheetWeekEvents.weekId, weekId)))
      .orderBy(asc(timesheetWeekEvents.createdAt), asc(timesheetWeekEvents.id));
  },

  /**
   * A person's minutes over [from, to] per project, task and day, with names: the grid in one
   * grouped statement, whatever the number of entries.
   */
  async cells(scope: Scope, userId: string, from: string, to: string) {
    return scope.db
      .select({
        projectId: timeLogs.projectId,
        projectName: projects.name,
        taskId: timeLogs.taskId,
        taskKey: sql<
          string | null
        >`case when ${tasks.id} is null then null else ${projects.code} || '-' || ${tasks.number} end`,
        taskTitle: tasks.title,
        day: sql<string>`to_char(${timeLogs.loggedAt} at time zone 'UTC', 'YYYY-MM-DD')`,
        minutes: sql<number>`sum(${timeLogs.durationMinutes})`.mapWith(Number),
        billable:
          sql<number>`coalesce(sum(${timeLogs.durationMinutes}) filter (where ${timeLogs.billable}), 0)`.mapWith(
            Number,
          ),
        entries: sql<number>`count(*)`.mapWith(Number),
        /** false: the day is counted by an overlapping week submitted first (`countedElsewhere`). */
        counted: sql<boolean>`not ${countedElsewhere(scope.companyId, sql`${timeLogs.userId}`, sql`${from}::date`, entryDay)}`,
      })
      .from(timeLogs)
      .innerJoin(
        projects,
        and(eq(projects.id, timeLogs.projectId), eq(projects.companyId, timeLogs.companyId)),
      )
      .leftJoin(tasks, and(eq(tasks.id, timeLogs.taskId), eq(tasks.companyId, timeLogs.companyId)))
      .where(
        scope.own(
          timeLogs,
          eq(timeLogs.userId, userId),
          gte(timeLogs.loggedAt, dayStart(from)),
          lt(timeLogs.loggedAt, nextDayStart(to)),
        ),
      )
      .groupBy(
        timeLogs.projectId,
        projects.name,
        projects.code,
        timeLogs.taskId,
        tasks.id,
        tasks.number,
        tasks.title,
        sql`6`,
        sql`10`,
      )
      .orderBy(asc(projects.name), sql`${tasks.title} asc nulls first`, asc(timeLogs.projectId), sql`3`);
  },

  /**
   * Minutes per person, week and day for each (person, week) listed, each week counting only the
   * days no overlapping week holds first (`countedElsewhere`): one statement for a whole page.
   */
  async daySums(scope: Scope, weeks: readonly { userId: string; weekStart: string }[]): Promise<DaySum[]> {
    if (weeks.length === 0) return [];
    const listed = sql.join(
      weeks.map((w) => sql`(${w.userId}::uuid, ${w.weekStart}::date)`),
      sql`, `,
    );
    return rowsOf<DaySum>(
      await scope.db.execute(sql`
        select w.user_id as "userId", to_char(w.week_start, 'YYYY-MM-DD') as "weekStart",
               to_char(l.logged_at at time zone 'UTC', 'YYYY-MM-DD') as day,
               sum(l.duration_minutes)::int as minutes,
               coalesce(sum(l.duration_minutes) filter (where l.billable), 0)::int as billable
          from (values ${listed}) as w (user_id, week_start)
          join time_logs l on l.company_id = ${scope.companyId} and l.user_id = w.user_id
               and l.logged_at >= w.week_start::timestamp at time zone 'UTC'
               and l.logged_at < (w.week_start + 7)::timestamp at time zone 'UTC'
         where not ${countedElsewhere(scope.companyId, sql`w.user_id`, sql`w.week_start`, sql`(l.logged_at at time zone 'UTC')::date`)}
         group by 1, 2, 3`),
    );
  },

  /** The approvals list: weeks of the people `approvable` lets the actor approve, oldest week first. */
  async list(
    scope: Scope,
    q: {
      page?: number | undefined;
      pageNumber?: number | undefined;
      pageSize: number;
      sortOrder?: 'asc' | 'desc' | undefined;
      status: TimesheetStatus;
      departmentId?: string | undefined;
      weekStart?: string | undefined;
      search?: string | undefined;
    },
    approvable: SQL,
  ): Promise<ListResult<ListedWeek>> {
    const { limit, offset } = pageWindow(q);
    const where = scope.own(
      timesheetWeeks,
      eq(timesheetWeeks.status, q.status),
      approvable,
      q.departmentId ? eq(users.departmentId, q.departmentId) : undefined,
      q.weekStart ? eq(timesheetWeeks.weekStart, q.weekStart) : undefined,
      q.search
        ? sql`lower(${users.firstName} || ' ' || ${users.lastName}) like ${`%${q.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`
        : undefined,
    );
    const dir = q.sortOrder === 'desc' ? desc : asc;
    const [rows, total] = await Promise.all([
      scope.db
        .select({ ...personColumns, ...weekColumns })
        .from(timesheetWeeks)
        .innerJoin(users, on.person)
        .leftJoin(dept, on.dept)
        .leftJoin(decider, on.decider)
        .where(where)
        .orderBy(
          dir(timesheetWeeks.weekStart),
          asc(users.lastName),
          asc(users.firstName),
          asc(timesheetWeeks.id),
        )
        .limit(limit)
        .offset(offset),
      totalOf(
        scope.db.select({ n: countAll() }).from(timesheetWeeks).innerJoin(users, on.person).where(where),
      ),
    ]);
    return { rows, total };
  },

  /**
   * Workload, a page of people (two statements whatever the page or the company: the page with its
   * figures, and the count): the active people `people` selects (and `search` matches: first name,
   * last name or "first last", case-insensitive), by last name, first name, id, with their
   * capacity, the estimated minutes of their open tasks (no built-in closed status) due in
   * [from, to] (a task's whole estimate counts for each of its assignees) and the minutes they
   * logged then.
   */
  async workload(
    scope: Scope,
    q: { from: string; to: string; search?: string | undefined } & PageParams,
    people: SQL | undefined,
  ): Promise<ListResult<WorkloadRow>> {
    const c = scope.companyId;
    const { limit, offset } = pageWindow(q);
    // "first last" contains the first name and the last name alone: one pattern covers the three.
    const matches = searchAny(q.search, sql`(u.first_name || ' ' || u.last_name)`);
    const where = sql`u.company_id = ${c} and u.status = 'active'${people ? sql` and ${people}` : sql``}${
      matches ? sql` and ${matches}` : sql``
    }`;
    // The page of people first (users_company_name_idx serves its order), then the sums for its
    // people only, so the statement's cost follows the page, not the company: planned from the
    // assignee tallies (task_assignee_tallies: a row a person, status and due date with their
    // tasks' estimated minutes, migration 0045; its (company, user, status, due date) index serves
    // a page's people), logged from the day tallies (time_user_days: a row a person and day, its
    // (company, user, day) index). Issue 28: a look-up per person of all their assignments took
    // 2 s a request for 500 people; then every active person in one answer (500 rows, 92 KB at the
    // bench's company) missed the p99 budget.
    const [rows, total] = await Promise.all([
      scope.db.execute(sql`
        with page as (
          select u.id, u.first_name, u.last_name, u.department_id, u.expected_weekly_minutes
            from users u
           where ${where}
           order by u.last_name, u.first_name, u.id
           limit ${limit} offset ${offset}
        ), planned as (
          select a.user_id, round(sum(a.estimated_minutes))::int as minutes
            from task_assignee_tallies a
            left join task_statuses s on s.company_id = a.company_id and s.id = a.status_id
           where a.company_id = ${c} and a.user_id in (select id from page)
             and a.due_date between ${q.from} and ${q.to} and s.built_in is null
           group by a.user_id
        ), logged as (
          select user_id, sum(minutes) as minutes from time_user_days
           where company_id = ${c} and user_id in (select id from page) and day between ${q.from} and ${q.to}
           group by user_id
        )
        select u.id as "userId", u.first_name as "firstName", u.last_name as "lastName",
               d.name as "departmentName",
               coalesce(u.expected_weekly_minutes, ${DEFAULT_EXPECTED_WEEKLY_MINUTES})::int as "capacityMinutes",
               coalesce(p.minutes, 0)::int as "plannedMinutes",
               coalesce(l.minutes, 0)::int as "loggedMinutes"
          from page u
          left join departments d on d.company_id = ${c} and d.id = u.department_id
          left join planned p on p.user_id = u.id
          left join logged l on l.user_id = u.id
         order by u.last_name, u.first_name, u.id`),
      scope.db.execute(sql`select count(*)::int as n from users u where ${where}`),
    ]);
    return { rows: rowsOf<WorkloadRow>(rows), total: rowsOf<{ n: number }>(total)[0]?.n ?? 0 };
  },

  /** The active people of the company holding `permission` (effective: roles, grants, modules). */
  async holdersOf(scope: Scope, permission: string): Promise<string[]> {
    const active = await scope.db
      .select({ id: users.id })
      .from(users)
      .where(scope.own(users, eq(users.status, 'active')));
    const held = await accessRepo(scope.db).effectivePermissionsOf(
      scope.companyId,
      active.map((u) => u.id),
      [permission],
    );
    return [...held.keys()];
  },

  /** Whether the actor manages any department. */
  async managesAny(scope: Scope): Promise<boolean> {
    const [row] = await scope.db
      .select({ id: departments.id })
      .from(departments)
      .where(scope.own(departments, eq(departments.managerId, scope.actor.userId)))
      .limit(1);
    return !!row;
  },

  /** Whether a department of this company exists, and who manages it. */
  async department(scope: Scope, id: string): Promise<{ managerId: string | null } | null> {
    const [row] = await scope.db
      .select({ managerId: departments.managerId })
      .from(departments)
      .where(scope.own(departments, eq(departments.id, id)));
    return row ?? null;
  },

  /** Whether a project of this company exists, and whether `userId` is a member of it. */
  async project(scope: Scope, id: string, userId: string): Promise<{ member: boolean } | null> {
    const [row] = rowsOf<{ member: boolean }>(
      await scope.db.execute(sql`
        select exists (select 1 from project_members m
                        where m.company_id = p.company_id and m.project_id = p.id and m.user_id = ${userId}) as member
          from projects p where p.company_id = ${scope.companyId} and p.id = ${id}`),
    );
    return row ?? null;
  },

  /**
   * Approved time over [from, to] by day, person, project, task and billable flag (the payroll
   * export): entries whose day belongs to an approved week (the submitted or approved week holding
   * it that was submitted first: `countedElsewhere`'s rule, so each entry once, also where weeks
   * made under an older first day of the week overlap newer ones), one grouped statement, in day,
   * person, project order.
   */
  async approvedTime(
    scope: Scope,
    q: {
      from: string;
      to: string;
      projectId?: string | undefined;
      userId?: string | undefined;
      billable?: boolean | undefined;
    },
  ): Promise<ApprovedTimeRow[]> {
    const c = scope.companyId;
    const day = sql`(l.logged_at at time zone 'UTC')::date`;
    return rowsOf<ApprovedTimeRow>(
      await scope.db.execute(sql`
        select to_char(${day}, 'YYYY-MM-DD') as day, u.employee_code as "employeeCode",
               u.first_name || ' ' || u.last_name as "userName", p.name as "projectName",
               case when t.id is null then null else p.code || '-' || t.number end as "taskKey",
               t.title as "taskTitle", l.billable, sum(l.duration_minutes)::int as minutes
          from time_logs l
          join lateral (
            select w.status from timesheet_weeks w
             where w.company_id = l.company_id and w.user_id = l.user_id and w.status in ${HOLDING}
               and w.week_start <= ${day} and w.week_start + 6 >= ${day}
             order by w.submitted_at, w.id limit 1) w on w.status = 'approved'
          join users u on u.company_id = l.company_id and u.id = l.user_id
          join projects p on p.company_id = l.company_id and p.id = l.project_id
          left join tasks t on t.company_id = l.company_id and t.id = l.task_id
         where l.company_id = ${c}
           and l.logged_at >= ${dayStart(q.from)} and l.logged_at < ${nextDayStart(q.to)}
           ${q.projectId ? sql`and l.project_id = ${q.projectId}` : sql``}
           ${q.userId ? sql`and l.user_id = ${q.userId}` : sql``}
           ${q.billable === undefined ? sql`` : sql`and l.billable = ${q.billable}`}
         group by 1, u.id, u.employee_code, u.first_name, u.last_name, p.id, p.name, p.code, t.id, t.number, t.title, l.billable
         order by 1, u.last_name, u.first_name, u.id, p.name, p.id, t.number nulls first, l.billable desc`),
    );
  },

  /**
   * Records that each person is reminded of their week; answers those who were not yet (the unique
   * key (company, person, week)): whichever process's round gets there first reminds them, once.
   */
  async markReminded(
    scope: Scope,
    due: readonly { userId: string; weekStart: string }[],
  ): Promise<{ userId: string; weekStart: string }[]> {
    if (due.length === 0) return [];
    return scope.db
      .insert(timesheetReminders)
      .values(due.map((d) => scope.values({ userId: d.userId, weekStart: d.weekStart })))
      .onConflictDoNothing()
      .returning({ userId: timesheetReminders.userId, weekStart: timesheetReminders.weekStart });
  },

  /** The active people of the company among `userIds` with their time zones. */
  async zonesOf(scope: Scope, userIds: readonly string[]): Promise<{ userId: string; timeZone: string }[]> {
    if (userIds.length === 0) return [];
    return scope.db
      .select({ userId: users.id, timeZone: users.timeZone })
      .from(users)
      .where(scope.own(users, inArray(users.id, [...userIds])));
  },

  /** The statuses of (person, week) pairs (a week without a row is open), keyed `userId:weekStart`. */
  async statusesOfWeeks(
    scope: Scope,
    weeks: readonly { userId: string; weekStart: string }[],
  ): Promise<Map<string, string>> {
    if (weeks.length === 0) return new Map();
    const rows = await scope.db
      .select({
        userId: timesheetWeeks.userId,
        weekStart: timesheetWeeks.weekStart,
        status: timesheetWeeks.status,
      })
      .from(timesheetWeeks)
      .where(
        scope.own(
          timesheetWeeks,
          inArray(timesheetWeeks.userId, [...new Set(weeks.map((w) => w.userId))]),
          inArray(timesheetWeeks.weekStart, [...new Set(weeks.map((w) => w.weekStart))]),
        ),
      );
    return new Map(rows.map((r) => [`${r.userId}:${r.weekStart}`, r.status]));
  },
};
