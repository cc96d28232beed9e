import {
  type ApprovalsQuery,
  type Capacity,
  type Paged,
  TIMESHEET_MESSAGES,
  type TimesheetGrid,
  type TimesheetRow,
  type TimesheetSettings,
  type TimesheetStatus,
  type TimesheetWeek,
  type TimesheetExportQuery,
  toHours,
  type UpdateTimesheetSettingsBody,
  type Workload,
  type WorkloadQuery,
} from '@taskhive/contract';
import { stringify } from 'csv-stringify/sync';
import { and, sql } from 'drizzle-orm';
import { conflict, fieldError, forbidden, notFound } from '../../lib/errors.ts';
import { toPaged } from '../../lib/list.ts';
import type { LiveChange } from '../../lib/live-events.ts';
import type { Scope } from '../../lib/scope.ts';
import { daysBetween, todayIn } from '../time-logs/index.ts';
import { addToSums, emptySums, toWeek, type WeekSums } from './timesheets.mapper.ts';
import { timesheetsPolicy } from './timesheets.policy.ts';
import { type PersonRow, type Settings, timesheetsRepo, type WeekRow } from './timesheets.repo.ts';
import { daysOf, weekOf } from './weeks.ts';

const toSettings = (s: Settings): TimesheetSettings => ({
  weekStartsOn: s.weekStartsOn,
  lockedBefore: s.lockedBefore,
  reminderWeekday: s.reminderWeekday,
});

/**
 * A week's change: type `timesheet`, its person in `userIds` (the live fan-out adds their
 * approvers: timesheets.policy.ts `hearsOf`), the status from and to as its fields.
 */
function weekChange(
  action: 'created' | 'updated',
  weekId: string,
  userId: string,
  from: TimesheetStatus,
  to: TimesheetStatus,
): LiveChange {
  return {
    type: 'timesheet',
    action,
    id: weekId,
    userIds: [userId],
    fields: [{ field: 'status', from, to }],
  };
}

async function personOf(scope: Scope, userId: string): Promise<PersonRow> {
  const person = await timesheetsRepo.person(scope, userId);
  if (!person) throw notFound('Employee');
  return person;
}

/** The week's sums from grouped (day, minutes, billable) rows. */
function sumsOf(
  weekStart: string,
  rows: readonly { day: string; minutes: number; billable: number }[],
): WeekSums {
  const sums = emptySums();
  for (const r of rows) addToSums(sums, weekStart, r.day, r.minutes, r.billable);
  return sums;
}

/**
 * Moves the weeks `ids` from one of `from` to `to`, all or nothing: each must exist in the
 * company (else 404), be one the actor approves (else 403) and be in one of `from` (else 409).
 * Each transition is a history row and a change record, in the transaction.
 */
async function transition(
  scope: Scope,
  ids: readonly string[],
  from: readonly TimesheetStatus[],
  to: TimesheetStatus,
  reason: string | null,
  notInState: string,
): Promise<number> {
  return scope.transaction(async (tx) => {
    // The people's timesheet locks first (as the writes of their time take them), then the weeks'.
    await timesheetsRepo.lockPersonAndSettings(tx, await timesheetsRepo.ownersOf(tx, ids));
    const weeks = await timesheetsRepo.weeks(tx, ids, true);
    if (weeks.length !== ids.length) throw notFound('Timesheet');
    for (const w of weeks)
      if (!timesheetsPolicy.approves(tx.actor, w)) throw forbidden(timesheetsPolicy.refusal(tx.actor, w));
    for (const w of weeks) if (!from.includes(w.status)) throw conflict(notInState);
    await timesheetsRepo.decide(tx, ids, to, reason);
    await timesheetsRepo.addEvents(
      tx,
      weeks.map((w) => ({ weekId: w.id, status: to, reason })),
    );
    for (const w of weeks) tx.emit(weekChange('updated', w.id, w.userId, w.status, to));
    return weeks.length;
  });
}

