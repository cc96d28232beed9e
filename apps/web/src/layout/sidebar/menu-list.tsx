import Box from '@mui/material/Box';
import { useSession } from '../../hooks/use-session';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { menuActions } from '../../app/slices/menu-slice';
import { useAppDispatch, useAppSelector } from '../../hooks/store';
import { filterMenu, findTrail, type MenuItem } from '../../lib/menu';
import { MenuError } from './menu-error';
import { NavGroup } from './nav-group';

/** The sidebar's entries the signed-in user may see. */
export function MenuList({ items }: { items: readonly MenuItem[] }) {
  const { permissions } = useSession();
  const dispatch = useAppDispatch();
  const openedItem = useAppSelector((s) => s.menu.openedItem);
  const { pathname } = useLocation();
  const current = findTrail(items, pathname).at(-1)?.id;

  // The menu state's openedItem follows the page, however it was reached.
  useEffect(() => {
    if (current && current !== openedItem) dispatch(menuActions.activeItem(current));
  }, [current, openedItem, dispatch]);

  return (
    <Box component="nav" aria-label="Main navigation" sx={{ px: 1.5 }}>
      {filterMenu(items, permissions).map((item) =>
        item.type === 'group' ? <NavGroup key={item.id} item={item} /> : <MenuError key={item.id} />,
      )}
    </Box>
  );
}
