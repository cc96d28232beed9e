import type { RecurrenceEnds, RecurrenceFrequency } from '@taskhive/contract';
import { todayIn } from '../time-logs/index.ts';

/**
 * The arithmetic of recurring tasks (issue 26), pure: calendar dates ('YYYY-MM-DD') in, calendar
 * dates out, no clock and no time zone (the caller turns "now" into the rule's zone's day first).
 * A series is anchored on its first occurrence's date:
 * - daily, every N: the anchor plus a multiple of N days;
 * - weekly, every N on chosen ISO weekdays: the days chosen of every N-th week (Monday to Sunday)
 *   counted from the anchor's week, on or after the anchor;
 * - monthly, every N on day D: day D of every N-th month counted from the anchor's month, the last
 *   day of a month shorter than D (31 → 30 Apr, 28 or 29 Feb; 29 → 28 Feb in a common year).
 * Ends: never; after the `until` date (inclusive); or once `count` occurrences exist.
 */
export type RuleArithmetic = {
  frequency: RecurrenceFrequency;
  interval: number;
  weekdays: readonly number[] | null;
  monthDay: number | null;
  ends: RecurrenceEnds;
  untilDate: string | null;
  count: number | null;
};

const DAY_MS = 86_400_000;

const toTime = (day: string) => Date.parse(`${day}T00:00:00.000Z`);
const fromTime = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function addDays(day: string, n: number): string {
  return fromTime(toTime(day) + n * DAY_MS);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((toTime(to) - toTime(from)) / DAY_MS);
}

/** ISO weekday: 1 Monday ... 7 Sunday. */
export function isoWeekday(day: string): number {
  return ((new Date(toTime(day)).getUTCDay() + 6) % 7) + 1;
}

function mondayOf(day: string): string {
  return addDays(day, 1 - isoWeekday(day));
}

function daysInMonth(year: number, month0: number): number {
  return new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();
}

/** Day `monthDay` of the month `months` after the anchor's, clamped to the month's last day. */
function monthlyDate(anchor: string, months: number, monthDay: number): string {
  const [y = 1970, m = 1] = anchor.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month0 = index % 12;
  const d = Math.min(monthDay, daysInMonth(year, month0));
  return `${String(year).padStart(4, '0')}-${String(month0 + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The first date of the rule strictly after `after` (ends not applied). */
export function occurrenceAfter(rule: RuleArithmetic, anchor: string, after: string): string {
  const n = Math.max(1, rule.interval);
  if (rule.frequency === 'daily') {
    const gap = daysBetween(anchor, after);
    if (gap < 0) return anchor;
    return addDays(anchor, (Math.floor(gap / n) + 1) * n);
  }
  if (rule.frequency === 'weekly') {
    const days = new Set(rule.weekdays?.length ? rule.weekdays : [isoWeekday(anchor)]);
    const firstWeek = mondayOf(anchor);
    let d = addDays(after < anchor ? addDays(anchor, -1) : after, 1);
    // At most one whole cycle of N weeks, plus the rest of the current week, to look through.
    for (let i = 0; i < 7 * n + 7; i++, d = addDays(d, 1)) {
      const week = daysBetween(firstWeek, mondayOf(d)) / 7;
      if (week % n === 0 && days.has(isoWeekday(d))) return d;
    }
    throw new Error('weekly rule without a day');
  }
  const monthDay = rule.monthDay ?? Number(anchor.slice(8, 10));
  const [ay = 1970, am = 1] = anchor.split('-').map(Number);
  const [fy = 1970, fm = 1] = after.split('-').map(Number);
  // Start from the cycle of the month `after` falls in (or the anchor's), step N months until later.
  let k = Math.max(0, Math.floor((fy * 12 + fm - (ay * 12 + am)) / n));
  for (; ; k++) {
    const d = monthlyDate(anchor, k * n, monthDay);
    if (d > after && d >= anchor) return d;
  }
}

/**
 * The date of the series' next occurrence after the one dated `after`, once `created` occurrences
 * exist; null when the rule has ended (past its until date, or its count reached).
 */
export function nextOccurrence(
  rule: RuleArithmetic,
  anchor: string,
  after: string,
  created: number,
): string | null {
  if (rule.ends === 'count' && rule.count !== null && created >= rule.count) return null;
  const next = occurrenceAfter(rule, anchor, after);
  if (rule.ends === 'until' && rule.untilDate !== null && next > rule.untilDate) return null;
  return next;
}

/** The first `n` dates of a series from its anchor, ends applied (tests and previews). */
export function firstOccurrences(rule: RuleArithmetic, anchor: string, n: number): string[] {
  const out = [anchor];
  while (out.length < n) {
    const next = nextOccurrence(rule, anchor, out[out.length - 1] ?? anchor, out.length);
    if (!next) break;
    out.push(next);
  }
  return out;
}

/** Whether an occurrence dated `day` has arrived at `now` in `timeZone` (the rule's zone decides the day). */
export function hasArrived(day: string, timeZone: string, now: Date): boolean {
  return day <= todayIn(timeZone, now);
}
