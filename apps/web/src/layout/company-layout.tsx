import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { lazy, useEffect } from 'react';
import { useLocation } from 'react-router';
import { warmProjectDetail } from '../app/routes/warm-project-detail';
import { loadStartupData } from '../app/startup';
import { warmDashboard } from '../features/dashboard/warm-dashboard';
import { ErrorPanel } from '../components/error-panel';
import { ImpersonationBanner } from '../features/impersonation/impersonation-banner';
import { PaletteLauncher } from '../features/palette/palette-launcher';
import { useAppDispatch, useAppSelector } from '../hooks/store';
import { AppShell } from './app-shell';
import { loadNotificationBell } from './header';
import { MustChangePassword } from './must-change-password';
import { companyMenu } from './menu-items';
import { useLiveUpdates } from './use-live-updates';

// "Create task…" (the palette and the `c` shortcut): the tasks feature's dialog, its own chunk.
const QuickCreateTask = lazy(() => import('../features/tasks/quick-create-task-dialog'));
const createTask = (onClose: () => void) => <QuickCreateTask onClose={onClose} />;

/**
 * The company area, or only the change of a password a Company Admin set (issue 24): the API
 * opens nothing else to that session, so not even the start-up load runs until it is changed.
 */
export function CompanyLayout() {
  const mustChange = useAppSelector((s) => s.auth.user?.mustChangePassword === true);
  return mustChange ? <MustChangePassword /> : <Workspace />;
}

/**
 * The workspace: the start-up load first (idle starts it, pending shows a spinner, failed an
 * error panel with Retry), then the shell. One live-updates stream per tab runs while signed in.
 */
function Workspace() {
  const dispatch = useAppDispatch();
  const { status, error } = useAppSelector((s) => s.startup);
  useLiveUpdates();
  const { pathname, search } = useLocation();

  useEffect(() => {
    if (status !== 'idle') return;
    void dispatch(loadStartupData());
    void loadNotificationBell();
  }, [status, dispatch]);

  // Landing on the dashboard (every sign-in does): fetch its code and figures beside the start-up load.
  const landing = status === 'idle' && pathname.replace(/\/$/, '') === '/app/dashboard';
  useEffect(() => {
    if (landing) warmDashboard(dispatch);
  }, [landing, dispatch]);
  // Landing on a project's page (a shared task link does): its code and reads beside the start-up load.
  const landingOnProject = status === 'idle' && pathname.startsWith('/app/project-detail/');
  useEffect(() => {
    if (landingOnProject) dispatch(warmProjectDetail(pathname, search));
    // Once, when the workspace opens: later changes of the address are the page's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [landingOnProject, dispatch]);

  if (status === 'failed') {
    return (
      <Box
        sx={{
          minHeight: '100vh',
          display: 'grid',
          placeItems: 'center',
          p: 2,
          bgcolor: 'background.default',
        }}
      >
        <ErrorPanel
          title="We could not load your workspace"
          message={error ?? 'An unexpected error occurred'}
          onRetry={() => void dispatch(loadStartupData())}
        />
      </Box>
    );
  }
  if (status !== 'succeeded') {
    return (
      <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'background.default' }}>
        <CircularProgress aria-label="Loading your workspace" />
      </Box>
    );
  }
  return (
    <AppShell
      menu={companyMenu}
      menuErrorText="Menu Items Error"
      areaRoot="/app"
      profileUrl="/app/profile"
      banner={<ImpersonationBanner />}
      headerActions={<PaletteLauncher menu={companyMenu} renderCreateTask={createTask} />}
    />
  );
}
