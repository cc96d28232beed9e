/** Calendar days 'YYYY-MM-DD' in the browser's own time zone (the day the user worked). */
const pad = (n: number) => String(n).padStart(2, '0');

export const localDay = (d: Date = new Date()) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return localDay(new Date(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + n));
}

/** Monday of the week holding `day`. */
export function mondayOf(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const weekday = new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1).getDay();
  return addDays(day, -((weekday + 6) % 7));
}

const dayLabel = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short' });

/** '2026-06-15' → 'Mon, 15 Jun' (in the reader's locale). */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return dayLabel.format(new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1));
}
