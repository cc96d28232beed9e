import { describe, expect, it } from 'vitest';
import { durationSchema, parseDuration } from './time-logs.ts';

describe('parseDuration: the forms people type (issue 23)', () => {
  it.each([
    ['1:30', 90],
    ['01:30', 90],
    ['24:00', 1440],
    ['0:05', 5],
    ['1.5', 90],
    ['1,5', 90],
    ['.25', 15],
    ['2', 120],
    ['1h 30m', 90],
    ['1h30m', 90],
    ['1.5h', 90],
    ['2 hrs', 120],
    ['1 hour', 60],
    ['90m', 90],
    ['45 min', 45],
    ['45 minutes', 45],
    ['1H 5M', 65],
    ['  1:30 ', 90],
    ['1.33', 80],
  ])('%s is %i minutes', (typed, minutes) => {
    expect(parseDuration(typed)).toBe(minutes);
  });

  it.each(['', 'abc', '1:60', '1:3', 'h', 'm', '1h 30', '1.5.5', '-1', '1:30:00', '123'])(
    '%j is not a duration',
    (typed) => {
      expect(parseDuration(typed)).toBeNull();
    },
  );

  it('an entry takes 00:01 to 24:00 in any form, and says how to type one', () => {
    expect(durationSchema.parse('1h 30m')).toBe(90);
    expect(durationSchema.safeParse('25h').error?.issues[0]?.message).toBe(
      'Duration must be between 00:01 and 24:00',
    );
    expect(durationSchema.safeParse('soon').error?.issues[0]?.message).toBe(
      'Enter a duration, e.g. 1:30, 1.5, 1h 30m or 90m',
    );
  });
});
