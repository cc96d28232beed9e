import { describe, expect, it } from 'vitest';
import { addWorkingDays, workingDaysBetween } from './working-days.ts';

/** Counting one day at a time: what the fast paths must agree with. */
function slowAdd(date: string, n: number) {
  let t = Date.parse(`${date}T00:00:00Z`);
  for (let left = n; left > 0;) {
    t += 86_400_000;
    const d = new Date(t).getUTCDay();
    if (d !== 0 && d !== 6) left--;
  }
  return new Date(t).toISOString().slice(0, 10);
}

describe('working days (issue 26, auto-scheduling)', () => {
  it('counts Monday to Friday only', () => {
    // 2026-12-04 is a Friday.
    expect(workingDaysBetween('2026-12-04', '2026-12-07')).toBe(1); // Fri → Mon
    expect(workingDaysBetween('2026-12-04', '2026-12-05')).toBe(0); // Fri → Sat
    expect(workingDaysBetween('2026-12-01', '2026-12-15')).toBe(10);
    expect(workingDaysBetween('2026-12-07', '2026-12-04')).toBe(0);
    expect(workingDaysBetween('2026-12-07', '2026-12-07')).toBe(0);
  });

  it('adds working days across weekends', () => {
    expect(addWorkingDays('2026-12-04', 1)).toBe('2026-12-07'); // Fri + 1 = Mon
    expect(addWorkingDays('2026-12-05', 1)).toBe('2026-12-07'); // Sat + 1 = Mon
    expect(addWorkingDays('2026-12-07', 5)).toBe('2026-12-14');
    expect(addWorkingDays('2026-12-07', 0)).toBe('2026-12-07');
  });

  it('the whole-week steps agree with counting day by day', () => {
    for (let d = 1; d <= 14; d++)
      for (const n of [0, 1, 4, 5, 6, 9, 10, 23]) {
        const date = `2026-11-${String(d).padStart(2, '0')}`;
        expect(addWorkingDays(date, n), `${date} + ${n}`).toBe(slowAdd(date, n));
        expect(workingDaysBetween(date, slowAdd(date, n)), `${date} .. +${n}`).toBe(n);
      }
  });
});
