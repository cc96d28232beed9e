import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import FolderOpenOutlined from '@mui/icons-material/FolderOpenOutlined';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import { MENU_ITEM_TITLE_MAX_WIDTH } from '@taskhive/contract';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { containsActive, type MenuItem } from '../../lib/menu';
import { MenuError } from './menu-error';
import { NavItem } from './nav-item';
import { useSidebar } from './sidebar-context';

/**
 * A collapsible entry: opens by itself when a child matches the path; in mini mode its children
 * appear in a pop-over to the right on hover.
 */
export function NavCollapse({ item, level = 1 }: { item: MenuItem; level?: number }) {
  const { mini } = useSidebar();
  const { pathname } = useLocation();
  const active = containsActive(item, pathname);
  // A click opens or closes the group until the path changes; then a matching child opens it again.
  const [toggled, setToggled] = useState<{ path: string; open: boolean } | null>(null);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = toggled?.path === pathname ? toggled.open : active;
  const Icon = item.icon ?? FolderOpenOutlined;

  const children = (item.children ?? []).map((child) => {
    if (child.type === 'collapse') return <NavCollapse key={child.id} item={child} level={level + 1} />;
    if (child.type === 'item')
      return <NavItem key={child.id} item={child} level={mini ? 1 : level + 1} inPopover={mini} />;
    return <MenuError key={child.id} />;
  });

  return (
    <li onMouseLeave={() => setAnchor(null)}>
      <ListItemButton
        selected={active && mini}
        disabled={item.disabled}
        aria-expanded={mini ? Boolean(anchor) : open}
        onClick={() => setToggled({ path: pathname, open: !open })}
        onMouseEnter={(e) => mini && setAnchor(e.currentTarget)}
        sx={{
          borderRadius: 1,
          mb: 0.5,
          minHeight: 44,
          pl: mini ? 1.5 : 1.5 + (level - 1) * 2,
          justifyContent: mini ? 'center' : 'flex-start',
        }}
      >
        <ListItemIcon sx={{ minWidth: mini ? 0 : 36, color: active ? 'primary.main' : undefined }}>
          <Icon fontSize="small" />
        </ListItemIcon>
        {!mini && (
          <>
            <ListItemText
              primary={item.title}
              secondary={item.caption}
              slotProps={{
                primary: {
                  noWrap: true,
                  variant: 'body2',
                  sx: { maxWidth: MENU_ITEM_TITLE_MAX_WIDTH * 1.6, fontWeight: active ? 600 : 400 },
                },
                secondary: { variant: 'caption', noWrap: true },
              }}
            />
            {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
          </>
        )}
      </ListItemButton>
      {mini ? (
        <Popper open={Boolean(anchor)} anchorEl={anchor} placement="right-start" sx={{ zIndex: 'drawer' }}>
          <Paper elevation={6} sx={{ ml: 1, p: 1, minWidth: 200 }}>
            <List disablePadding aria-label={item.title}>
              {children}
            </List>
          </Paper>
        </Popper>
      ) : (
        <Collapse in={open} timeout="auto" unmountOnExit>
          <List disablePadding>{children}</List>
        </Collapse>
      )}
    </li>
  );
}
