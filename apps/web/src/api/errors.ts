import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { type FieldErrors, GENERIC_MESSAGE } from '@taskhive/contract';

interface ErrorBody {
  message?: unknown;
  errors?: unknown;
  code?: unknown;
}

function isFetchError(error: unknown): error is FetchBaseQueryError {
  return typeof error === 'object' && error !== null && 'status' in error;
}

function bodyOf(error: unknown): ErrorBody | null {
  if (!isFetchError(error)) return null;
  const data: unknown = 'data' in error ? error.data : null;
  return typeof data === 'object' && data !== null ? (data as ErrorBody) : null;
}

/** HTTP status of a failed call, or null for network and parse errors. */
export function errorStatus(error: unknown): number | null {
  return isFetchError(error) && typeof error.status === 'number' ? error.status : null;
}

/** The server's message if it sent one, else the fallback (spec section 8). */
export function errorMessage(
  error: FetchBaseQueryError | SerializedError | unknown,
  fallback: string = GENERIC_MESSAGE,
): string {
  const message = bodyOf(error)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : fallback;
}

/** The 400 answer's `errors: { field: [messages] }`, as one message per field. */
export function fieldErrors(error: unknown): Record<string, string> {
  const errors = bodyOf(error)?.errors;
  if (typeof errors !== 'object' || errors === null) return {};
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors as FieldErrors)) {
    if (Array.isArray(messages) && typeof messages[0] === 'string') out[field] = messages[0];
  }
  return out;
}

export function errorCode(error: unknown): string | null {
  const code = bodyOf(error)?.code;
  return typeof code === 'string' ? code : null;
}
