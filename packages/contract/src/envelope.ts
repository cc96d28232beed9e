import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { text } from './text.ts';
import { DEFAULT_PAGE, MAX_PAGE_SIZE } from './constants.ts';

/** Every API answer: `{ status, statusCode, message, data }`, plus `errors` on a 400. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    status: z.enum(['success', 'error']),
    statusCode: z.number().int(),
    message: z.string(),
    data,
  });
}

export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

export const errorEnvelopeSchema = z.object({
  status: z.literal('error'),
  statusCode: z.number().int(),
  message: z.string(),
  data: z.null(),
  errors: fieldErrorsSchema.optional(),
  /** A machine-readable reason where the client must tell errors apart (e.g. RESET_TOKEN_EXPIRED). */
  code: z.string().optional(),
  requestId: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export type Envelope<T> = {
  status: 'success' | 'error';
  statusCode: number;
  message: string;
  data: T;
};

export function paged<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    totalCount: z.number().int(),
    pageNumber: z.number().int(),
    pageSize: z.number().int(),
    totalPages: z.number().int(),
  });
}
export type Paged<T> = {
  items: T[];
  totalCount: number;
  pageNumber: number;
  pageSize: number;
  totalPages: number;
};

export const sortOrderSchema = z.enum(['asc', 'desc']);

/** A comma-separated list in a query string, or the same key repeated. */
export const csvList = z
  .union([text(), z.array(text())])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .optional();

/** `page`/`pageSize` with a per-list default size. `pageNumber` is accepted as a synonym of `page`. */
export function pageQuery(defaultSize: number) {
  return z.object({
    page: z.coerce.number().int().min(1).optional(),
    pageNumber: z.coerce.number().int().min(1).optional(),
    pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(defaultSize),
    sortOrder: sortOrderSchema.default('asc'),
    search: text().trim().max(200).optional(),
  });
}

export function resolvePage(q: { page?: number | undefined; pageNumber?: number | undefined }): number {
  return q.page ?? q.pageNumber ?? DEFAULT_PAGE;
}

export const uuid = z.uuid();
export const idParam = z.object({ id: z.uuid() });

/** An ISO date (2026-01-31) or date-time, as the query strings of the spec send them. */
export const isoDate = z.iso.date().or(z.iso.datetime({ offset: true }));

/**
 * A PUT body that must name at least one field the schema knows (unknown keys are stripped, so
 * `{}` and `{ "typo": 1 }` alike would otherwise update nothing). The message is the answer's.
 */
export function atLeastOneField<S extends z.ZodObject>(schema: S) {
  return schema.refine((body: Record<string, unknown>) => Object.values(body).some((v) => v !== undefined), {
    message: MESSAGES.noFieldsToUpdate,
  });
}
