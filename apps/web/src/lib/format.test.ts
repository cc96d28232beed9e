import { afterEach, describe, expect, it, vi } from 'vitest';

const ZONE = process.env.TZ;
afterEach(() => {
  process.env.TZ = ZONE;
  vi.resetModules();
});

/** The module as a browser in `zone` loads it (its formats take the zone when they are made). */
async function formatIn(zone: string) {
  process.env.TZ = zone;
  vi.resetModules();
  return (await import('./format')).formatDate;
}

describe('formatDate', () => {
  it('shows a calendar date as that day west and east of UTC (a due date is a day, not an instant)', async () => {
    for (const zone of ['America/Los_Angeles', 'UTC', 'Pacific/Kiritimati']) {
      const formatDate = await formatIn(zone);
      expect(formatDate('2026-12-31'), zone).toBe('Dec 31, 2026');
      expect(formatDate('2026-03-01'), zone).toBe('Mar 1, 2026');
    }
  });

  it('shows an instant in the reader’s own zone', async () => {
    expect((await formatIn('America/Los_Angeles'))('2027-01-01T03:00:00Z')).toBe('Dec 31, 2026');
    expect((await formatIn('UTC'))('2027-01-01T03:00:00Z')).toBe('Jan 1, 2027');
  });

  it('answers a dash for nothing or something unreadable', async () => {
    const formatDate = await formatIn('UTC');
    expect(formatDate(null)).toBe('—');
    expect(formatDate('')).toBe('—');
    expect(formatDate('2026-13-45')).toBe('—');
    expect(formatDate('not a date')).toBe('—');
  });
});
