/** Calendar days 'YYYY-MM-DD' of the timesheet weeks, read and moved in UTC (a day is a name, not an instant). */
const toDate = (day: string) => new Date(`${day}T00:00:00Z`);
const fromDate = (d: Date) => d.toISOString().slice(0, 10);

export function addDays(day: string, n: number): string {
  const d = toDate(day);
  d.setUTCDate(d.getUTCDate() + n);
  return fromDate(d);
}

/** The 7 days of the week starting `weekStart`. */
export const weekDays = (weekStart: string) => Array.from({ length: 7 }, (_, i) => addDays(weekStart, i));

/** Today in the reader's own time zone (the day they work on). */
export function today(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The first day (weekday `startsOn`, 0 = Sunday) of the week holding `day`. */
export function weekStartOf(day: string, startsOn: number): string {
  return addDays(day, -((toDate(day).getUTCDay() - startsOn + 7) % 7));
}

// In the reader's locale, as every other date of the app (lib/format.ts, the calendar, the
// timeline): 'Mon Jun 15' and 'Jun 15, 2026' in en-US, 'Mon 15 Jun' and '15 Jun 2026' in en-GB.
const short = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const long = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '2026-06-15' → 'Mon Jun 15' (en-US). */
export const formatDay = (day: string) => short.format(toDate(day)).replace(',', '');
/** '2026-06-15' → 'Jun 15, 2026' (en-US). */
export const formatDate = (day: string) => long.format(toDate(day));
/** The week's label, one range in the reader's locale: 'Jun 15 – 21, 2026' (en-US). */
export const formatWeek = (weekStart: string, weekEnd: string) =>
  long.formatRange(toDate(weekStart), toDate(weekEnd));

export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** Minutes as hours and minutes for totals: 2430 → '40h 30m', 2400 → '40h', 0 → '0h'. */
export function hoursLabel(minutes: number): string {
  const sign = minutes < 0 ? '-' : '';
  const m = Math.abs(minutes);
  const h = Math.floor(m / 60);
  const rest = m % 60;
  return `${sign}${h}h${rest ? ` ${rest}m` : ''}`;
}

/** A 'YYYY-MM-DD' from a URL parameter, or undefined when it is not one. */
export function dayParam(value: string | null): string | undefined {
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined;
}
