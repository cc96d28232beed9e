import { useEffect } from 'react';
import { authActions } from '../app/slices/auth-slice';
import { useGetMeQuery } from '../features/auth/auth-api';
import { useAppDispatch, useAppSelector } from '../hooks/store';

/**
 * Keeps menu and guards in step with what the server allows: /api/auth/me (which answers the
 * permissions of this very moment) is read again when the window regains focus and after any 403,
 * and its answer replaces the session's permissions.
 */
export function usePermissionSync() {
  const dispatch = useAppDispatch();
  const check = useAppSelector((s) => s.auth.permissionsCheck);
  const { data, refetch, isUninitialized } = useGetMeQuery(undefined, { refetchOnFocus: true });

  useEffect(() => {
    if (check > 0 && !isUninitialized) void refetch();
  }, [check, refetch, isUninitialized]);

  useEffect(() => {
    if (data) dispatch(authActions.sessionUserLoaded(data));
  }, [data, dispatch]);
}
