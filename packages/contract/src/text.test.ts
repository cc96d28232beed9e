import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';
import { text } from './text.ts';

const messages = (v: string) =>
  text()
    .safeParse(v)
    .error?.issues.map((i) => i.message) ?? [];

describe('text()', () => {
  it('takes any well-formed text, astral characters (surrogate pairs) included', () => {
    for (const v of ['', 'Plain', 'Ünïcödé 中文', '🙂 at the start', 'ends with 🙂', '\u{1f642}\u{1f642}'])
      expect(messages(v), v).toEqual([]);
  });

  it('refuses a NUL character', () => {
    expect(messages('a\u0000b')).toEqual([MESSAGES.textHasNul]);
  });

  it('refuses a lone surrogate, high or low, anywhere', () => {
    for (const v of ['x\ud800', '\ud800x', '\udc00', 'a\udfffb', '\ud83d\ud83d', '\ude42\ud83d', '🙂\ude42'])
      expect(messages(v), JSON.stringify(v)).toEqual([MESSAGES.textMalformed]);
  });

  it('names each problem once when a value has both', () => {
    expect(messages('\u0000\ud800')).toEqual([MESSAGES.textHasNul, MESSAGES.textMalformed]);
  });

  it('keeps its checks under the chained ones', () => {
    const name = text().trim().min(1).max(5).optional();
    expect(name.safeParse('  ab ').data).toBe('ab');
    expect(name.safeParse('a\ud800').success).toBe(false);
    expect(name.safeParse(undefined).success).toBe(true);
  });
});
