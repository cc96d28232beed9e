import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { render } from '../../test/render';
import { Board, type BoardColumn, type BoardProps } from './board';

interface Item {
  id: string;
  column: string;
}

const COLUMNS: BoardColumn[] = [
  { id: 'todo', title: 'To do', color: 'primary.main' },
  { id: 'done', title: 'Done', color: 'success.main' },
];
const items = (n: number, column = 'todo') =>
  Array.from({ length: n }, (_, i) => ({ id: `${column}-${i + 1}`, column }));
const Card = ({ item }: { item: Item }) => <span>{item.id}</span>;

function renderBoard(props: Partial<BoardProps<Item>> & { items: Item[] }) {
  return render(
    <Board<Item>
      label="Test board"
      columns={COLUMNS}
      itemId={(i) => i.id}
      itemLabel={(i) => `Card ${i.id}`}
      columnOf={(i) => i.column}
      Card={Card}
      onMove={() => undefined}
      {...props}
    />,
  );
}

const column = (title: string) => screen.getByRole('group', { name: `${title} column` });
const cardsIn = (title: string) => within(column(title)).queryAllByTestId('board-card');

describe('Board', () => {
  it('counts and pages a column by its items when it has no totals', async () => {
    const { user } = renderBoard({ items: items(45) });
    expect(within(column('To do')).getByLabelText('45 in To do')).toBeInTheDocument();
    expect(cardsIn('To do')).toHaveLength(40);

    await user.click(within(column('To do')).getByRole('button', { name: 'Show 5 more' }));
    expect(cardsIn('To do')).toHaveLength(45);
    expect(within(column('To do')).queryByRole('button', { name: /more/ })).toBeNull();
    expect(within(column('Done')).getByLabelText('0 in Done')).toBeInTheDocument();
  });

  it('counts a column by its total and asks for its unloaded cards once the loaded ones show', async () => {
    const onShowMore = vi.fn();
    const { user } = renderBoard({
      items: [...items(3), ...items(2, 'done')],
      totals: { todo: 10, done: 2 },
      onShowMore,
    });
    expect(within(column('To do')).getByLabelText('10 in To do')).toBeInTheDocument();
    expect(within(column('Done')).getByLabelText('2 in Done')).toBeInTheDocument();
    expect(within(column('Done')).queryByRole('button', { name: /more/ })).toBeNull();

    await user.click(within(column('To do')).getByRole('button', { name: 'Show 7 more' }));
    expect(onShowMore).toHaveBeenCalledExactlyOnceWith('todo');
  });

  it('waits while a column’s cards load: the button stays, says so and asks nothing', async () => {
    const onShowMore = vi.fn();
    const { user } = renderBoard({
      items: items(3),
      totals: { todo: 10 },
      onShowMore,
      loadingMore: ['todo'],
    });
    const waiting = within(column('To do')).getByRole('button', { name: 'Loading more cards…' });
    expect(waiting).toHaveAttribute('aria-disabled', 'true');
    await user.click(waiting);
    expect(onShowMore).not.toHaveBeenCalled();
  });

  it('stops asking at the most a column loads, and says how many of its cards show', () => {
    renderBoard({ items: items(3), totals: { todo: 10 }, onShowMore: vi.fn(), maxLoaded: 3 });
    expect(within(column('To do')).queryByRole('button', { name: /more/ })).toBeNull();
    expect(within(column('To do')).getByText('The first 3 of 10 show here.')).toBeInTheDocument();
  });

  it('lists a column’s cards as items named by their label, which hold the Move button (no control in a control)', () => {
    renderBoard({ items: items(2) });
    const list = within(column('To do')).getByRole('list', { name: 'To do cards' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(['Card todo-1', 'Card todo-2']);
    expect(cards[0]).toHaveAttribute('aria-roledescription', 'movable card');
    expect(cards[0]).toHaveAttribute('tabindex', '0');
    expect(
      within(cards[0] as HTMLElement).getByRole('button', { name: 'Move Card todo-1' }),
    ).toBeInTheDocument();
    expect(within(column('To do')).queryAllByRole('button', { name: /^Card / })).toHaveLength(0);
  });
});
