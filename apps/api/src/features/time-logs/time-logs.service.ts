import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import {
  type CreateTimeLogInput,
  formatDuration,
  MESSAGES,
  MINUTES_PER_DAY,
  type Paged,
  type RunningTimer,
  type StartTimerBody,
  type TimeLog,
  type TimeLogExportQuery,
  type TimeLogListQuery,
  TIMELOG_TOTALS_DEFAULT_DAYS,
  type TimeLogTotals,
  type TimeLogTotalsQuery,
  toHours,
  TIMESHEET_MESSAGES,
  type UpdateTimeLogInput,
} from '@taskhive/contract';
import { conflict, fieldError, forbidden, HttpError, notFound } from '../../lib/errors.ts';
import { toPaged } from '../../lib/list.ts';
import type { LiveChange } from '../../lib/live-events.ts';
import type { Scope } from '../../lib/scope.ts';
import { addDays, isFutureDay, localTime, todayUtc } from './days.ts';
import { CSV_COLUMNS, toCsvRecord, toRunningTimer, toTimeLog } from './time-logs.mapper.ts';
import { timeLogPolicy, visibleTimeLogs } from './time-logs.policy.ts';
import { dayOf, dayStart, filterConditions, timeLogsRepo } from './time-logs.repo.ts';
import { projectsPolicy } from '../projects/index.ts';
import { tasksReads } from '../tasks/index.ts';
import { timesheetLocks } from '../timesheets/index.ts';
import { usersReads } from '../users/index.ts';
import { timersRepo } from './timers.repo.ts';

async function load(scope: Scope, id: string) {
  const row = await timeLogsRepo.byId(scope, id);
  if (!row) throw notFound('Timelog');
  return row;
}

/**
 * The task an entry or a timer names, if the caller may read it (the rule GET /api/Tasks/{id}
 * follows): a task outside the caller's reach is as unknown as another company's.
 */
function taskInReach(scope: Scope, taskId: string) {
  return tasksReads.taskRef(scope, taskId, projectsPolicy.taskReach(scope.actor));
}

async function taskOf(scope: Scope, taskId: string) {
  const task = await taskInReach(scope, taskId);
  if (!task) throw fieldError('taskId', MESSAGES.timesheets.taskRequired);
  return task;
}

function assertNotFuture(day: string) {
  if (isFutureDay(day)) throw fieldError('loggedAt', MESSAGES.timesheets.futureDay);
}

/**
 * Inside a transaction: lock the user's day, then check that `minutes` more (leaving out the
 * entry being edited) stays within 24 hours. Two concurrent writes to one day queue on the lock.
 */
async function assertRoomOnDay(scope: Scope, userId: string, day: string, minutes: number, except?: string) {
  await timeLogsRepo.lockDay(scope, userId, day);
  const used = await timeLogsRepo.minutesOnDay(scope, userId, day, except);
  if (used + minutes > MINUTES_PER_DAY) {
    const message = `${MESSAGES.timesheets.dayLimit} ${formatDuration(used)} is already logged on ${day}.`;
    throw conflict(message, { duration: [message] });
  }
}

type NewEntry = Parameters<typeof timeLogsRepo.insertWithinDay>[1];

/**
 * The timesheet locks' check of a write of one person's one day (`timesheetLocks.assertWritable`),
 * its day's lock taken in the same statement as the person's (issue 28: one round trip less).
 */
function assertWritableDay(tx: Scope, userId: string, day: string) {
  return timesheetLocks.assertWritable(tx, userId, [day], [timeLogsRepo.dayLockName(tx, userId, day)]);
}

/**
 * Inside a transaction: lock the user's day, then insert the entry only if the day stays within
 * 24 hours (the sum and the insert are one statement); 409 with what is already logged if not.
 */
/**
 * Inside a transaction: a new entry, if the day has room for it. The day's lock comes first (the
 * write's timesheet lock took it already: `dayLocked`, `assertWritableDay`).
 */
