import { z } from 'zod';
import { MESSAGES } from './messages.ts';

/**
 * The one string schema for text a client sends (body fields, searches, filters). PostgreSQL text
 * cannot hold a NUL character, so it is refused here with a field error instead of failing in
 * the database. Chain `.trim()`, `.min()`, `.max()` on it as on `z.string()`.
 */
export const text = () => z.string().refine((v) => !v.includes('\u0000'), MESSAGES.textHasNul);
