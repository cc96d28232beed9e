/**
 * Working days (Monday to Friday) on ISO dates (`YYYY-MM-DD`, calendar days in UTC), for
 * auto-scheduling (issue 26). No holidays: the company calendar has none. Whole weeks are counted
 * at once, so a date far away costs no more than a near one.
 */
const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

const toTime = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const toIso = (time: number) => new Date(time).toISOString().slice(0, 10);
const isWorkingDay = (time: number) => {
  const day = new Date(time).getUTCDay();
  return day !== 0 && day !== 6;
};

/** The working days after `from` up to and including `to` (0 when `to` is not later). */
export function workingDaysBetween(from: string, to: string): number {
  const start = toTime(from);
  const end = toTime(to);
  if (!(end > start)) return 0;
  const weeks = Math.floor((end - start) / WEEK_MS);
  let n = weeks * 5;
  for (let t = start + weeks * WEEK_MS + DAY_MS; t <= end; t += DAY_MS) if (isWorkingDay(t)) n++;
  return n;
}

/** The date `n` working days after `date` (a weekend date plus 1 is the Monday). */
export function addWorkingDays(date: string, n: number): string {
  let t = toTime(date);
  let left = n;
  while (left > 0) {
    if (left >= 5 && isWorkingDay(t)) {
      // From a working day, five working days later is the same weekday a week later.
      t += Math.floor(left / 5) * WEEK_MS;
      left %= 5;
      continue;
    }
    t += DAY_MS;
    if (isWorkingDay(t)) left--;
  }
  return toIso(t);
}
