import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { MAIN_CONTENT_TOP_MARGIN, MAIN_PADDING } from '@taskhive/contract';
import { type ReactNode, Suspense, useEffect, useLayoutEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { menuActions } from '../app/slices/menu-slice';
import { useFontFaces } from '../app/theme/font-faces';
import { PageLoader } from '../components/page-loader';
import { useAppDispatch, useAppSelector } from '../hooks/store';
import type { MenuItem } from '../lib/menu';
import { Breadcrumbs } from './breadcrumbs';
import { Footer } from './footer';
import { Header } from './header';
import { Sidebar } from './sidebar/sidebar';
import { usePermissionSync } from './use-permission-sync';

export interface AppShellProps {
  menu: readonly MenuItem[];
  menuErrorText: string;
  areaRoot: string;
  profileUrl: string;
  /** Shown above every page of the area, under the header (the impersonation banner). */
  banner?: ReactNode;
  /** The area's own header buttons (the company area's search and commands). */
  headerActions?: ReactNode;
}

/** Header, sidebar, breadcrumbs, the page and the footer: the frame of both signed-in areas. */
export function AppShell({
  menu,
  menuErrorText,
  areaRoot,
  profileUrl,
  banner,
  headerActions,
}: AppShellProps) {
  const dispatch = useAppDispatch();
  const open = useAppSelector((s) => s.menu.isDashboardDrawerOpened);
  const small = useMediaQuery((t: Theme) => t.breakpoints.down('md'), { noSsr: true });
  const { pathname } = useLocation();
  usePermissionSync();
  useFontFaces();

  // Before the first paint (a layout effect), so the page never shows with the drawer closed and
  // then moves over when it opens (Lighthouse counted that as a layout shift on every page).
  useLayoutEffect(() => {
    dispatch(menuActions.drawerOpened(!small));
  }, [small, dispatch]);

  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [pathname]);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <Header
        onToggleDrawer={() => dispatch(menuActions.drawerOpened(!open))}
        profileUrl={profileUrl}
        actions={headerActions}
      />
      <Sidebar items={menu} errorText={menuErrorText} />
      <Box
        component="main"
        sx={{
          flexGrow: 1,
          minWidth: 0,
          mt: `${MAIN_CONTENT_TOP_MARGIN}px`,
          p: `${MAIN_PADDING}px`,
          pt: 0,
          display: 'flex',
          flexDirection: 'column',
        }}
      >
        {banner}
        <Breadcrumbs items={menu} areaRoot={areaRoot} />
        <Box sx={{ flexGrow: 1 }}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Box>
        <Footer />
      </Box>
    </Box>
  );
}
