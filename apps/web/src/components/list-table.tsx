import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { errorMessage } from '../api/errors';
import { EmptyState } from './empty-state';
import { ErrorPanel } from './error-panel';
import { SortableTableHead, type SortableColumn } from './sortable-table-head';
import { TableScroll } from './table-scroll';

/** One column: its heading (sortable when it has an id) and what its cell shows for a row. */
export interface ListColumn<T, K extends string> extends SortableColumn<K> {
  cell: (row: T) => ReactNode;
  /** The body cell's sx; the heading's `sx` when absent (a column that hides, hides both). */
  cellSx?: SxProps<Theme>;
}

export interface ListTableProps<T, K extends string> {
  /** The table's accessible name, e.g. "Employees". */
  label: string;
  /** What the rows are, for the progress bars: "Loading employees", "Updating employees". */
  noun: string;
  columns: readonly ListColumn<T, K>[];
  /** The rows of this page; undefined before the first answer. */
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string;
  /** Extra attributes of a row (a test id). */
  rowProps?: Record<string, string>;
  /**
   * Opens what a row shows (its page, its drawer) on a click anywhere in the row but its own
   * controls. The row's title should still be a link or a button, for the keyboard.
   */
  onRowClick?: (row: T) => void;
  /** The trailing, right-aligned cell of a row (buttons, a menu); none when absent. */
  actions?: (row: T) => ReactNode;
  actionsLabel?: string;
  /** Every matching row, across pages. */
  total: number;
  /** 1-based. */
  page: number;
  pageSize: number;
  pageSizeOptions: readonly number[];
  onPageChange: (page: number) => void;
  onPageSizeChange?: (pageSize: number) => void;
  sortBy: K;
  sortOrder: 'asc' | 'desc';
  onSort: (field: K) => void;
  /** The first load. */
  isLoading: boolean;
  /** A reload with rows already shown (a thin bar above the table). */
  isFetching?: boolean;
  /** A failed load shows the error panel with Retry instead of the table. */
  error?: unknown;
  /** The message when the error carries none the user can read. */
  errorFallback: string;
  onRetry: () => void;
  empty: { title: string; description?: string };
}

/** What handles its own click inside a row (a link, a button, a field, a menu). */
const INTERACTIVE = 'a, button, input, select, textarea, label, [role="button"], [role="menuitem"]';

/** A list page's body: loading bar, error with Retry, empty state, or the table with its pagination. */
export function ListTable<T, K extends string>({
  label,
  noun,
  columns,
  rows,
  rowKey,
  rowProps,
  onRowClick,
  actions,
  actionsLabel = 'Actions',
  total,
  page,
  pageSize,
  pageSizeOptions,
  onPageChange,
  onPageSizeChange,
  sortBy,
  sortOrder,
  onSort,
  isLoading,
  isFetching = false,
  error,
  errorFallback,
  onRetry,
  empty,
}: ListTableProps<T, K>) {
  if (isLoading) return <LinearProgress aria-label={`Loading ${noun}`} />;
  if (error) return <ErrorPanel message={errorMessage(error, errorFallback)} onRetry={onRetry} />;
  if (!rows || rows.length === 0) return <EmptyState title={empty.title} description={empty.description} />;
  return (
    <>
      {isFetching && <LinearProgress aria-label={`Updating ${noun}`} sx={{ mb: -0.5 }} />}
      <TableScroll label={label}>
        <Table size="small" aria-label={label}>
          <SortableTableHead
            columns={columns}
            sortBy={sortBy}
            sortOrder={sortOrder}
            onSort={onSort}
            actionsLabel={actions ? actionsLabel : undefined}
          />
          <TableBody>
            {rows.map((row) => (
              <TableRow
                key={rowKey(row)}
                hover
                {...rowProps}
                onClick={
                  onRowClick
                    ? (e) => {
                        if (!(e.target instanceof Element && e.target.closest(INTERACTIVE))) onRowClick(row);
                      }
                    : undefined
                }
                sx={onRowClick ? { cursor: 'pointer' } : undefined}
              >
                {columns.map((c) => (
                  <TableCell key={c.id ?? c.label} sx={c.cellSx ?? c.sx}>
                    {c.cell(row)}
                  </TableCell>
                ))}
                {actions && (
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {actions(row)}
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableScroll>
      <TablePagination
        component="div"
        count={total}
        page={page - 1}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[...pageSizeOptions]}
        onPageChange={(_e, p) => onPageChange(p + 1)}
        onRowsPerPageChange={onPageSizeChange ? (e) => onPageSizeChange(Number(e.target.value)) : undefined}
      />
    </>
  );
}
