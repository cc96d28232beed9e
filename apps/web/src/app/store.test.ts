import { describe, expect, it } from 'vitest';
import { signedIn } from '../test/render';
import { appearanceActions } from './slices/appearance-slice';
import { authActions } from './slices/auth-slice';
import { makeStore } from './store';

describe('the persisted state', () => {
  it('holds the session but no token', () => {
    localStorage.clear();
    const store = makeStore();
    const { user, permissions } = signedIn({ permissions: ['project:read'] }).auth;
    if (!user) throw new Error('the signed-in fixture has a user');
    store.dispatch(
      authActions.loginSucceeded({
        token: 'access-secret',
        accessToken: 'access-secret',
        refreshToken: 'refresh-secret',
        user,
        permissions,
      }),
    );

    const stored = localStorage.getItem('persist:root') ?? '';
    expect(stored).not.toMatch(/secret/);
    const auth = JSON.parse(JSON.parse(stored).auth);
    expect(Object.keys(auth).sort()).toEqual(['companyId', 'isAuthenticated', 'permissions', 'role', 'user']);
    expect(auth).toMatchObject({ isAuthenticated: true, companyId: user.companyId, permissions });
    // In memory the access token is there for the calls of this page.
    expect(store.getState().auth.accessToken).toBe('access-secret');
  });

  it('comes back on the next start, without a token, before the first render', () => {
    localStorage.clear();
    const first = makeStore();
    const { user, permissions } = signedIn({ permissions: ['project:read'] }).auth;
    if (!user) throw new Error('the signed-in fixture has a user');
    first.dispatch(
      authActions.loginSucceeded({ token: 't', accessToken: 't', refreshToken: 'r', user, permissions }),
    );
    first.dispatch(appearanceActions.modeChanged('dark'));

    const { auth, appearance } = makeStore().getState();
    expect(auth).toMatchObject({ isAuthenticated: true, user, permissions, accessToken: null });
    expect(auth.authLoading).toBe(false);
    expect(auth.error).toBeFalsy();
    expect(appearance.mode).toBe('dark');
  });

  it('reads what redux-persist stored before (a browser signed in across the change)', () => {
    const { user, permissions } = signedIn({ permissions: ['task:read'] }).auth;
    localStorage.setItem(
      'persist:root',
      JSON.stringify({
        auth: JSON.stringify({
          user,
          role: user?.role,
          companyId: user?.companyId,
          permissions,
          isAuthenticated: true,
        }),
        appearance: JSON.stringify({ fontFamily: 'Serif', borderRadius: 4, mode: 'dark' }),
        _persist: JSON.stringify({ version: -1, rehydrated: true }),
      }),
    );
    const state = makeStore().getState();
    expect(state.auth).toMatchObject({ isAuthenticated: true, permissions });
    expect(state.appearance).toEqual({ fontFamily: 'Serif', borderRadius: 4, mode: 'dark' });
  });

  it('starts signed out when the stored entry cannot be read', () => {
    localStorage.setItem('persist:root', '{not json');
    expect(makeStore().getState().auth.isAuthenticated).toBe(false);
  });
});
