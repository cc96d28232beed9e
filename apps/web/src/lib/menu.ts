import type { SvgIconComponent } from '@mui/icons-material';
import { satisfies, type PermissionRequirement } from '@taskhive/contract';

export type MenuItemType = 'group' | 'collapse' | 'item';

export interface MenuChip {
  color?: 'default' | 'primary' | 'secondary' | 'error' | 'info' | 'success' | 'warning';
  variant?: 'filled' | 'outlined';
  size?: 'small' | 'medium';
  label: string;
  avatar?: string;
}

/** A menu entry with the fields of spec section 2. `type` is a string so bad data can be shown as an error. */
export interface MenuItem {
  id: string;
  title?: string;
  caption?: string;
  type: MenuItemType | (string & {});
  url?: string;
  icon?: SvgIconComponent;
  /** Opens the link in a new tab. */
  target?: boolean;
  disabled?: boolean;
  chip?: MenuChip;
  children?: MenuItem[];
  breadcrumbs?: boolean;
  permission?: PermissionRequirement;
}

/**
 * Keeps the entries the user may see: an entry needs no permission or its check passes; a group
 * or collapse whose children are all hidden is hidden too. Unknown types stay, to show an error.
 */
export function filterMenu(items: readonly MenuItem[], held: readonly string[]): MenuItem[] {
  const out: MenuItem[] = [];
  for (const item of items) {
    if (item.permission && !satisfies(held, item.permission)) continue;
    if (item.type === 'group' || item.type === 'collapse') {
      const children = filterMenu(item.children ?? [], held);
      if (children.length === 0) continue;
      out.push({ ...item, children });
    } else {
      out.push(item);
    }
  }
  return out;
}

/** True when the path is the item's url or lies below it (`/app/project` for `/app/project/…`). */
export function isActivePath(url: string | undefined, pathname: string): boolean {
  if (!url) return false;
  const a = url.replace(/\/+$/, '').toLowerCase();
  const p = pathname.replace(/\/+$/, '').toLowerCase();
  return p === a || p.startsWith(`${a}/`);
}

/** True when the item or any descendant matches the path (opens collapsible groups). */
export function containsActive(item: MenuItem, pathname: string): boolean {
  return isActivePath(item.url, pathname) || (item.children ?? []).some((c) => containsActive(c, pathname));
}

/** The chain of entries from the top down to the one matching the path, for breadcrumbs. */
export function findTrail(items: readonly MenuItem[], pathname: string): MenuItem[] {
  for (const item of items) {
    if (item.type === 'item' && isActivePath(item.url, pathname)) return [item];
    const below = findTrail(item.children ?? [], pathname);
    if (below.length > 0) return [item, ...below];
  }
  return [];
}
