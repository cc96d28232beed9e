import { createApi, retry, setupListeners, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { provideApi } from './attach-api';
import { baseQueryWithEnvelope, type ApiMeta } from './base-query';
import { TAG_TYPES } from './tags';

/** Failed reads are retried with exponential back-off when the cause may pass: network or 5xx. */
const MAX_READ_RETRIES = 2;

function isTransient(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('status' in error)) return false;
  const { status } = error as FetchBaseQueryError;
  return (
    status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR' || (typeof status === 'number' && status >= 500)
  );
}

const baseQueryWithRetry = retry(baseQueryWithEnvelope, {
  retryCondition: (error, _args, { attempt, baseQueryApi }) =>
    baseQueryApi.type === 'query' && attempt <= MAX_READ_RETRIES && isTransient(error),
});

/** The one RTK Query API of the app; features add their endpoints with `injectEndpoints`. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithRetry,
  tagTypes: TAG_TYPES,
  keepUnusedDataFor: 60,
  refetchOnReconnect: true,
  endpoints: () => ({}),
});

// Every store gets the API's reducer and middleware now (the store does not import this module).
provideApi({
  reducerPath: baseApi.reducerPath,
  reducer: baseApi.reducer,
  middleware: baseApi.middleware,
  listen: (dispatch) => setupListeners(dispatch),
});

/** The answer of a call whose screen shows the server's message (the data is unwrapped in the base query). */
export function messageOf(_data: unknown, meta: ApiMeta | undefined): { message: string } {
  return { message: meta?.message ?? '' };
}
