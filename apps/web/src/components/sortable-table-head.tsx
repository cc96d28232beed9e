import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { SxProps, Theme } from '@mui/material/styles';

/** The sx of a column (head and body cells) that gives way below the md breakpoint. */
export const hideBelowMd = { display: { xs: 'none', md: 'table-cell' } };

export interface SortableColumn<K extends string> {
  /** The sort field; a column without one is a plain, unsortable heading. */
  id?: K | null;
  label: string;
  sx?: SxProps<Theme>;
}

export interface SortableTableHeadProps<K extends string> {
  columns: readonly SortableColumn<K>[];
  sortBy: K;
  sortOrder: 'asc' | 'desc';
  onSort: (id: K) => void;
  /** The heading of a trailing, right-aligned actions column (none when absent). */
  actionsLabel?: string;
}

/** A table head whose headings sort the list, with aria-sort on the active column. */
export function SortableTableHead<K extends string>({
  columns,
  sortBy,
  sortOrder,
  onSort,
  actionsLabel,
}: SortableTableHeadProps<K>) {
  return (
    <TableHead>
      <TableRow>
        {columns.map(({ id, label, sx }) => (
          <TableCell key={id ?? label} sortDirection={id && sortBy === id ? sortOrder : false} sx={sx}>
            {id ? (
              <TableSortLabel
                active={sortBy === id}
                direction={sortBy === id ? sortOrder : 'asc'}
                onClick={() => onSort(id)}
              >
                {label}
              </TableSortLabel>
            ) : (
              label
            )}
          </TableCell>
        ))}
        {actionsLabel && <TableCell align="right">{actionsLabel}</TableCell>}
      </TableRow>
    </TableHead>
  );
}
