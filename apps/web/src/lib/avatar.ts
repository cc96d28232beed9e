import { DEFAULT_PHOTO_PLACEHOLDER, INITIALS_PALETTE_SIZE } from '@taskhive/contract';

/** Up to two initials from first and last name (falls back to the first letters of one name). */
export function initialsOf(firstName?: string | null, lastName?: string | null): string {
  const first = (firstName ?? '').trim();
  const last = (lastName ?? '').trim();
  const letters = first && last ? `${first[0]}${last[0]}` : (first || last).slice(0, 2);
  return letters.toUpperCase() || '?';
}

/** A stable index into the initials palette, from a hash of the full name. */
export function avatarColorIndex(fullName: string): number {
  let hash = 0;
  for (const ch of fullName) {
    hash = (hash << 5) - hash + (ch.codePointAt(0) ?? 0);
    hash |= 0;
  }
  return Math.abs(hash) % INITIALS_PALETTE_SIZE;
}

/**
 * The photo URL to show, or null for none: empty values and the default placeholder count as
 * none; a relative URL is prefixed with the site origin; absolute http(s), data and blob URLs
 * are used as they are.
 */
export function resolvePhotoUrl(
  url: string | null | undefined,
  origin: string = window.location.origin,
): string | null {
  const value = (url ?? '').trim();
  if (!value || value.toLowerCase().includes(DEFAULT_PHOTO_PLACEHOLDER)) return null;
  if (/^(https?:)?\/\//i.test(value) || /^(data|blob):/i.test(value)) return value;
  return `${origin}${value.startsWith('/') ? '' : '/'}${value}`;
}