async function insertWithinDay(
  scope: Scope,
  entry: NewEntry,
  day: string,
  dayLocked = false,
): Promise<string> {
  if (!dayLocked) await timeLogsRepo.lockDay(scope, entry.userId, day);
  const id = await timeLogsRepo.insertWithinDay(scope, entry, day, MINUTES_PER_DAY);
  if (id !== null) return id;
  const used = await timeLogsRepo.minutesOnDay(scope, entry.userId, day);
  const message = `${MESSAGES.timesheets.dayLimit} ${formatDuration(used)} is already logged on ${day}.`;
  throw conflict(message, { duration: [message] });
}

/** The id a running timer's live events carry (a user has at most one timer). */
const TIMER_ID = 'timer';

/** A time log's live event: its owner is the one user besides the readers of all who gets it. */
function logEvent(
  action: 'created' | 'updated' | 'deleted',
  id: string,
  log: { userId: string; projectId: string | null; taskId: string | null },
): LiveChange {
  return { type: 'timelog', action, id, projectId: log.projectId, taskId: log.taskId, userIds: [log.userId] };
}

/** Time logs of the scope's company, as far as the caller may see them (time-logs.policy.ts). */
export const timeLogsService = {
  async list(scope: Scope, q: TimeLogListQuery): Promise<Paged<TimeLog>> {
    const result = await timeLogsRepo.list(scope, q, visibleTimeLogs(scope));
    return toPaged(q, result, (row) => toTimeLog(scope, row));
  },

  async get(scope: Scope, id: string): Promise<TimeLog> {
    const row = await load(scope, id);
    timeLogPolicy.assertView(scope, row);
    return toTimeLog(scope, row);
  },

  async create(scope: Scope, body: CreateTimeLogInput): Promise<TimeLog> {
    const userId = body.userId ?? scope.actor.userId;
    if (!timeLogPolicy.canLogFor(scope, userId)) throw forbidden(MESSAGES.timesheets.logForOthers);
    // The two look-ups at once (one round trip of waiting, not two); their errors in the same order.
    const [owner, task] = await Promise.all([
      userId === scope.actor.userId ? true : usersReads.ownerOf(scope, userId),
      taskInReach(scope, body.taskId),
    ]);
    if (!owner) throw fieldError('userId', 'Choose an employee of this company.');
    if (!task) throw fieldError('taskId', MESSAGES.timesheets.taskRequired);
    assertNotFuture(body.loggedAt);
    const id = await scope.transaction(async (tx) => {
      await assertWritableDay(tx, userId, body.loggedAt);
      const logId = await insertWithinDay(
        tx,
        {
          userId,
          projectId: task.projectId,
          taskId: task.taskId,
          loggedAt: dayStart(body.loggedAt),
          durationMinutes: body.duration,
          description: body.description ?? null,
          billable: body.billable ?? true,
        },
        body.loggedAt,
        true,
      );
      tx.emit(logEvent('created', logId, { userId, ...task }));
      return logId;
    });
    return toTimeLog(scope, await load(scope, id));
  },

  /** Updates the fields sent and keeps the others; the 24-hour rule is checked on the resulting day. */
  async update(scope: Scope, id: string, body: UpdateTimeLogInput): Promise<TimeLog> {
    const row = await load(scope, id);
    timeLogPolicy.assertEdit(scope, row);
    if (body.loggedAt !== undefined) assertNotFuture(body.loggedAt);
    // The entry's own task sent again (the edit form sends it with every change) is no move: it
    // needs no reach, so an entry logged before its owner left the project stays editable.
    const newTaskId = body.taskId !== row.taskId ? body.taskId : undefined;
    const task = newTaskId === undefined ? undefined : await taskOf(scope, newTaskId);
    const day = body.loggedAt ?? dayOf(row.loggedAt);
    const minutes = body.duration ?? row.durationMinutes;
    await scope.transaction(async (tx) => {
      await timesheetLocks.assertWritable(tx, row.userId, [dayOf(row.loggedAt), day]);
      await assertRoomOnDay(tx, row.userId, day, minutes, id);
      await timeLogsRepo.update(tx, id, {
        ...(task ? { taskId: task.taskId, projectId: task.projectId } : {}),
        ...(body.loggedAt !== undefined ? { loggedAt: dayStart(body.loggedAt) } : {}),
        ...(body.duration !== undefined ? { durationMinutes: body.duration } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.billable !== undefined ? { billable: body.billable } : {}),
      });
      tx.emit(
        logEvent('updated', id, {
          userId: row.userId,
          ...(task ?? { projectId: row.projectId, taskId: row.taskId }),
        }),
      );
    });
    return toTimeLog(scope, await load(scope, id));
  },

  async remove(scope: Scope, id: string): Promise<{ timeLogId: string }> {
    const row = await load(scope, id);
    timeLogPolicy.assertDelete(scope, row);
    await scope.transaction(async (tx) => {
      await timesheetLocks.assertWritable(tx, row.userId, [dayOf(row.loggedAt)]);
      await timeLogsRepo.delete(tx, id);
      tx.emit({ ...logEvent('deleted', id, row), notice: { entry: row } });
    });
    return { timeLogId: id };
  },

  /** Totals per task over the filters; the last 30 days (ending today) unless a range is given. */
  async totals(scope: Scope, q: TimeLogTotalsQuery): Promise<TimeLogTotals> {
    const to = q.loggedAtTo ?? todayUtc();
    const from = q.loggedAtFrom ?? addDays(to, 1 - TIMELOG_TOTALS_DEFAULT_DAYS);
    const where = filterConditions(
      scope,
      { ...q, loggedAtFrom: from, loggedAtTo: to },
      visibleTimeLogs(scope),
    );
    const groups = await timeLogsRepo.totalsByTask(scope, where);
    const totalMinutes = groups.reduce((n, g) => n + g.totalMinutes, 0);
    return {
      from,
      to,
      totalMinutes,
      totalHours: toHours(totalMinutes),
      entryCount: groups.reduce((n, g) => n + g.entryCount, 0),
      items: groups.map((g) => ({ ...g, totalHours: toHours(g.totalMinutes) })),
    };
  },

  /**
   * The filtered entries as a CSV stream: keyset pages are read one at a time and written through
   * csv-stringify, so memory stays flat whatever the number of rows.
   */
  exportCsv(scope: Scope, q: TimeLogExportQuery): Readable {
    const where = filterConditions(scope, q, visibleTimeLogs(scope));
    async function* records() {
      for await (const page of timeLogsRepo.batches(scope, where)) {
        for (const row of page) yield toCsvRecord(row);
      }
    }
    const csv = stringify({ header: true, columns: CSV_COLUMNS, bom: true });
    const source = Readable.from(records());
    source.on('error', (err) => csv.destroy(err));
    return source.pipe(csv);
  },

  /**
   * A cell of the timesheet grid (issue 25, PUT /api/Timesheets/cells): the caller's own time on
   * one task (or a project's time without a task) and day becomes `duration` ('' or '0' clears it).
   * No entry: one is made (a task is needed); one entry: it changes or goes; several: 409. The
   * locks and the 24-hour rule apply as to every write of time.
   */
  async setCell(
    scope: Scope,
    body: { day: string; projectId: string; taskId: string | null; duration: number | '' | '0' },
  ): Promise<void> {
    const me = scope.actor.userId;
    const self = { userId: me, departmentManagerId: null };
    const minutes = typeof body.duration === 'number' ? body.duration : 0;
    if (minutes > 0) assertNotFuture(body.day);
    await scope.transaction(async (tx) => {
      await assertWritableDay(tx, me, body.day);
      const entries = await timeLogsRepo.cellEntries(tx, me, body.day, body.projectId, body.taskId);
      const [entry] = entries;
      if (entries.length > 1) throw conflict(TIMESHEET_MESSAGES.cellHasSeveral);
      if (!entry) {
        if (minutes === 0) return;
        if (body.taskId === null) throw fieldError('taskId', TIMESHEET_MESSAGES.taskRequired);
        const task = await taskInReach(tx, body.taskId);
        if (!task || task.projectId !== body.projectId)
          throw fieldError('taskId', MESSAGES.timesheets.taskRequired);
        const logId = await insertWithinDay(
          tx,
          {
            userId: me,
            projectId: task.projectId,
            taskId: task.taskId,
            loggedAt: dayStart(body.day),
            durationMinutes: minutes,
            description: null,
            billable: true,
          },
          body.day,
          true,
        );
        tx.emit(logEvent('created', logId, { userId: me, ...task }));
      } else if (minutes === 0) {
        timeLogPolicy.assertDelete(tx, self);
        await timeLogsRepo.delete(tx, entry.id);
        tx.emit({ ...logEvent('deleted', entry.id, entry), notice: { entry } });
      } else {
        timeLogPolicy.assertEdit(tx, self);
        await assertRoomOnDay(tx, me, body.day, minutes, entry.id);
        await timeLogsRepo.update(tx, entry.id, { durationMinutes: minutes });
        tx.emit(logEvent('updated', entry.id, entry));
      }
    });
  },

  timer: {
    async current(scope: Scope): Promise<RunningTimer | null> {
      const row = await timersRepo.ofUser(scope, scope.actor.userId);
      return row ? toRunningTimer(row) : null;
    },

    async start(scope: Scope, body: StartTimerBody): Promise<RunningTimer> {
      const task = await taskOf(scope, body.taskId);
      await scope.transaction(async (tx) => {
        const started = await timersRepo.start(tx, {
          userId: tx.actor.userId,
          projectId: task.projectId,
          taskId: task.taskId,
          description: body.description ?? null,
          billable: body.billable ?? true,
        });
        if (!started) throw conflict(MESSAGES.timesheets.timerRunning);
        tx.emit(logEvent('created', TIMER_ID, { userId: tx.actor.userId, ...task }));
      });
      const row = await timersRepo.ofUser(scope, scope.actor.userId);
      if (!row) throw notFound('Timer');
      return toRunningTimer(row);
    },

    /**
     * Turns the running timer into an entry on the day given (the client's local day) or the day
     * it started in the person's time zone, rounded to whole minutes (at least one). A failed stop keeps the timer.
     */
    async stop(
      scope: Scope,
      body: {
        loggedAt?: string | undefined;
        description?: string | null | undefined;
        billable?: boolean | undefined;
      },
      now: Date = new Date(),
    ): Promise<TimeLog> {
      const id = await scope.transaction(async (tx) => {
        const timer = await timersRepo.take(tx, tx.actor.userId);
        if (!timer) throw new HttpError(404, MESSAGES.timesheets.noTimer);
        const minutes = Math.max(1, Math.round((now.getTime() - timer.startedAt.getTime()) / 60_000));
        if (minutes > MINUTES_PER_DAY) throw conflict(MESSAGES.timesheets.timerTooLong);
        const day =
          body.loggedAt ??
          localTime(
            (await usersReads.timeZones(tx, [tx.actor.userId])).get(tx.actor.userId) ?? 'UTC',
            timer.startedAt,
          ).day;
        assertNotFuture(day);
        await assertWritableDay(tx, tx.actor.userId, day);
        const logId = await insertWithinDay(
          tx,
          {
            userId: tx.actor.userId,
            projectId: timer.projectId,
            taskId: timer.taskId,
            loggedAt: dayStart(day),
            durationMinutes: minutes,
            description: body.description !== undefined ? body.description : timer.description,
            billable: body.billable ?? timer.billable,
          },
          day,
          true,
        );
        tx.emit(logEvent('deleted', TIMER_ID, { ...timer, userId: tx.actor.userId }));
        tx.emit(logEvent('created', logId, { ...timer, userId: tx.actor.userId }));
        return logId;
      });
      return toTimeLog(scope, await load(scope, id));
    },

    async discard(scope: Scope): Promise<{ discarded: true }> {
      await scope.transaction(async (tx) => {
        const timer = await timersRepo.take(tx, tx.actor.userId);
        if (!timer) throw new HttpError(404, MESSAGES.timesheets.noTimer);
        tx.emit(logEvent('deleted', TIMER_ID, { ...timer, userId: tx.actor.userId }));
      });
      return { discarded: true };
    },
  },
};

export type TimeLogsService = typeof timeLogsService;
