const dateFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** A calendar date ('2026-12-31': a due, start or joining date) names a day, not an instant. */
const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const dayFormat = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/**
 * A date from the API for display ('—' when absent or unreadable). A calendar date shows as that
 * day wherever the reader is (read in UTC: `new Date('2026-12-31')` is UTC midnight, which a
 * browser west of UTC would show as Dec 30); an instant shows in the reader's own time zone.
 */
export function formatDate(iso: string | null | undefined, withTime = false): string {
  if (!iso) return '—';
  if (DAY_ONLY.test(iso)) {
    const day = new Date(`${iso}T00:00:00Z`);
    return Number.isNaN(day.getTime()) ? '—' : dayFormat.format(day);
  }
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  return (withTime ? dateTimeFormat : dateFormat).format(d);
}

const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** A file size for people: 1536 → "1.5 KB". */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${UNITS[unit]}`;
}

/** Minutes as "1 h 30 min". */
export function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto', style: 'short' });
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** How long ago, for people: "5 min. ago", "yesterday" (`now` for tests). */
export function formatTimeAgo(iso: string, now: number = Date.now()): string {
  let value = (new Date(iso).getTime() - now) / 1000;
  if (Number.isNaN(value)) return '—';
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return relative.format(Math.round(value), unit);
    value /= size;
  }
  return formatDate(iso);
}
