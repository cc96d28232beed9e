import { createApi } from '@reduxjs/toolkit/query/react';
import type { Envelope } from '@taskhive/contract';
import { baseQueryWithReauth } from './base-query';

/** The one RTK Query API of the app; features add their endpoints with `injectEndpoints`. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithReauth,
  tagTypes: ['Me', 'UserProfile'],
  keepUnusedDataFor: 60,
  refetchOnReconnect: true,
  endpoints: () => ({}),
});

/** Unwraps the `{ status, statusCode, message, data }` envelope. */
export function unwrapEnvelope<T>(response: Envelope<T>): T {
  return response.data;
}
