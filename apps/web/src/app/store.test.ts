import { describe, expect, it, vi } from 'vitest';
import { signedIn } from '../test/render';
import { authActions } from './slices/auth-slice';
import { makePersistedStore } from './store';

describe('the persisted state', () => {
  it('holds the session but no token', async () => {
    localStorage.clear();
    const { store, persistor } = makePersistedStore();
    // Writes start once the (empty) stored state has been read back.
    await vi.waitFor(() => expect(persistor.getState().bootstrapped).toBe(true));
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
    await persistor.flush();

    const stored = localStorage.getItem('persist:root') ?? '';
    expect(stored).not.toMatch(/secret/);
    const auth = JSON.parse(JSON.parse(stored).auth);
    expect(Object.keys(auth).sort()).toEqual(['companyId', 'isAuthenticated', 'permissions', 'role', 'user']);
    expect(auth).toMatchObject({ isAuthenticated: true, companyId: user.companyId, permissions });
    // In memory the access token is there for the calls of this page.
    expect(store.getState().auth.accessToken).toBe('access-secret');
    persistor.pause();
  });
});
