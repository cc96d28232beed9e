import { describe, expect, it } from 'vitest';
import {
  firstOccurrences,
  hasArrived,
  nextOccurrence,
  occurrenceAfter,
  type RuleArithmetic,
} from './recurrence-rules.ts';

const rule = (r: Partial<RuleArithmetic>): RuleArithmetic => ({
  frequency: 'daily',
  interval: 1,
  weekdays: null,
  monthDay: null,
  ends: 'never',
  untilDate: null,
  count: null,
  ...r,
});

describe('recurrence rules', () => {
  it('daily and every N days, across a month end and a leap day', () => {
    expect(firstOccurrences(rule({}), '2028-02-27', 4)).toEqual([
      '2028-02-27',
      '2028-02-28',
      '2028-02-29',
      '2028-03-01',
    ]);
    expect(firstOccurrences(rule({ interval: 3 }), '2026-12-30', 3)).toEqual([
      '2026-12-30',
      '2027-01-02',
      '2027-01-05',
    ]);
    // After a date off the cycle: the next date of the cycle, not the day after.
    expect(occurrenceAfter(rule({ interval: 3 }), '2026-12-30', '2027-01-03')).toBe('2027-01-05');
  });

  it('weekly on chosen days, and every 2 weeks on Mon and Thu', () => {
    // 2026-11-23 is a Monday.
    expect(firstOccurrences(rule({ frequency: 'weekly', weekdays: [1, 3, 5] }), '2026-11-23', 5)).toEqual([
      '2026-11-23',
      '2026-11-25',
      '2026-11-27',
      '2026-11-30',
      '2026-12-02',
    ]);
    expect(
      firstOccurrences(rule({ frequency: 'weekly', interval: 2, weekdays: [4, 1] }), '2026-11-23', 6),
    ).toEqual(['2026-11-23', '2026-11-26', '2026-12-07', '2026-12-10', '2026-12-21', '2026-12-24']);
    // An anchor off the chosen days (a Wednesday): the next chosen day of its week, then every 2 weeks.
    expect(
      firstOccurrences(rule({ frequency: 'weekly', interval: 2, weekdays: [1, 4] }), '2026-11-25', 4),
    ).toEqual(['2026-11-25', '2026-11-26', '2026-12-07', '2026-12-10']);
    // Across a year end: Sunday 2026-12-27, weekly on Sunday.
    expect(firstOccurrences(rule({ frequency: 'weekly', weekdays: [7] }), '2026-12-27', 3)).toEqual([
      '2026-12-27',
      '2027-01-03',
      '2027-01-10',
    ]);
  });

  it('monthly on the 31st falls on the last day of shorter months, without drifting', () => {
    expect(firstOccurrences(rule({ frequency: 'monthly', monthDay: 31 }), '2027-01-31', 5)).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
    ]);
    // A leap year's February has 29 days.
    expect(occurrenceAfter(rule({ frequency: 'monthly', monthDay: 31 }), '2028-01-31', '2028-01-31')).toBe(
      '2028-02-29',
    );
    // On the 29th: 28 Feb in a common year, 29 Feb in a leap year.
    expect(firstOccurrences(rule({ frequency: 'monthly', monthDay: 29 }), '2027-01-29', 3)).toEqual([
      '2027-01-29',
      '2027-02-28',
      '2027-03-29',
    ]);
    expect(
      firstOccurrences(rule({ frequency: 'monthly', monthDay: 29, interval: 12 }), '2028-02-29', 3),
    ).toEqual(['2028-02-29', '2029-02-28', '2030-02-28']);
  });

  it('every 3 months, across a year end', () => {
    expect(
      firstOccurrences(rule({ frequency: 'monthly', interval: 3, monthDay: 15 }), '2026-11-15', 4),
    ).toEqual(['2026-11-15', '2027-02-15', '2027-05-15', '2027-08-15']);
    // A monthly day before the anchor's day: the first one on or after the anchor.
    expect(occurrenceAfter(rule({ frequency: 'monthly', monthDay: 5 }), '2026-11-20', '2026-11-20')).toBe(
      '2026-12-05',
    );
  });

  it('ends on its until date (inclusive) or after N times', () => {
    const until = rule({ frequency: 'weekly', weekdays: [1], ends: 'until', untilDate: '2026-12-07' });
    expect(firstOccurrences(until, '2026-11-23', 10)).toEqual(['2026-11-23', '2026-11-30', '2026-12-07']);
    expect(nextOccurrence(until, '2026-11-23', '2026-12-07', 3)).toBeNull();
    const count = rule({ ends: 'count', count: 3 });
    expect(firstOccurrences(count, '2026-11-23', 10)).toEqual(['2026-11-23', '2026-11-24', '2026-11-25']);
    expect(nextOccurrence(count, '2026-11-23', '2026-11-24', 2)).toBe('2026-11-25');
    expect(nextOccurrence(count, '2026-11-23', '2026-11-25', 3)).toBeNull();
  });

  it("the rule's time zone decides the day", () => {
    // 2026-11-27 23:30 UTC: already the 28th in Tokyo, still the 27th in New York.
    const now = new Date('2026-11-27T23:30:00.000Z');
    expect(hasArrived('2026-11-28', 'Asia/Tokyo', now)).toBe(true);
    expect(hasArrived('2026-11-28', 'UTC', now)).toBe(false);
    expect(hasArrived('2026-11-28', 'America/New_York', now)).toBe(false);
    // 2026-11-28 03:00 UTC: the 28th in UTC, still the 27th in Los Angeles; Kiritimati (UTC+14) is on the 28th.
    const later = new Date('2026-11-28T03:00:00.000Z');
    expect(hasArrived('2026-11-28', 'UTC', later)).toBe(true);
    expect(hasArrived('2026-11-28', 'America/Los_Angeles', later)).toBe(false);
    expect(hasArrived('2026-11-28', 'Pacific/Kiritimati', later)).toBe(true);
  });
});
