import type { ProjectTimeline, TimelineTask, TimelineZoom } from '@taskhive/contract';

/**
 * The timeline's geometry, pure: days as `YYYY-MM-DD` strings computed in UTC (as the calendar's,
 * so a day is the same day in every time zone), the chart's range, the rows (lists, their tasks,
 * the unscheduled ones) and where a bar stands. Rows have one fixed height, so the window of rows
 * on screen is two divisions.
 */

const DAY_MS = 86_400_000;
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** A row's height in pixels (task rows and list headings alike). */
export const ROW_HEIGHT = 36;
/** Rows drawn above and below the visible ones, so a quick scroll shows no blank. */
export const OVERSCAN = 8;
/** A day's width in pixels at each zoom. */
export const DAY_WIDTH: Record<TimelineZoom, number> = { week: 40, month: 16, quarter: 5 };

const toDate = (day: string) => new Date(`${day}T00:00:00Z`);
const toDay = (d: Date) => d.toISOString().slice(0, 10);

export function isDay(value: string | null | undefined): value is string {
  if (!value || !DATE_RE.test(value)) return false;
  const d = toDate(value);
  return !Number.isNaN(d.getTime()) && toDay(d) === value;
}

export function addDays(day: string, n: number): string {
  return toDay(new Date(toDate(day).getTime() + n * DAY_MS));
}

/** Whole days from `a` to `b` (negative when b is earlier). */
export function daysBetween(a: string, b: string): number {
  return Math.round((toDate(b).getTime() - toDate(a).getTime()) / DAY_MS);
}

/** Today in the reader's own calendar. */
export function today(now = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** The Monday of the day's week. */
export function weekStart(day: string): string {
  return addDays(day, -((toDate(day).getUTCDay() + 6) % 7));
}

const dayShort = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });
const monthShort = new Intl.DateTimeFormat(undefined, { month: 'short', year: 'numeric', timeZone: 'UTC' });
/** "26 Nov". */
export const dayShortLabel = (day: string) => dayShort.format(toDate(day));
/** "Nov 2026". */
export const monthLabel = (day: string) => monthShort.format(toDate(day));

/** The zoom a URL's `?zoom=` gives (month when absent or unreadable). */
export function zoomFrom(value: string | null): TimelineZoom {
  return value === 'week' || value === 'quarter' ? value : 'month';
}

/** Where a task stands: a bar from start to due (both days included), a milestone, or nothing. */
export type Span = { kind: 'bar'; start: string; end: string } | { kind: 'milestone'; day: string };

export function spanOf(t: Pick<TimelineTask, 'startDate' | 'dueDate'>): Span | null {
  if (t.startDate && t.dueDate) return { kind: 'bar', start: t.startDate, end: t.dueDate };
  if (t.dueDate) return { kind: 'milestone', day: t.dueDate };
  // A start without a due date: a one-day bar on its start.
  if (t.startDate) return { kind: 'bar', start: t.startDate, end: t.startDate };
  return null;
}

/** The chart's first and last day: every dated task and today, with a margin, from a Monday. */
export function rangeOf(tasks: TimelineTask[], now: string): { from: string; to: string } {
  let min = now;
  let max = now;
  for (const t of tasks)
    for (const d of [t.startDate, t.dueDate])
      if (d) {
        if (d < min) min = d;
        if (d > max) max = d;
      }
  return { from: weekStart(addDays(min, -7)), to: addDays(max, 21) };
}

export type Row =
  | { kind: 'group'; id: string; label: string; count: number; collapsed: boolean }
  | { kind: 'task'; task: TimelineTask };

/** The unscheduled group's id (no list has it: lists' ids are UUIDs). */
export const UNSCHEDULED = 'unscheduled';

/**
 * The rows: each list in the project's order with its dated tasks (by start, then key), the tasks
 * of a list the answer did not name under "Other tasks", then the tasks without a date under
 * "Unscheduled". A collapsed group keeps its heading only. Lists without dated tasks are left out.
 */
export function rowsOf(
  t: Pick<ProjectTimeline, 'lists' | 'tasks'>,
  collapsed: ReadonlySet<string>,
  labels: { unscheduled: string; noList: string },
): Row[] {
  const byList = new Map<string, TimelineTask[]>();
  const unscheduled: TimelineTask[] = [];
  for (const task of t.tasks) {
    if (!spanOf(task)) unscheduled.push(task);
    else byList.set(task.taskListId, [...(byList.get(task.taskListId) ?? []), task]);
  }
  const startOf = (x: TimelineTask) => x.startDate ?? x.dueDate ?? '';
  const groups: { id: string; label: string; tasks: TimelineTask[] }[] = [];
  for (const l of t.lists) {
    const tasks = byList.get(l.taskListId);
    byList.delete(l.taskListId);
    if (tasks) groups.push({ id: l.taskListId, label: l.name, tasks });
  }
  const rest = [...byList.values()].flat();
  if (rest.length) groups.push({ id: 'other', label: labels.noList, tasks: rest });
  for (const g of groups) g.tasks.sort((a, b) => startOf(a).localeCompare(startOf(b)));
  if (unscheduled.length) groups.push({ id: UNSCHEDULED, label: labels.unscheduled, tasks: unscheduled });
  const rows: Row[] = [];
  for (const g of groups) {
    const isCollapsed = collapsed.has(g.id);
    rows.push({ kind: 'group', id: g.id, label: g.label, count: g.tasks.length, collapsed: isCollapsed });
    if (!isCollapsed) for (const task of g.tasks) rows.push({ kind: 'task', task });
  }
  return rows;
}

/** The rows to draw for a scroll position: the visible ones and OVERSCAN either side. */
export function windowOf(scrollTop: number, height: number, total: number): { first: number; last: number } {
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(total - 1, Math.ceil((scrollTop + height) / ROW_HEIGHT) + OVERSCAN);
  return { first, last };
}

/** A bar's left edge and width in pixels; a milestone's centre is its day's middle. */
export function geometry(span: Span, from: string, dayWidth: number): { left: number; width: number } {
  if (span.kind === 'milestone') return { left: (daysBetween(from, span.day) + 0.5) * dayWidth, width: 0 };
  return {
    left: daysBetween(from, span.start) * dayWidth,
    width: (daysBetween(span.start, span.end) + 1) * dayWidth,
  };
}

/** What a drag or a key does to a task's dates: move both, or move one end (never past the other). */
export type Change = 'move' | 'start' | 'end';

export function shifted(
  t: Pick<TimelineTask, 'startDate' | 'dueDate'>,
  change: Change,
  days: number,
): { startDate: string | null; dueDate: string | null } {
  const { startDate, dueDate } = t;
  if (change === 'move')
    return {
      startDate: startDate && addDays(startDate, days),
      dueDate: dueDate && addDays(dueDate, days),
    };
  if (!startDate || !dueDate) return { startDate, dueDate };
  if (change === 'start') {
    const next = addDays(startDate, days);
    return { startDate: next > dueDate ? dueDate : next, dueDate };
  }
  const next = addDays(dueDate, days);
  return { startDate, dueDate: next < startDate ? startDate : next };
}
