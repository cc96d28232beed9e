import { MESSAGES, type FieldErrors } from '@taskhive/contract';

/** An error a client caused or may see: answered with its status and message in the envelope. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly extra: { errors?: FieldErrors; code?: string; headers?: Record<string, string> } = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: FieldErrors, code?: string) =>
  new HttpError(400, message, { errors, code });
export const fieldError = (field: string, message: string) =>
  new HttpError(400, MESSAGES.validationFailed, { errors: { [field]: [message] } });
export const unauthorized = (message: string = MESSAGES.unauthenticated) => new HttpError(401, message);
export const forbidden = (message: string = MESSAGES.forbidden) => new HttpError(403, message);
export const notFound = (what = 'Record') => new HttpError(404, `${what} not found`);
export const conflict = (message: string = MESSAGES.conflict, errors?: FieldErrors) =>
  new HttpError(409, message, { errors });

/** Postgres unique violation (23505) → the constraint name, so a service can answer 409. */
export function uniqueViolation(err: unknown): string | null {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const src = e?.code === '23505' ? e : e?.cause?.code === '23505' ? e.cause : null;
  return src ? (src.constraint ?? 'unique') : null;
}
