/**
 * Calendar days as 'YYYY-MM-DD' strings. The API has no user time zone, so "today" is the UTC day
 * unless the client names its own; "the future" starts after today in the easternmost zone
 * (UTC+14), so a client anywhere may log its own today.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
const EASTERNMOST_OFFSET_MS = 14 * 60 * 60 * 1000;

export const todayUtc = (now: Date = new Date()) => now.toISOString().slice(0, 10);

export function addDays(day: string, n: number): string {
  return new Date(new Date(`${day}T00:00:00.000Z`).getTime() + n * DAY_MS).toISOString().slice(0, 10);
}

export function isFutureDay(day: string, now: Date = new Date()): boolean {
  return day > new Date(now.getTime() + EASTERNMOST_OFFSET_MS).toISOString().slice(0, 10);
}

/** Monday of the ISO week holding `day`. */
export function weekStart(day: string): string {
  const weekday = new Date(`${day}T00:00:00.000Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** Days between two days, both included. */
export const daysBetween = (from: string, to: string) =>
  Math.round((new Date(`${to}T00:00:00Z`).getTime() - new Date(`${from}T00:00:00Z`).getTime()) / DAY_MS) + 1;
