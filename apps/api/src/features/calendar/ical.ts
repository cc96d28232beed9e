/**
 * The little of RFC 5545 (iCalendar) the feed writes: TEXT escaping, content lines folded at 75
 * octets, CRLF line ends, all-day events. Written here because no iCalendar package is among the
 * API's dependencies and the feed needs these few rules only (tests check each one).
 */

const CRLF = '\r\n';
/** A content line's limit, line break excluded (RFC 5545 3.1). */
const LINE_OCTETS = 75;

/** TEXT value escaping (RFC 5545 3.3.11): backslash, semicolon, comma and line breaks. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * One content line folded (RFC 5545 3.1): no line longer than 75 octets of UTF-8; a continuation
 * starts with one space (which counts in its 75). Never splits a character's bytes.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = LINE_OCTETS;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = LINE_OCTETS - 1;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/** A DATE value, 20261126. */
export const icalDate = (day: string) => day.replaceAll('-', '');

/** A UTC DATE-TIME value, 20261126T101500Z. */
export const icalStamp = (at: Date) => `${at.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

/** The day after `day` (YYYY-MM-DD), in UTC. */
export function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export type IcalEvent = {
  uid: string;
  /** The all-day event's day, YYYY-MM-DD. */
  day: string;
  summary: string;
  description: string;
  url: string;
  /** A VEVENT's status (RFC 5545 3.8.1.11): a cancelled task's event says so. */
  status?: 'CANCELLED';
  /** CATEGORIES (RFC 5545 3.8.1.2), issue 26: the task's labels; none, no line. */
  categories?: readonly string[];
};

/** A whole calendar: properties as `NAME:value` lines (values already escaped where TEXT). */
export function icalCalendar(o: { name: string; stamp: Date; events: IcalEvent[] }): string {
  const stamp = icalStamp(o.stamp);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Taskhive//Calendar feed//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(o.name)}`,
    ...o.events.flatMap((e) => [
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${icalDate(e.day)}`,
      `DTEND;VALUE=DATE:${icalDate(nextDay(e.day))}`,
      `SUMMARY:${escapeText(e.summary)}`,
      `DESCRIPTION:${escapeText(e.description)}`,
      `URL:${e.url}`,
      ...(e.status ? [`STATUS:${e.status}`] : []),
      // A list of TEXT values: each escaped (its own commas too), joined by bare commas.
      ...(e.categories?.length ? [`CATEGORIES:${e.categories.map(escapeText).join(',')}`] : []),
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}
