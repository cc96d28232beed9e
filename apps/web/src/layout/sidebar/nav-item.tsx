import Avatar from '@mui/material/Avatar';
import Chip from '@mui/material/Chip';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import FiberManualRecord from '@mui/icons-material/FiberManualRecord';
import { MENU_ITEM_TITLE_MAX_WIDTH } from '@taskhive/contract';
import { Link as RouterLink, useLocation } from 'react-router';
import { menuActions } from '../../app/slices/menu-slice';
import { useAppDispatch } from '../../hooks/store';
import { isActivePath, type MenuItem } from '../../lib/menu';
import { useSidebar } from './sidebar-context';

/** One link of the sidebar: highlighted when it matches the path; `target` opens a new tab. */
export function NavItem({
  item,
  level = 1,
  inPopover = false,
}: {
  item: MenuItem;
  level?: number;
  inPopover?: boolean;
}) {
  const { mini, onNavigate } = useSidebar();
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const selected = isActivePath(item.url, pathname);
  const compact = mini && !inPopover;
  const Icon = item.icon;
  const icon = Icon ? <Icon fontSize="small" /> : <FiberManualRecord sx={{ fontSize: selected ? 10 : 7 }} />;
  const linkProps = item.target
    ? ({ component: 'a', href: item.url, target: '_blank', rel: 'noopener noreferrer' } as const)
    : ({ component: RouterLink, to: item.url ?? '#' } as const);

  const button = (
    <ListItemButton
      {...linkProps}
      selected={selected}
      disabled={item.disabled}
      aria-current={selected ? 'page' : undefined}
      onClick={() => {
        dispatch(menuActions.activeItem(item.id));
        onNavigate();
      }}
      sx={{
        borderRadius: 1,
        mb: 0.5,
        minHeight: 44,
        pl: compact ? 1.5 : 1.5 + (level - 1) * 2,
        justifyContent: compact ? 'center' : 'flex-start',
        '&.Mui-selected': { color: 'primary.main', '& .MuiListItemIcon-root': { color: 'primary.main' } },
      }}
    >
      <ListItemIcon sx={{ minWidth: compact ? 0 : 36, justifyContent: 'center' }}>{icon}</ListItemIcon>
      {!compact && (
        <ListItemText
          primary={item.title}
          secondary={item.caption}
          slotProps={{
            primary: {
              noWrap: true,
              variant: 'body2',
              sx: { maxWidth: MENU_ITEM_TITLE_MAX_WIDTH * 1.6, fontWeight: selected ? 600 : 400 },
            },
            secondary: { variant: 'caption', noWrap: true },
          }}
        />
      )}
      {!compact && item.chip && (
        <Chip
          color={item.chip.color ?? 'default'}
          variant={item.chip.variant ?? 'filled'}
          size={item.chip.size ?? 'small'}
          label={item.chip.label}
          avatar={item.chip.avatar ? <Avatar>{item.chip.avatar}</Avatar> : undefined}
        />
      )}
    </ListItemButton>
  );

  // A list's children are list items (the entry's link sits inside one).
  return (
    <li>
      {compact ? (
        <Tooltip title={item.title ?? ''} placement="right">
          {button}
        </Tooltip>
      ) : (
        button
      )}
    </li>
  );
}