export const timesheetsService = {
  async settings(scope: Scope): Promise<TimesheetSettings> {
    return toSettings(await timesheetsRepo.settings(scope));
  },

  /**
   * Changes the settings. The first day of the week may not change while a week waits for
   * approval (409): that week's dates would no longer be a week. Weeks decided before keep their
   * dates (history); every other week follows the new first day at once, and where one overlaps a
   * kept week the days count once (see the repository's `countedElsewhere`).
   */
  async updateSettings(scope: Scope, body: UpdateTimesheetSettingsBody): Promise<TimesheetSettings> {
    await scope.transaction(async (tx) => {
      // The company row locked: no time write or transition reads the old first day meanwhile.
      const before = await timesheetsRepo.settings(tx, 'update');
      if (
        body.weekStartsOn !== undefined &&
        body.weekStartsOn !== before.weekStartsOn &&
        (await timesheetsRepo.anySubmitted(tx))
      )
        throw conflict(TIMESHEET_MESSAGES.weekStartWhileSubmitted);
      await timesheetsRepo.updateSettings(tx, body);
      // Every open week and grid of the company may change (its days, its locks): no person named.
      tx.emit({ type: 'timesheet', action: 'updated', id: tx.companyId });
    });
    return timesheetsService.settings(scope);
  },

  /** A person's expected minutes per week: themself, or with employee:read / employee:read:all. */
  async capacity(scope: Scope, userId: string): Promise<Capacity> {
    const person = await personOf(scope, userId);
    const a = scope.actor;
    if (userId !== a.userId && !a.permissions.has('employee:read') && !a.permissions.has('employee:read:all'))
      throw forbidden();
    return { userId, expectedWeeklyMinutes: person.expectedWeeklyMinutes, isDefault: !person.capacitySet };
  },

  async setCapacity(scope: Scope, userId: string, minutes: number): Promise<Capacity> {
    await scope.transaction(async (tx) => {
      if (!(await timesheetsRepo.setCapacity(tx, userId, minutes))) throw notFound('Employee');
      tx.emit({ type: 'employee', action: 'updated', id: userId, userIds: [userId] });
    });
    return timesheetsService.capacity(scope, userId);
  },

  /**
   * One person's week as a grid: the caller's own, or (`userId`) a person the caller approves;
   * anyone else's answers 404 as an unknown person does. Six statements whatever the entries.
   */
  async grid(scope: Scope, userId: string | null, day: string | undefined): Promise<TimesheetGrid> {
    const settings = await timesheetsRepo.settings(scope);
    const person = await timesheetsRepo.person(scope, userId ?? scope.actor.userId);
    if (!person) throw notFound('Timesheet');
    if (person.userId !== scope.actor.userId && !timesheetsPolicy.approves(scope.actor, person))
      throw notFound('Timesheet');
    // No day named: the week holding the person's today, in their time zone.
    const { weekStart, weekEnd } = weekOf(day ?? todayIn(person.timeZone), settings.weekStartsOn);
    const [week, cells, holding] = await Promise.all([
      timesheetsRepo.week(scope, person.userId, weekStart),
      timesheetsRepo.cells(scope, person.userId, weekStart, weekEnd),
      timesheetsRepo.holdingStatuses(scope, person.userId, daysOf(weekStart)),
    ]);
    const history = week ? await timesheetsRepo.history(scope, week.id) : [];
    const rows = new Map<string, TimesheetRow>();
    for (const c of cells) {
      const key = `${c.projectId}:${c.taskId ?? ''}`;
      const row = rows.get(key) ?? {
        projectId: c.projectId,
        projectName: c.projectName,
        taskId: c.taskId,
        taskKey: c.taskKey,
        taskTitle: c.taskTitle,
        minutes: [0, 0, 0, 0, 0, 0, 0],
        entryCounts: [0, 0, 0, 0, 0, 0, 0],
      };
      const i = daysOf(weekStart).indexOf(c.day);
      if (i >= 0) {
        row.minutes[i] = (row.minutes[i] ?? 0) + c.minutes;
        row.entryCounts[i] = (row.entryCounts[i] ?? 0) + c.entries;
      }
      rows.set(key, row);
    }
    const lockedBefore =
      settings.lockedBefore !== null && settings.lockedBefore > weekStart && settings.lockedBefore <= weekEnd
        ? settings.lockedBefore
        : null;
    return {
      ...toWeek(
        scope.actor,
        settings,
        person,
        weekStart,
        week,
        sumsOf(
          weekStart,
          cells.filter((c) => c.counted),
        ),
      ),
      rows: [...rows.values()],
      history: history.map((h) => ({ ...h, at: h.at.toISOString() })),
      lockedBefore,
      heldDays: daysOf(weekStart).map((d) => {
        // Another week holding the day (weeks kept with an older first day's dates) that locks it.
        for (const h of holding.get(d) ?? [])
          if (
            h.weekStart !== weekStart &&
            timesheetsPolicy.lockOf(scope.actor, person.userId, d, h.status, null)
          )
            return TIMESHEET_MESSAGES.heldByWeek(h.weekStart, h.status);
        return null;
      }),
    };
  },

  /** The caller submits their week holding `day`: open or rejected → submitted. */
  async submit(scope: Scope, day: string): Promise<TimesheetWeek> {
    const person = await personOf(scope, scope.actor.userId);
    await scope.transaction(async (tx) => {
      const settings = await timesheetsRepo.lockPersonAndSettings(tx, [person.userId]);
      const { weekStart } = weekOf(day, settings.weekStartsOn);
      const done = await timesheetsRepo.submit(tx, person.userId, weekStart);
      if (!done) throw conflict(TIMESHEET_MESSAGES.notOpen);
      await timesheetsRepo.addEvents(tx, [{ weekId: done.id, status: 'submitted', reason: null }]);
      tx.emit(
        weekChange(
          done.from === 'open' ? 'created' : 'updated',
          done.id,
          person.userId,
          done.from,
          'submitted',
        ),
      );
    });
    return timesheetsService.weekOfPerson(scope, person, day);
  },

  async approve(scope: Scope, ids: readonly string[]): Promise<number> {
    return transition(scope, ids, ['submitted'], 'approved', null, TIMESHEET_MESSAGES.notSubmitted);
  },

  async reject(scope: Scope, ids: readonly string[], reason: string): Promise<number> {
    return transition(scope, ids, ['submitted'], 'rejected', reason, TIMESHEET_MESSAGES.notSubmitted);
  },

  /** An approver sends a submitted, approved or rejected week back to open. */
  async reopen(scope: Scope, id: string, reason: string | null): Promise<TimesheetWeek> {
    await transition(
      scope,
      [id],
      ['submitted', 'approved', 'rejected'],
      'open',
      reason,
      TIMESHEET_MESSAGES.alreadyOpen,
    );
    const [week] = await timesheetsRepo.weeks(scope, [id]);
    if (!week) throw notFound('Timesheet');
    return timesheetsService.weekOfPerson(scope, week, week.weekStart);
  },

  /** One week of a person as the lists show it. */
  async weekOfPerson(scope: Scope, person: PersonRow, day: string): Promise<TimesheetWeek> {
    const settings = await timesheetsRepo.settings(scope);
    const { weekStart } = weekOf(day, settings.weekStartsOn);
    const [week, sums] = await Promise.all([
      timesheetsRepo.week(scope, person.userId, weekStart),
      timesheetsRepo.daySums(scope, [{ userId: person.userId, weekStart }]),
    ]);
    return toWeek(scope.actor, settings, person, weekStart, week, sumsOf(weekStart, sums));
  },

  /** Weeks the caller approves, in a status (submitted by default), oldest week first: four statements a page. */
  async approvals(scope: Scope, q: ApprovalsQuery): Promise<Paged<TimesheetWeek>> {
    const settings = await timesheetsRepo.settings(scope);
    const result = await timesheetsRepo.list(scope, q, timesheetsPolicy.approvableWhere(scope));
    const sums = await timesheetsRepo.daySums(
      scope,
      result.rows.map((r) => ({ userId: r.userId, weekStart: r.weekStart })),
    );
    return toPaged(q, result, (row: WeekRow & PersonRow) => {
      const mine = sums.filter((s) => s.userId === row.userId && s.weekStart === row.weekStart);
      return toWeek(scope.actor, settings, row, row.weekStart, row, sumsOf(row.weekStart, mine));
    });
  },
};

