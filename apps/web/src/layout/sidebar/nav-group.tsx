import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import { MENU_GROUP_TITLE_MAX_WIDTH } from '@taskhive/contract';
import type { MenuItem } from '../../lib/menu';
import { MenuError } from './menu-error';
import { NavCollapse } from './nav-collapse';
import { NavItem } from './nav-item';
import { useSidebar } from './sidebar-context';

/** A titled section of the sidebar. */
export function NavGroup({ item }: { item: MenuItem }) {
  const { mini } = useSidebar();
  return (
    <>
      <List
        aria-label={item.title}
        subheader={
          !mini && item.title ? (
            <ListSubheader disableSticky sx={{ bgcolor: 'transparent', lineHeight: 2.5, px: 1.5 }}>
              <Typography
                variant="overline"
                noWrap
                sx={{ display: 'block', maxWidth: MENU_GROUP_TITLE_MAX_WIDTH * 1.6, fontWeight: 700 }}
              >
                {item.title}
              </Typography>
              {item.caption && (
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {item.caption}
                </Typography>
              )}
            </ListSubheader>
          ) : undefined
        }
      >
        {(item.children ?? []).map((child) => {
          if (child.type === 'collapse') return <NavCollapse key={child.id} item={child} />;
          if (child.type === 'item') return <NavItem key={child.id} item={child} />;
          return <MenuError key={child.id} />;
        })}
      </List>
      <Divider sx={{ my: 1 }} />
    </>
  );
}
