import { formatDuration, type RunningTimer, type TimeLog, toHours } from '@taskhive/contract';
import type { Scope } from '../../lib/scope.ts';
import { timeLogPolicy } from './time-logs.policy.ts';
import { dayOf, type TimeLogRow } from './time-logs.repo.ts';
import type { TimerRow } from './timers.repo.ts';

/** A row as the API answers it, with what the caller may do with it. */
export function toTimeLog(scope: Scope, row: TimeLogRow): TimeLog {
  return {
    timeLogId: row.id,
    userId: row.userId,
    userName: row.userName,
    projectId: row.projectId,
    projectName: row.projectName,
    taskId: row.taskId,
    taskTitle: row.taskTitle,
    loggedAt: dayOf(row.loggedAt),
    duration: formatDuration(row.durationMinutes),
    durationMinutes: row.durationMinutes,
    durationHours: toHours(row.durationMinutes),
    description: row.description,
    billable: row.billable,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    canEdit: timeLogPolicy.canEdit(scope, row),
    canDelete: timeLogPolicy.canDelete(scope, row),
  };
}

export function toRunningTimer(row: TimerRow): RunningTimer {
  return {
    timerId: row.id,
    taskId: row.taskId,
    taskTitle: row.taskTitle,
    projectId: row.projectId,
    projectName: row.projectName,
    description: row.description,
    billable: row.billable,
    startedAt: row.startedAt.toISOString(),
  };
}

/** The CSV columns of an export, in order. */
export const CSV_COLUMNS = [
  'Date',
  'User',
  'Project',
  'Task',
  'Description',
  'Duration',
  'Hours',
  'Billable',
];

/**
 * One CSV record. A cell that a spreadsheet would read as a formula (= + - @ tab CR first) is
 * prefixed with an apostrophe; quoting and escaping are csv-stringify's.
 */
export function toCsvRecord(row: TimeLogRow): string[] {
  const safe = (v: string | null) => (v === null ? '' : /^[=+\-@\t\r]/.test(v) ? `'${v}` : v);
  return [
    dayOf(row.loggedAt),
    safe(row.userName),
    safe(row.projectName),
    safe(row.taskTitle),
    safe(row.description),
    formatDuration(row.durationMinutes),
    toHours(row.durationMinutes).toFixed(2),
    row.billable ? 'yes' : 'no',
  ];
}
