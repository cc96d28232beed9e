import { createAsyncThunk } from '@reduxjs/toolkit';
import {
  fetchBaseQuery,
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';
import {
  AUTH_MESSAGES,
  type Envelope,
  LIVE_CHANGE_IDS_HEADER,
  MAX_RETRIES_AFTER_401,
  type RefreshResult,
} from '@taskhive/contract';
import { rememberOwnChanges } from './own-changes';
import { authActions, type AuthState } from '../app/slices/auth-slice';
import { toastActions } from '../app/slices/toast-slice';

type StateWithAuth = { auth: AuthState };

/** Absolute so that `Request` accepts it in every environment (jsdom included). */
export function apiBaseUrl(): string {
  return `${window.location.origin}/api`;
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: apiBaseUrl(),
  prepareHeaders: (headers, { getState }) => {
    const token = (getState() as StateWithAuth).auth.accessToken;
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

/** Calls that are about signing in: a 401 there is an answer, not an expired session. */
const NO_REFRESH = [
  'auth/login',
  'auth/register',
  'auth/refresh-token',
  'auth/forgot-password',
  'auth/reset-password',
  'auth/logout',
];

function urlOf(args: string | FetchArgs): string {
  return (typeof args === 'string' ? args : args.url).replace(/^\//, '').toLowerCase();
}

/**
 * One refresh at a time: concurrent 401s wait for the same rotation (each refresh token works
 * once), and other tabs wait for it too (`acrossTabs`). The refresh token is the HttpOnly cookie the browser sends along (same origin); the app
 * never holds it. Only a signed-in session tries.
 */
let refreshInFlight: Promise<boolean> | null = null;

async function refreshTokens(api: BaseQueryApi, extraOptions: object): Promise<boolean> {
  if (!(api.getState() as StateWithAuth).auth.isAuthenticated) return false;
  const result = await rawBaseQuery(
    { url: 'auth/refresh-token', method: 'POST', body: {}, credentials: 'same-origin' },
    { ...api, endpoint: 'refreshToken' },
    extraOptions,
  );
  const data = (result.data as Envelope<RefreshResult> | undefined)?.data;
  if (result.error || !data || !(data.accessToken || data.token)) return false;
  api.dispatch(authActions.tokensRefreshed(data));
  return true;
}

/** The Web Lock every tab of this origin takes around a refresh. */
export const REFRESH_LOCK = 'taskhive-refresh-token';

/**
 * Runs `refresh` holding the refresh lock of every tab of the origin: two tabs that start at once
 * (a browser restoring its tabs, two reloads) would otherwise both send the same cookie, and the
 * second use of a refresh token ends the session as theft. The tab that waited sends the cookie
 * the other's refresh has just set. Without Web Locks (an http address other than localhost is
 * not a secure context) it runs at once, as before.
 */
async function acrossTabs<T>(refresh: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? await locks.request(REFRESH_LOCK, refresh) : refresh();
}

/** Refreshes unless a refresh is already under way, and waits for the one that is. */
function sharedRefresh(api: BaseQueryApi, extraOptions: object): Promise<boolean> {
  refreshInFlight ??= acrossTabs(() => refreshTokens(api, extraOptions)).finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/**
 * A stored session after a reload: its access token was never stored, so one comes from the
 * refresh cookie before anything else (the guard waits on it, the start-up load comes after).
 * A refused refresh ends the session as an expired one (sign in again).
 */
export const restoreSession = createAsyncThunk<void, void, { state: StateWithAuth }>(
  'auth/restoreSession',
  async (_arg, api) => {
    api.dispatch(authActions.sessionRestoreStarted());
    const { signal, abort, dispatch, getState, extra } = api;
    const queryApi: BaseQueryApi = {
      signal,
      abort,
      dispatch,
      getState,
      extra,
      endpoint: 'refreshToken',
      type: 'mutation',
    };
    const refreshed = await sharedRefresh(queryApi, {});
    api.dispatch(refreshed ? authActions.authCheckFinished() : authActions.sessionExpired());
  },
);

/**
 * The base query of the one API: bearer token on every call; on a 401 it refreshes once (from
 * the cookie) and retries once. When refresh fails, the session ends with the "session
 * expired" message.
 */
export const baseQueryWithReauth: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  api,
  extraOptions,
) => {
  let result = await rawBaseQuery(args, api, extraOptions);
  if (result.error?.status === 403) api.dispatch(authActions.permissionsMayHaveChanged());
  if (result.error?.status !== 401 || NO_REFRESH.some((u) => urlOf(args).startsWith(u))) return result;

  for (let attempt = 0; attempt < MAX_RETRIES_AFTER_401; attempt++) {
    const refreshed = await sharedRefresh(api, extraOptions);
    const auth = (api.getState() as StateWithAuth).auth;
    if (!refreshed) {
      if (auth.isAuthenticated) {
        api.dispatch(authActions.sessionExpired());
        api.dispatch(toastActions.toastShown(AUTH_MESSAGES.sessionExpired, 'error'));
      }
      return result;
    }
    result = await rawBaseQuery(args, api, extraOptions);
    if (result.error?.status !== 401) return result;
  }
  return result;
};

/** What an answer carries besides its data: the envelope's message, for screens that show it. */
export type ApiMeta = FetchBaseQueryMeta & { message?: string };

function isEnvelope(body: unknown): body is Envelope<unknown> {
  return typeof body === 'object' && body !== null && 'data' in body && 'statusCode' in body;
}

/**
 * The base query the API uses: the above, with the `{ status, statusCode, message, data }`
 * envelope of a success unwrapped once here, so endpoints declare the data they get. The message
 * goes to `meta.message`. Failures keep the whole envelope (its message and field errors).
 */
export const baseQueryWithEnvelope: BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  object,
  ApiMeta
> = async (args, api, extraOptions) => {
  const result = await baseQueryWithReauth(args, api, extraOptions);
  const meta = result.meta as FetchBaseQueryMeta | undefined;
  rememberOwnChanges(meta?.response?.headers.get(LIVE_CHANGE_IDS_HEADER));
  if (result.error) return { error: result.error, meta };
  if (!isEnvelope(result.data)) return { data: result.data, meta };
  return { data: result.data.data, meta: { ...meta, message: result.data.message } as ApiMeta };
};
