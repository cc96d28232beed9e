import type { useAppDispatch } from '../../hooks/store';
import { dashboardApi, localToday } from './dashboard-api';
import { loadAppDashboardPage } from './dashboard-page-loader';

/**
 * Starts what the company dashboard needs while the workspace's start-up load is still running:
 * its code and its figures, so signing in is not three round trips in a row (the start-up load,
 * then the page's chunk, then its data). The page then finds both ready (the same cache entry).
 */
export function warmDashboard(dispatch: ReturnType<typeof useAppDispatch>) {
  void loadAppDashboardPage();
  void dispatch(dashboardApi.endpoints.myDashboard.initiate(localToday(), { subscribe: false }));
}
