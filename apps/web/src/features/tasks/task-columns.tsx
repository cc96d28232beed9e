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

/** A custom field's column id in `cols`: `cf.<fieldId>` (issue 26). */
export const fieldColumn = (fieldId: string) => `cf.${fieldId}`;

/** One column the chooser offers: a built-in one or an enabled custom field. */
export type ColumnOption = { id: string; label: string };

const BUILT_IN: ColumnOption[] = LIST_COLUMNS.map((c) => ({ id: c, label: LABELS[c] }));

/**
 * The visible columns, kept in the address as `cols` (issue 26, saved views: a view's visible
 * columns are its query's): `cols=status,due` shows those; without it (or empty) every column;
 * `cols=title` the title alone. A project's enabled custom fields are columns too, as
 * `cf.<fieldId>`. Unknown names are ignored, so a link from a later version (or to a field since
 * disabled) still works.
 */
export function columnsFrom(
  value: string | null,
  all: readonly string[] = LIST_COLUMNS,
): ReadonlySet<string> {
  if (!value) return new Set(all);
  const named = value.split(',');
  return new Set(all.filter((c) => named.includes(c)));
}

/** The columns on offer: the built-in ones, then the project's enabled custom fields. */
export function columnOptions(fields: readonly { fieldId: string; name: string }[] = []): ColumnOption[] {
  return [...BUILT_IN, ...fields.map((f) => ({ id: fieldColumn(f.fieldId), label: f.name }))];
}

export function useVisibleColumns(options: readonly ColumnOption[] = BUILT_IN) {
  const [params, setParams] = useSearchParams();
  const raw = params.get('cols');
  const ids = useMemo(() => options.map((o) => o.id), [options]);
  const key = ids.join(',');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `ids`' content.
  const visible = useMemo(() => columnsFrom(raw, ids), [raw, key]);
  const toggle = useCallback(
    (column: string) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        const shown = new Set(columnsFrom(current.get('cols'), ids));
        if (shown.has(column)) shown.delete(column);
        else shown.add(column);
        if (shown.size === ids.length) next.delete('cols');
        else next.set('cols', shown.size ? ids.filter((c) => shown.has(c)).join(',') : 'title');
        return next;
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `ids`' content.
    [setParams, key],
  );
  return { visible, toggle };
}

/** "Columns": which of the task lists' columns show (a menu of switches), custom fields included. */
export function ColumnChooser({ options = BUILT_IN }: { options?: readonly ColumnOption[] }) {
  const { visible, toggle } = useVisibleColumns(options);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const hidden = options.length - visible.size;
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
        {options.map((c) => (
          <MenuItem
            key={c.id}
            role="menuitemcheckbox"
            aria-checked={visible.has(c.id)}
            onClick={() => toggle(c.id)}
          >
            <ListItemIcon>
              <Checkbox edge="start" size="small" checked={visible.has(c.id)} tabIndex={-1} disableRipple />
            </ListItemIcon>
            <ListItemText primary={c.label} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
