import type { TimesheetStatus, TimesheetWeek } from '@taskhive/contract';
import { addDays } from '../time-logs/index.ts';
import { timesheetsPolicy } from './timesheets.policy.ts';
import type { PersonRow, Settings, WeekRow } from './timesheets.repo.ts';
import { dayIndex } from './weeks.ts';

type Reader = { userId: string; permissions: ReadonlySet<string> };

/** Minutes of a week per day (7 entries from its first day) and its billable part. */
export type WeekSums = { dayMinutes: number[]; billableMinutes: number };

export const emptySums = (): WeekSums => ({ dayMinutes: [0, 0, 0, 0, 0, 0, 0], billableMinutes: 0 });

/** Adds a (day, minutes, billable) sum to a week's sums (days outside the week are ignored). */
export function addToSums(sums: WeekSums, weekStart: string, day: string, minutes: number, billable: number) {
  const i = dayIndex(weekStart, day);
  if (i < 0) return;
  sums.dayMinutes[i] = (sums.dayMinutes[i] ?? 0) + minutes;
  sums.billableMinutes += billable;
}

const personName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

/**
 * Whether the reader may change any entry of the week: its status locks it for them, or the
 * company's lock date lies after its last day (a lock date inside the week locks some days only:
 * the grid says which).
 */
function weekLocked(
  reader: Reader,
  ownerId: string,
  weekStart: string,
  status: TimesheetStatus,
  s: Settings,
) {
  return timesheetsPolicy.lockOf(reader, ownerId, addDays(weekStart, 6), status, s.lockedBefore) !== null;
}

/** One week as the lists and the grid show it to `reader`. */
export function toWeek(
  reader: Reader,
  settings: Settings,
  person: PersonRow,
  weekStart: string,
  week: WeekRow | null,
  sums: WeekSums,
): TimesheetWeek {
  const status: TimesheetStatus = week?.status ?? 'open';
  const approver = timesheetsPolicy.approves(reader, person);
  const total = sums.dayMinutes.reduce((n, m) => n + m, 0);
  return {
    id: week?.id ?? null,
    userId: person.userId,
    userName: personName(person),
    departmentName: person.departmentName,
    weekStart,
    weekEnd: addDays(weekStart, 6),
    status,
    submittedAt: week?.submittedAt?.toISOString() ?? null,
    decidedAt: week?.decidedAt?.toISOString() ?? null,
    decidedByName: week?.decidedByName ?? null,
    reason: status === 'rejected' ? (week?.reason ?? null) : null,
    totalMinutes: total,
    billableMinutes: sums.billableMinutes,
    expectedMinutes: person.expectedWeeklyMinutes,
    dayMinutes: sums.dayMinutes,
    locked: weekLocked(reader, person.userId, weekStart, status, settings),
    canSubmit: person.userId === reader.userId && (status === 'open' || status === 'rejected'),
    canApprove: approver && status === 'submitted',
    canReopen: approver && status !== 'open',
  };
}
