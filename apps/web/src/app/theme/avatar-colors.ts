import { INITIALS_PALETTE_SIZE } from '@taskhive/contract';

/**
 * Background colours for initials avatars; a hash of the full name picks one (spec section 2).
 * Each is dark enough for white initials to read at the smallest avatar (WCAG AA, 4.5:1 or more;
 * a test checks): Material's 800–900 shades, where the lighter ones failed Lighthouse's contrast check.
 */
export const AVATAR_COLORS: readonly string[] = [
  '#c62828',
  '#ad1457',
  '#6a1b9a',
  '#4527a0',
  '#283593',
  '#1565c0',
  '#01579b',
  '#006064',
  '#00695c',
  '#2e7d32',
  '#33691e',
  '#827717',
  '#9e5d00',
  '#a04000',
  '#bf360c',
  '#b71c1c',
  '#5d4037',
  '#616161',
  '#455a64',
];

if (AVATAR_COLORS.length !== INITIALS_PALETTE_SIZE) {
  throw new Error(`AVATAR_COLORS must hold ${INITIALS_PALETTE_SIZE} colours`);
}
