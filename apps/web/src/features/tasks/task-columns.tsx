import ViewColumnOutlined from '@mui/icons-material/ViewColumnOutlined';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';

/** The project task lists' optional columns, in their order; the title always shows. */
export const LIST_COLUMNS = ['status', 'priority', 'due', 'assignees'] as const;
export type ListColumnId = (typeof LIST_COLUMNS)[number];
const LABELS: Record<ListColumnId, string> = {
  status: 'Status',
  priority: 'Priority',
  due: 'Due date',
  assignees: 'Assignees',
};

/**
 * The visible columns, kept in the address as `cols` (issue 26, saved views: a view's visible
 * columns are its query's): `cols=status,due` shows those; without it (or empty) every column;
 * `cols=title` the title alone. Unknown names are ignored, so a link from a later version works.
 */
export function columnsFrom(value: string | null): ReadonlySet<ListColumnId> {
  if (!value) return new Set(LIST_COLUMNS);
  const named = value.split(',');
  return new Set(LIST_COLUMNS.filter((c) => named.includes(c)));
}

export function useVisibleColumns() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('cols');
  const visible = useMemo(() => columnsFrom(raw), [raw]);
  const toggle = useCallback(
    (column: ListColumnId) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        const shown = new Set(columnsFrom(current.get('cols')));
        if (shown.has(column)) shown.delete(column);
        else shown.add(column);
        if (shown.size === LIST_COLUMNS.length) next.delete('cols');
        else next.set('cols', shown.size ? LIST_COLUMNS.filter((c) => shown.has(c)).join(',') : 'title');
        return next;
      }),
    [setParams],
  );
  return { visible, toggle };
}

/** "Columns": which of the task lists' columns show (a menu of switches). */
export function ColumnChooser() {
  const { visible, toggle } = useVisibleColumns();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const hidden = LIST_COLUMNS.length - visible.size;
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<ViewColumnOutlined />}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {hidden ? `Columns (${hidden} hidden)` : 'Columns'}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {LIST_COLUMNS.map((c) => (
          <MenuItem key={c} role="menuitemcheckbox" aria-checked={visible.has(c)} onClick={() => toggle(c)}>
            <ListItemIcon>
              <Checkbox edge="start" size="small" checked={visible.has(c)} tabIndex={-1} disableRipple />
            </ListItemIcon>
            <ListItemText primary={LABELS[c]} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
