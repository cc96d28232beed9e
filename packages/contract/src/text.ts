import { z } from 'zod';
import { MESSAGES } from './messages.ts';

/**
 * A UTF-16 surrogate without its other half: a low one at the start or after anything but a high
 * one, or a high one not followed by a low one. (`String.prototype.isWellFormed` says the same,
 * but it is not in the ES2023 library the packages compile against, nor in every browser Vite's
 * default targets admit.)
 */
const LONE_SURROGATE = /(?:^|[^\ud800-\udbff])[\udc00-\udfff]|[\ud800-\udbff](?![\udc00-\udfff])/;

/**
 * The one string schema for text a client sends (body fields, searches, filters). PostgreSQL text
 * cannot hold a NUL character, and a lone surrogate is no character at all (jsonb refuses its
 * escape; a text column would silently store U+FFFD instead), so both are refused here with a
 * field error instead of failing in the database. Chain `.trim()`, `.min()`, `.max()` on it as on
 * `z.string()`.
 */
export const text = () =>
  z
    .string()
    .refine((v) => !v.includes('\u0000'), MESSAGES.textHasNul)
    .refine((v) => !LONE_SURROGATE.test(v), MESSAGES.textMalformed);
