/**
 * The calendar's days: plain `YYYY-MM-DD` strings computed in UTC, so a day is the same day in
 * every time zone (the API's dates are calendar dates). Weeks start on Monday, like the board's
 * "this week" filter.
 */

export type CalendarView = 'month' | 'week';

/** What the page's URL holds: `?view=month|week&date=YYYY-MM-DD&projectId=&labels=id,id`. */
export interface CalendarState {
  view: CalendarView;
  /** A day of the period shown (its month, or its week). */
  date: string;
  /** One project's tasks, or null for mine. */
  projectId: string | null;
  /** Issue 26: only tasks carrying any of these labels (none: no filter), as the board's `labels`. */
  labelIds: string[];
}

const DAY_MS = 86_400_000;
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const toDate = (day: string) => new Date(`${day}T00:00:00Z`);
const toDay = (d: Date) => d.toISOString().slice(0, 10);

/** Today in the reader's own calendar (what "today" means on their screen). */
export function today(now = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** A real calendar day written as YYYY-MM-DD (2026-02-30 is not one). */
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

/** The Monday of the day's week. */
export function weekStart(day: string): string {
  const weekday = (toDate(day).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return addDays(day, -weekday);
}

export const monthOf = (day: string) => day.slice(0, 7);

export function addMonths(day: string, n: number): string {
  const d = toDate(day);
  const first = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1));
  // Keep the day of the month where the new month has it (31 January + 1 month: 28 February).
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d.getUTCDate(), last));
  return toDay(first);
}

/** The days a view shows: a month's 6 weeks × 7 days from the Monday on or before the 1st, or a week. */
export function daysOf(view: CalendarView, date: string): string[] {
  const start = view === 'week' ? weekStart(date) : weekStart(`${monthOf(date)}-01`);
  const count = view === 'week' ? 7 : 42;
  return Array.from({ length: count }, (_, i) => addDays(start, i));
}

/** The range the API is asked for: the view's first and last day. */
export function rangeOf(view: CalendarView, date: string): { from: string; to: string } {
  const days = daysOf(view, date);
  return { from: days[0] ?? date, to: days[days.length - 1] ?? date };
}

/** The next or previous period. */
export function step(view: CalendarView, date: string, dir: 1 | -1): string {
  return view === 'week' ? addDays(date, 7 * dir) : addMonths(date, dir);
}

/** The state a URL's parameters give; anything unreadable falls back to the default. */
export function stateFrom(params: URLSearchParams, now = today()): CalendarState {
  const view = params.get('view') === 'week' ? 'week' : 'month';
  const date = params.get('date');
  const projectId = params.get('projectId');
  return {
    view,
    date: isDay(date) ? date : now,
    projectId: projectId && UUID_RE.test(projectId) ? projectId : null,
    // An id that is no UUID would make the API answer 400: it is dropped, as a bad date is.
    labelIds: (params.get('labels') ?? '').split(',').filter((id) => UUID_RE.test(id)),
  };
}

/**
 * The URL's parameters for a state: only what differs from the defaults (month, today, mine, no
 * label) is written, and the page's other parameters (the drawer's `?task=`) are kept.
 */
export function paramsFor(state: CalendarState, current: URLSearchParams, now = today()): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (key: string, value: string | null) => (value ? next.set(key, value) : next.delete(key));
  set('view', state.view === 'month' ? null : state.view);
  set('date', state.date === now ? null : state.date);
  set('projectId', state.projectId);
  set('labels', state.labelIds.join(','));
  return next;
}

const titleMonth = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayLong = new Intl.DateTimeFormat(undefined, {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});
const dayShort = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });
const weekdayShort = new Intl.DateTimeFormat(undefined, { weekday: 'short', timeZone: 'UTC' });

/** "November 2026", or for a week "23 Nov – 29 Nov 2026". */
export function periodTitle(view: CalendarView, date: string): string {
  if (view === 'month') return titleMonth.format(toDate(date));
  const start = weekStart(date);
  const end = addDays(start, 6);
  return `${dayShort.format(toDate(start))} – ${dayShort.format(toDate(end))} ${end.slice(0, 4)}`;
}

/** "Thursday, 26 November": a day's name for people and screen readers. */
export const dayLabel = (day: string) => dayLong.format(toDate(day));
/** "26 Nov". */
export const dayShortLabel = (day: string) => dayShort.format(toDate(day));
/** Mon … Sun, in the reader's language. */
export const weekdayNames = (): string[] =>
  daysOf('week', '2026-11-23').map((d) => weekdayShort.format(toDate(d)));
/** The day of the month, "26". */
export const dayNumber = (day: string) => String(Number(day.slice(8, 10)));
