import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { SIDEBAR_MINI_WIDTH, SIDEBAR_WIDTH } from '@taskhive/contract';
import { useMemo } from 'react';
import { menuActions } from '../../app/slices/menu-slice';
import { Logo } from '../../components/logo';
import { useAppDispatch, useAppSelector } from '../../hooks/store';
import type { MenuItem } from '../../lib/menu';
import { MenuList } from './menu-list';
import { SidebarContext, type SidebarContextValue } from './sidebar-context';

/**
 * 260 px open and 72 px mini from md up; below md a temporary drawer that closes when an item
 * is chosen.
 */
export function Sidebar({ items, errorText }: { items: readonly MenuItem[]; errorText: string }) {
  const dispatch = useAppDispatch();
  const open = useAppSelector((s) => s.menu.isDashboardDrawerOpened);
  const temporary = useMediaQuery((t: Theme) => t.breakpoints.down('md'), { noSsr: true });
  const context = useMemo<SidebarContextValue>(
    () => ({
      mini: !temporary && !open,
      temporary,
      errorText,
      onNavigate: () => {
        if (temporary) dispatch(menuActions.drawerOpened(false));
      },
    }),
    [temporary, open, errorText, dispatch],
  );
  const width = temporary || open ? SIDEBAR_WIDTH : SIDEBAR_MINI_WIDTH;

  const content = (
    <SidebarContext.Provider value={context}>
      <Toolbar sx={{ px: 2.5 }}>{temporary && <Logo />}</Toolbar>
      <Box sx={{ py: 1.5, overflowY: 'auto', overflowX: 'hidden' }}>
        <MenuList items={items} />
      </Box>
    </SidebarContext.Provider>
  );

  if (temporary) {
    return (
      <Drawer
        variant="temporary"
        open={open}
        onClose={() => dispatch(menuActions.drawerOpened(false))}
        ModalProps={{ keepMounted: true }}
        slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH }, 'aria-label': 'Navigation drawer' } }}
      >
        {content}
      </Drawer>
    );
  }
  return (
    <Drawer
      variant="permanent"
      sx={(t) => ({
        width,
        flexShrink: 0,
        transition: t.transitions.create('width', { duration: t.transitions.duration.shorter }),
        '& .MuiDrawer-paper': {
          width,
          overflowX: 'hidden',
          borderRight: 1,
          borderColor: 'divider',
          zIndex: t.zIndex.appBar - 1,
          transition: t.transitions.create('width', { duration: t.transitions.duration.shorter }),
        },
      })}
      slotProps={{ paper: { 'aria-label': 'Sidebar' } as object }}
    >
      {content}
    </Drawer>
  );
}
