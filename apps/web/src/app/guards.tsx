import { isSuperAdmin, satisfies, type PermissionRequirement } from '@taskhive/contract';
import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { useAppDispatch, useAppSelector } from '../hooks/store';
import type { ReturnState } from '../lib/return-state';

export interface RequireAuthProps {
  /** `anyOf` lets in a user holding one of them (an empty list: any signed-in user); `allOf` needs all. */
  requires?: PermissionRequirement;
  /** The platform area: only the Super Admin (on top of the permission check). */
  superAdminOnly?: boolean;
  children?: ReactNode;
}

/**
 * A guarded route: while the session loads (after a reload: a new access token from the refresh
 * cookie) a progress bar shows instead of the page; a visitor
 * (or a user whose session expired) goes to `/` and the page is remembered; a signed-in user lacking the permission goes to
 * `/unauthorized`.
 */
export function RequireAuth({ requires, superAdminOnly = false, children }: RequireAuthProps) {
  const { isAuthenticated, authLoading, accessToken, permissions, user, error } = useAppSelector(
    (s) => s.auth,
  );
  const dispatch = useAppDispatch();
  const location = useLocation();
  const signedInAtMount = useRef(isAuthenticated);
  // After a reload the stored session has no access token: the refresh cookie gives one first.
  const restoring = isAuthenticated && !accessToken;
  useEffect(() => {
    // The base query comes with RTK Query, which the sign-in route does not load.
    if (restoring && !authLoading)
      void import('../api/base-query').then(({ restoreSession }) => dispatch(restoreSession()));
  }, [restoring, authLoading, dispatch]);
  if (authLoading || restoring) return <PageLoader label="Checking your session" />;
  if (!isAuthenticated) {
    // A deliberate sign-out starts afresh; a visitor or an expired session comes back here after signing in.
    const signedOut = signedInAtMount.current && !error;
    const state: ReturnState | undefined = signedOut
      ? undefined
      : { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to="/" replace state={state} />;
  }
  if ((superAdminOnly && !isSuperAdmin(user)) || (requires && !satisfies(permissions, requires))) {
    return <Navigate to="/unauthorized" replace />;
  }
  return children ?? <Outlet />;
}

/** `/dashboard`: the Super Admin to the platform dashboard, others to the company one, visitors to `/`. */
export function DashboardRedirect() {
  const { isAuthenticated, user } = useAppSelector((s) => s.auth);
  if (!isAuthenticated) return <Navigate to="/" replace />;
  return <Navigate to={isSuperAdmin(user) ? '/super-admin/dashboard' : '/app/dashboard'} replace />;
}
