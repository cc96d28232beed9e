import { useMemo } from 'react';

/** A random UUID (v4); `crypto.randomUUID` exists only on secure origins, getRandomValues everywhere. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * The `Idempotency-Key` of one intended action (a purchase of this package for this company): the
 * same while `intent` is the same, so a repeated click or a retry after a lost answer is answered
 * with the first result instead of doing it twice; a new one for another intent.
 */
export function useIdempotencyKey(...intent: readonly unknown[]): string {
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key follows the intent's values
  return useMemo(() => newIdempotencyKey(), intent);
}
