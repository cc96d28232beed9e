import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import MenuRounded from '@mui/icons-material/MenuRounded';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import { SIDEBAR_WIDTH } from '@taskhive/contract';
import { type ReactNode, Suspense } from 'react';
import { Link as RouterLink } from 'react-router';
import { appearanceActions } from '../app/slices/appearance-slice';
import { Logo } from '../components/logo';
import { useAppDispatch, useAppSelector } from '../hooks/store';
import { useSession } from '../hooks/use-session';
import { lazyFrom, loader } from '../lib/preloadable';
import { RunningTimerChip } from '../features/timesheets';
import { AccountMenu } from './account-menu';

/**
 * The bell and its list load in their own chunk; the company layout starts it with the start-up
 * load, so the header renders it without suspending.
 */
export const loadNotificationBell = loader(() => import('../features/notifications/notification-bell'));
const NotificationBell = lazyFrom(loadNotificationBell, (m) => m.default);

/**
 * The top bar: logo (to /dashboard), drawer toggle, running timer, notifications (company users:
 * the platform's Super Admin has no tasks), colour-mode switch and account menu.
 */
export function Header({
  onToggleDrawer,
  profileUrl,
  actions,
}: {
  onToggleDrawer: () => void;
  profileUrl: string;
  /** The area's own buttons, before the timer (the company area's search and commands). */
  actions?: ReactNode;
}) {
  const dispatch = useAppDispatch();
  const mode = useAppSelector((s) => s.appearance.mode);
  const drawerOpen = useAppSelector((s) => s.menu.isDashboardDrawerOpened);
  const { superAdmin } = useSession();
  return (
    <AppBar position="fixed" sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1 }, px: { xs: 1, sm: 2.5 } }}>
        <Box sx={{ width: { md: SIDEBAR_WIDTH - 76 }, display: 'flex', alignItems: 'center' }}>
          <Link component={RouterLink} to="/dashboard" underline="none" aria-label="Taskhive home">
            {/* On a phone the mark alone: the bar keeps room for the timer, bell, mode and account. */}
            <Box sx={{ display: { xs: 'block', sm: 'none' } }}>
              <Logo compact />
            </Box>
            <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
              <Logo />
            </Box>
          </Link>
        </Box>
        <IconButton
          aria-label="Toggle navigation"
          aria-expanded={drawerOpen}
          onClick={onToggleDrawer}
          sx={{ bgcolor: 'action.hover', borderRadius: 1 }}
        >
          <MenuRounded />
        </IconButton>
        <Box sx={{ flexGrow: 1 }} />
        {actions}
        <RunningTimerChip />
        {!superAdmin && (
          <Suspense fallback={null}>
            <NotificationBell />
          </Suspense>
        )}
        <Tooltip title={mode === 'dark' ? 'Switch to light mode' : 'Switch to dark mode'}>
          <IconButton
            aria-label={mode === 'dark' ? 'Switch to light mode' : 'Switch to dark mode'}
            onClick={() => dispatch(appearanceActions.modeChanged(mode === 'dark' ? 'light' : 'dark'))}
          >
            {mode === 'dark' ? <LightModeOutlined /> : <DarkModeOutlined />}
          </IconButton>
        </Tooltip>
        <AccountMenu profileUrl={profileUrl} />
      </Toolbar>
    </AppBar>
  );
}
