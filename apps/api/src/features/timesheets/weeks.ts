import { addDays } from '../time-logs/index.ts';

/**
 * Weeks of a company (issue 25): 7 calendar days from its first day of the week (`weekStartsOn`,
 * 0 = Sunday … 6 = Saturday). Days are 'YYYY-MM-DD' strings as everywhere in time tracking.
 */
export function weekOf(day: string, weekStartsOn: number): { weekStart: string; weekEnd: string } {
  const weekday = new Date(`${day}T00:00:00.000Z`).getUTCDay();
  const weekStart = addDays(day, -((weekday - weekStartsOn + 7) % 7));
  return { weekStart, weekEnd: addDays(weekStart, 6) };
}

/** The 7 days of the week starting `weekStart`. */
export const daysOf = (weekStart: string) => Array.from({ length: 7 }, (_, i) => addDays(weekStart, i));

/** Index of `day` in the week starting `weekStart` (0-6), or -1 outside it. */
export function dayIndex(weekStart: string, day: string): number {
  const i = Math.round(
    (new Date(`${day}T00:00:00Z`).getTime() - new Date(`${weekStart}T00:00:00Z`).getTime()) / 86_400_000,
  );
  return i >= 0 && i < 7 ? i : -1;
}
