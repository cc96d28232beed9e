import { LIVE_CHANGE_IDS_HEADER, MESSAGES } from '@taskhive/contract';
import { describe, expect, it, vi } from 'vitest';
import { makeStore } from '../app/store';
import { authApi } from '../features/auth/auth-api';
import { REFRESH_LOCK } from './base-query';
import { isOwnChange } from './own-changes';
import { usersApi } from './users-api';
import { jsonResponse, signedIn } from '../test/render';

const me = signedIn().auth.user;

type Handler = (req: Request) => Response | Promise<Response>;

function fakeFetch(handler: Handler) {
  const calls: Request[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(input, init);
    calls.push(req.clone());
    return handler(req);
  });
  vi.stubGlobal('fetch', fn);
  return calls;
}

const path = (r: Request) => new URL(r.url).pathname;

/**
 * A server whose refresh hands out 'access-2' and which answers only that token: any other
 * answers 401 (with `message` when given).
 */
function acceptsRefreshedToken(permissions: string[] = [], message?: string): Handler {
  return async (req) => {
    if (path(req) === '/api/auth/refresh-token') {
      return jsonResponse(200, { token: 'access-2', accessToken: 'access-2', refreshToken: 'refresh-2' });
    }
    return req.headers.get('Authorization') === 'Bearer access-2'
      ? jsonResponse(200, { user: me, permissions })
      : jsonResponse(401, null, message === undefined ? undefined : { message });
  };
}

describe('baseQueryWithReauth', () => {
  it('refreshes once on a 401 from the cookie alone, keeps only the new access token and retries once', async () => {
    const store = makeStore({ persist: false, preloadedState: signedIn() });
    const calls = fakeFetch(acceptsRefreshedToken(['project:read'], 'Authentication required'));

    const result = await store.dispatch(authApi.endpoints.getMe.initiate());

    expect(result.data?.permissions).toEqual(['project:read']);
    expect(calls.map(path)).toEqual(['/api/auth/me', '/api/auth/refresh-token', '/api/auth/me']);
    // The refresh token travels in the HttpOnly cookie: the body names none, the cookie goes along.
    expect(await calls[1]?.json()).toEqual({});
    expect(calls[1]?.credentials).toBe('same-origin');
    expect(calls[2]?.headers.get('Authorization')).toBe('Bearer access-2');
    expect(store.getState().auth).toMatchObject({ accessToken: 'access-2', isAuthenticated: true });
    expect(store.getState().auth).not.toHaveProperty('refreshToken');
  });

  it('retries only once: a second 401 is returned without another refresh', async () => {
    const store = makeStore({ persist: false, preloadedState: signedIn() });
    const calls = fakeFetch(async (req) =>
      path(req) === '/api/auth/refresh-token'
        ? jsonResponse(200, { token: 'access-2', accessToken: 'access-2', refreshToken: 'refresh-2' })
        : jsonResponse(401, null),
    );

    const result = await store.dispatch(authApi.endpoints.getMe.initiate());

    expect(result.error).toMatchObject({ status: 401 });
    expect(calls.map(path)).toEqual(['/api/auth/me', '/api/auth/refresh-token', '/api/auth/me']);
  });

  it('ends the session with the session-expired message when the refresh fails', async () => {
    const store = makeStore({ persist: false, preloadedState: signedIn() });
    const calls = fakeFetch(async () => jsonResponse(401, null));

    await store.dispatch(authApi.endpoints.getMe.initiate());

    expect(calls.map(path)).toEqual(['/api/auth/me', '/api/auth/refresh-token']);
    const { auth, toast } = store.getState();
    expect(auth).toMatchObject({ isAuthenticated: false, accessToken: null, user: null });
    expect(auth.error).toBe('Your session has expired. Please log in again.');
    expect(toast.queue.map((t) => [t.message, t.severity])).toEqual([
      [MESSAGES.auth.sessionExpired, 'error'],
    ]);
  });

  it('refreshes from the cookie when no token at all is held (after a reload)', async () => {
    const store = makeStore({ persist: false, preloadedState: signedIn({ accessToken: null }) });
    const calls = fakeFetch(acceptsRefreshedToken());

    const result = await store.dispatch(authApi.endpoints.getMe.initiate());

    expect(result.isSuccess).toBe(true);
    expect(calls.map(path)).toEqual(['/api/auth/me', '/api/auth/refresh-token', '/api/auth/me']);
  });

  it('does not try a refresh for a visitor who never signed in', async () => {
    const store = makeStore({ persist: false });
    const calls = fakeFetch(async () => jsonResponse(401, null));

    await store.dispatch(authApi.endpoints.getMe.initiate());

    expect(calls.map(path)).toEqual(['/api/auth/me']);
    expect(store.getState().toast.queue).toHaveLength(0);
  });

  it('shares one refresh between concurrent 401s (each refresh token works once)', async () => {
    const store = makeStore({ persist: false, preloadedState: signedIn() });
    const calls = fakeFetch(acceptsRefreshedToken());

    const results = await Promise.all([
      store.dispatch(authApi.endpoints.getMe.initiate()),
      store.dispatch(usersApi.endpoints.getEmployee.initiate('u-1')),
      store.dispatch(usersApi.endpoints.getEmployee.initiate('u-2')),
    ]);

    expect(results.map((r) => r.isSuccess)).toEqual([true, true, true]);
    expect(calls.filter((c) => path(c) === '/api/auth/refresh-token')).toHaveLength(1);
  });

  it("waits for another tab's refresh (a Web Lock) before spending the cookie", async () => {
    // The other tab holds the lock until `release`; a request is refused with 401 meanwhile.
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const names: string[] = [];
    let queue: Promise<unknown> = held;
    const locks = {
      request: (name: string, callback: () => Promise<unknown>) => {
        names.push(name);
        const granted = queue.then(() => callback());
        queue = granted.catch(() => undefined);
        return granted;
      },
    };
    vi.stubGlobal('navigator', { ...navigator, locks });
    try {
      const store = makeStore({ persist: false, preloadedState: signedIn() });
      const calls = fakeFetch(acceptsRefreshedToken());

      const result = store.dispatch(authApi.endpoints.getMe.initiate());
      await vi.waitFor(() => expect(names).toEqual([REFRESH_LOCK]));
      expect(calls.map(path)).toEqual(['/api/auth/me']);
      release();
      expect((await result).isSuccess).toBe(true);
      expect(calls.map(path)).toEqual(['/api/auth/me', '/api/auth/refresh-token', '/api/auth/me']);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('does not refresh when sign-in itself answers 401', async () => {
    const store = makeStore({ persist: false });
    const calls = fakeFetch(async () => jsonResponse(401, null, { message: MESSAGES.auth.loginFailed }));

    await store.dispatch(authApi.endpoints.login.initiate({ email: 'a@b.test', password: 'x' }));

    expect(calls.map(path)).toEqual(['/api/auth/login']);
    expect(store.getState().toast.queue).toHaveLength(0);
  });
});

describe('own changes', () => {
  it("remembers the change ids a write's answer names, so the stream can tell this tab's echo", async () => {
    const store = makeStore({ persist: false, preloadedState: signedIn() });
    fakeFetch(async () => {
      const res = jsonResponse(200, { user: me, permissions: [] });
      res.headers.set(LIVE_CHANGE_IDS_HEADER, '41,42');
      return res;
    });
    expect(isOwnChange('41')).toBe(false);
    await store.dispatch(authApi.endpoints.getMe.initiate());
    expect([isOwnChange('41'), isOwnChange('42'), isOwnChange('43'), isOwnChange(undefined)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
