import type { LabelColor } from '@taskhive/contract';

/**
 * Issue 26: each named label colour of the contract as the chip's background, under white text.
 * The shades are the avatars' (Material 800–900), each at 4.5:1 or more against white (WCAG AA),
 * so a label reads the same in the light and the dark theme.
 */
export const LABEL_COLOR_VALUES: Readonly<Record<LabelColor, string>> = {
  grey: '#616161',
  red: '#c62828',
  orange: '#a04000',
  amber: '#9e5d00',
  green: '#2e7d32',
  teal: '#00695c',
  blue: '#1565c0',
  indigo: '#283593',
  purple: '#6a1b9a',
  pink: '#ad1457',
};
