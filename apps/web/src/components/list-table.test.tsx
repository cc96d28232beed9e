import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { render } from '../test/render';
import { ListTable, type ListColumn, type ListTableProps } from './list-table';

interface Fruit {
  id: string;
  name: string;
  count: number;
}

const COLUMNS: ListColumn<Fruit, 'name' | 'count'>[] = [
  { id: 'name', label: 'Name', cell: (f) => f.name },
  { id: null, label: 'Colour', cell: () => 'any' },
  { id: 'count', label: 'Count', cell: (f) => f.count },
];

const FRUITS: Fruit[] = [
  { id: 'a', name: 'Apple', count: 3 },
  { id: 'b', name: 'Banana', count: 5 },
];

function props(overrides: Partial<ListTableProps<Fruit, 'name' | 'count'>> = {}) {
  return {
    label: 'Fruits',
    noun: 'fruits',
    columns: COLUMNS,
    rows: FRUITS,
    rowKey: (f: Fruit) => f.id,
    total: 12,
    page: 1,
    pageSize: 2,
    pageSizeOptions: [2],
    onPageChange: vi.fn(),
    sortBy: 'name' as const,
    sortOrder: 'asc' as const,
    onSort: vi.fn(),
    isLoading: false,
    errorFallback: 'Could not load the fruits.',
    onRetry: vi.fn(),
    empty: { title: 'No fruits yet', description: 'Plant a tree.' },
    ...overrides,
  };
}

describe('ListTable', () => {
  it('shows a loading bar on the first load', () => {
    render(<ListTable {...props({ isLoading: true, rows: undefined })} />);
    expect(screen.getByRole('progressbar', { name: 'Loading fruits' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the error with Retry, which calls back', async () => {
    const onRetry = vi.fn();
    const { user } = render(
      <ListTable {...props({ rows: undefined, error: { status: 500, data: null }, onRetry })} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load the fruits.');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('shows the error the server sent', () => {
    render(<ListTable {...props({ error: { status: 403, data: { message: 'Not yours.' } } })} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Not yours.');
  });

  it('shows the empty state when there are no rows', () => {
    render(<ListTable {...props({ rows: [] })} />);
    expect(screen.getByText('No fruits yet')).toBeInTheDocument();
    expect(screen.getByText('Plant a tree.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('renders the columns as configured, with actions, and sorts by sortable headings only', async () => {
    const onSort = vi.fn();
    const { user } = render(
      <ListTable
        {...props({ onSort, isFetching: true })}
        rowProps={{ 'data-testid': 'fruit-row' }}
        actions={(f) => <button type="button">Eat {f.name}</button>}
      />,
    );
    const table = screen.getByRole('table', { name: 'Fruits' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Colour', 'Count', 'Actions']);
    expect(
      screen.getAllByTestId('fruit-row').map((r) => within(r).getAllByRole('cell')[0]?.textContent),
    ).toEqual(['Apple', 'Banana']);
    expect(screen.getByRole('button', { name: 'Eat Banana' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(screen.getByRole('progressbar', { name: 'Updating fruits' })).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Count' }));
    expect(onSort).toHaveBeenCalledWith('count');
    expect(within(table).queryByRole('button', { name: 'Colour' })).not.toBeInTheDocument();
  });

  it('pages 1-based', async () => {
    const onPageChange = vi.fn();
    const { user } = render(<ListTable {...props({ onPageChange, page: 2 })} />);
    expect(screen.getByText('3–4 of 12')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
  });
});
