import { INITIALS_PALETTE_SIZE } from '@taskhive/contract';
import { describe, expect, it } from 'vitest';
import { AVATAR_COLORS } from './avatar-colors';

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

describe('AVATAR_COLORS', () => {
  it('holds the spec’s 19 distinct colours', () => {
    expect(AVATAR_COLORS).toHaveLength(INITIALS_PALETTE_SIZE);
    expect(new Set(AVATAR_COLORS).size).toBe(INITIALS_PALETTE_SIZE);
  });

  it('gives white initials a contrast of at least 4.5:1 on every colour', () => {
    for (const color of AVATAR_COLORS) {
      expect(1.05 / (luminance(color) + 0.05), color).toBeGreaterThanOrEqual(4.5);
    }
  });
});
