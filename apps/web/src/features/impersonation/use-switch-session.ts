import type { OwnSession } from '@taskhive/contract';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { baseApi } from '../../api/base-api';
import { authActions } from '../../app/slices/auth-slice';
import { useAppDispatch } from '../../hooks/store';

/** The next frame the browser paints (a macrotask where frames are not painted). */
const nextFrame = () =>
  new Promise<void>((resolve) => {
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(resolve, 0));
    else setTimeout(resolve, 16);
  });

/**
 * Puts another session in place of the signed-in one (the admin's when an impersonation starts,
 * the Super Admin's own when it ends): its token, user and permissions; the start-up load runs
 * again (loginSucceeded resets it), the cache of the other session's data is dropped, and the
 * screen changes to `to`. Resolves once done. The refresh cookie stays the Super Admin's all along.
 */
export function useSwitchSession() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(
    async (session: OwnSession, to: string) => {
      // The guards show their loader while the session changes, so no page judges the new user
      // by the old path: first the way there, then the session. The router renders a navigation
      // in a React transition, after the store's (synchronous) updates; it renders only loaders
      // here, so it shows within a frame or two.
      dispatch(authActions.logoutStarted());
      await navigate(to, { replace: true });
      await nextFrame();
      await nextFrame();
      dispatch(authActions.loginSucceeded({ ...session, refreshToken: '' }));
      dispatch(baseApi.util.resetApiState());
    },
    [dispatch, navigate],
  );
}
