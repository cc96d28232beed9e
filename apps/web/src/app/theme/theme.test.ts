import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { createAppTheme } from './theme';

describe('the theme', () => {
  it.each(['light', 'dark'] as const)(
    '%s: error text reads at 4.5:1 or more on the page and on cards',
    (mode) => {
      const { palette } = createAppTheme({ mode, fontFamily: 'Roboto', borderRadius: 8 });
      expect(getContrastRatio(palette.error.main, palette.background.default)).toBeGreaterThanOrEqual(4.5);
      expect(getContrastRatio(palette.error.main, palette.background.paper)).toBeGreaterThanOrEqual(4.5);
      // A contained error button's label.
      expect(getContrastRatio(palette.error.contrastText, palette.error.main)).toBeGreaterThanOrEqual(4.5);
    },
  );
});