/** A week's load: planned or logged (the larger) against capacity: under 80 %, over 100 %. */
function loadOf(capacity: number, planned: number, logged: number): 'under' | 'ok' | 'over' {
  const used = Math.max(planned, logged);
  if (capacity === 0) return used > 0 ? 'over' : 'ok';
  if (used > capacity) return 'over';
  return used < capacity * 0.8 ? 'under' : 'ok';
}

/** The CSV export's columns (payroll and billing). */
const EXPORT_COLUMNS = [
  'Date',
  'Employee code',
  'Person',
  'Project',
  'Task key',
  'Task',
  'Billable',
  'Hours',
];
/** A cell a spreadsheet would read as a formula (= + - @ tab CR first) gets a leading apostrophe. */
const safe = (v: string | null) => (v === null ? '' : /^[=+\-@\t\r]/.test(v) ? `'${v}` : v);
/** The longest range one export covers. */
const EXPORT_MAX_DAYS = 366;

export const timesheetReports = {
  /**
   * Workload of a week: per person, capacity, planned and logged minutes, a page of people (by
   * name; `search` on their name). `report:read:all` reads anyone (a department, a project's
   * members, or the company); a department manager reads the departments they manage (a project's
   * members among them); anyone else 403.
   */
  async workload(scope: Scope, q: WorkloadQuery): Promise<Workload> {
    const all = scope.actor.permissions.has('report:read:all');
    const managed = timesheetsPolicy.managedPeopleWhere(scope);
    if (!all && !(await timesheetsRepo.managesAny(scope))) throw forbidden();
    if (q.departmentId) {
      const d = await timesheetsRepo.department(scope, q.departmentId);
      if (!d) throw notFound('Department');
      if (!all && d.managerId !== scope.actor.userId) throw forbidden();
    }
    if (q.projectId) {
      const p = await timesheetsRepo.project(scope, q.projectId, scope.actor.userId);
      if (!p || (!p.member && !scope.actor.permissions.has('project:read:all'))) throw notFound('Project');
    }
    const settings = await timesheetsRepo.settings(scope);
    // No week named: the reader's this week, in their time zone.
    const reader = q.weekStart ? null : await timesheetsRepo.person(scope, scope.actor.userId);
    const { weekStart, weekEnd } = weekOf(
      q.weekStart ?? todayIn(reader?.timeZone ?? 'UTC'),
      settings.weekStartsOn,
    );
    const people = and(
      q.departmentId ? sql`u.department_id = ${q.departmentId}` : undefined,
      q.projectId
        ? sql`u.id in (select m.user_id from project_members m where m.company_id = ${scope.companyId} and m.project_id = ${q.projectId})`
        : undefined,
      all ? undefined : managed,
    );
    const page = await timesheetsRepo.workload(scope, { ...q, from: weekStart, to: weekEnd }, people);
    const { items, ...paging } = toPaged(q, page, (r) => ({
      userId: r.userId,
      userName: `${r.firstName} ${r.lastName}`.trim(),
      departmentName: r.departmentName,
      capacityMinutes: r.capacityMinutes,
      plannedMinutes: r.plannedMinutes,
      loggedMinutes: r.loggedMinutes,
      load: loadOf(r.capacityMinutes, r.plannedMinutes, r.loggedMinutes),
    }));
    return { weekStart, weekEnd, rows: items, ...paging };
  },

  /** Approved time as CSV (RFC 4180 by csv-stringify, a header row, formulas defused). */
  async exportCsv(scope: Scope, q: TimesheetExportQuery): Promise<string> {
    if (q.to < q.from) throw fieldError('to', 'The end is before the start');
    if (daysBetween(q.from, q.to) > EXPORT_MAX_DAYS)
      throw fieldError('to', `At most ${EXPORT_MAX_DAYS} days at a time`);
    const rows = await timesheetsRepo.approvedTime(scope, {
      from: q.from,
      to: q.to,
      projectId: q.projectId,
      userId: q.userId,
      billable: q.billable === undefined ? undefined : q.billable === 'true',
    });
    return stringify(
      rows.map((r) => [
        r.day,
        safe(r.employeeCode),
        safe(r.userName),
        safe(r.projectName),
        safe(r.taskKey),
        safe(r.taskTitle),
        r.billable ? 'yes' : 'no',
        toHours(r.minutes).toFixed(2),
      ]),
      { header: true, columns: EXPORT_COLUMNS, bom: true, record_delimiter: 'windows' },
    );
  },
};

export type TimesheetsService = typeof timesheetsService;
export type TimesheetReports = typeof timesheetReports;
