import Box from '@mui/material/Box';
import { useSession } from '../../hooks/use-session';
import { filterMenu, type MenuItem } from '../../lib/menu';
import { MenuError } from './menu-error';
import { NavGroup } from './nav-group';

/** The sidebar's entries the signed-in user may see. */
export function MenuList({ items }: { items: readonly MenuItem[] }) {
  const { permissions } = useSession();
  return (
    <Box component="nav" aria-label="Main navigation" sx={{ px: 1.5 }}>
      {filterMenu(items, permissions).map((item) =>
        item.type === 'group' ? <NavGroup key={item.id} item={item} /> : <MenuError key={item.id} />,
      )}
    </Box>
  );
}
