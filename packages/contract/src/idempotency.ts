import { z } from 'zod';

/**
 * The `Idempotency-Key` request header (as payment APIs take it, and the IETF draft
 * draft-ietf-httpapi-idempotency-key-header names it): the same key with the same request, within
 * IDEMPOTENCY_KEY_TTL_HOURS, answers the first result again without doing the work twice. Keys
 * are per company; a new UUID per intended purchase is the usual choice.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;
/** Set to `true` on an answer that repeats an earlier one (Stripe's name for it). */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

/** Visible ASCII, 1 to 255 characters (a UUID fits; so does Stripe's limit). */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[\x21-\x7e]{1,255}$/, 'Idempotency-Key: 1 to 255 visible ASCII characters');

/** Request headers of a route that takes an optional Idempotency-Key; other headers pass through. */
export const idempotentHeadersSchema = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER]: idempotencyKeySchema.optional(),
});
