import { INITIALS_PALETTE_SIZE } from '@taskhive/contract';

/** Background colours for initials avatars; a hash of the full name picks one (spec section 2). */
export const AVATAR_COLORS: readonly string[] = [
  '#e53935',
  '#d81b60',
  '#8e24aa',
  '#5e35b1',
  '#3949ab',
  '#1e88e5',
  '#039be5',
  '#00acc1',
  '#00897b',
  '#43a047',
  '#7cb342',
  '#c0ca33',
  '#f9a825',
  '#ffb300',
  '#fb8c00',
  '#f4511e',
  '#6d4c41',
  '#757575',
  '#546e7a',
];

if (AVATAR_COLORS.length !== INITIALS_PALETTE_SIZE) {
  throw new Error(`AVATAR_COLORS must hold ${INITIALS_PALETTE_SIZE} colours`);
}
