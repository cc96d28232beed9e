import type { Dispatch, Middleware } from '@reduxjs/toolkit';
import type { baseApi } from './base-api';

/**
 * What a store needs of the one RTK Query API to serve it. The store (on the sign-in route) does
 * not import the API: RTK Query is about 23 KB gzip the sign-in page does not need. `base-api.ts`
 * hands itself over here when its chunk loads (with the company layout, or a page that calls the
 * API), and every store made before or after gets its reducer, middleware and listeners then.
 */
export interface AttachableApi {
  reducerPath: typeof baseApi.reducerPath;
  reducer: typeof baseApi.reducer;
  middleware: Middleware;
  /** RTK Query's `setupListeners`: refetch on focus and on reconnect. */
  listen(dispatch: Dispatch): void;
}

let loaded: AttachableApi | undefined;
const waiting = new Set<(api: AttachableApi) => void>();

/** Called once, by `base-api.ts` as it is evaluated. */
export function provideApi(api: AttachableApi): void {
  loaded = api;
  for (const attach of waiting) attach(api);
  waiting.clear();
}

/** Runs `attach` now if the API is loaded, else as soon as it is. */
export function whenApiLoaded(attach: (api: AttachableApi) => void): void {
  if (loaded) attach(loaded);
  else waiting.add(attach);
}
