import type { OwnSession } from '@taskhive/contract';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { baseApi } from '../../api/base-api';
import { authActions } from '../../app/slices/auth-slice';
import { useAppDispatch } from '../../hooks/store';

/**
 * Puts another session in place of the signed-in one (the admin's when an impersonation starts,
 * the Super Admin's own when it ends): its token, user and permissions; the start-up load runs
 * again (loginSucceeded resets it), the cache of the other session's data is dropped, and the
 * screen changes to `to`. The refresh cookie stays the Super Admin's all along.
 */
export function useSwitchSession() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(
    (session: OwnSession, to: string) => {
      dispatch(authActions.loginSucceeded({ ...session, refreshToken: '' }));
      dispatch(baseApi.util.resetApiState());
      void navigate(to, { replace: true });
    },
    [dispatch, navigate],
  );
}
