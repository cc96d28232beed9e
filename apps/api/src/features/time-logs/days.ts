/**
 * Calendar days as 'YYYY-MM-DD' strings. An entry's day is the calendar day the person names (the
 * web sends its local day), kept as that day's 00:00 UTC. Where the API itself decides "today" for
 * a person it uses their time zone (`todayIn`, `users.time_zone`); `todayUtc` remains for the
 * time-log lists' default ranges. "The future" starts after today in the easternmost zone
 * (UTC+14), so a client anywhere may log its own today.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
const EASTERNMOST_OFFSET_MS = 14 * 60 * 60 * 1000;

export const todayUtc = (now: Date = new Date()) => now.toISOString().slice(0, 10);

const zoneFormats = new Map<string, Intl.DateTimeFormat>();
function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let f = zoneFormats.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        hourCycle: 'h23',
      });
    } catch {
      // A zone this runtime does not know (the contract refuses them): the UTC day.
      f = zoneFormat('UTC');
    }
    zoneFormats.set(timeZone, f);
  }
  return f;
}

/**
 * The person's local day and hour at `now` in `timeZone` (an IANA name, a person's `time_zone`):
 * '2026-06-15' and 0-23. Their "today" (issue 25): the week their grid opens on, their reminders.
 */
export function localTime(timeZone: string, now: Date = new Date()): { day: string; hour: number } {
  const parts = Object.fromEntries(
    zoneFormat(timeZone)
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) % 24 };
}

/** Today in `timeZone`. */
export const todayIn = (timeZone: string, now: Date = new Date()) => localTime(timeZone, now).day;

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
