import { act, screen, within } from '@testing-library/react';
import { useLayoutEffect, useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
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

// jsdom scrolls nothing: the board scrolls a card it moves (menu or keyboard) into view.
beforeAll(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

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

  it('draws a screenful of each column first, then the rest just after that paint', () => {
    // Each card notes, as it mounts, how many cards the board had drawn by then.
    const drawnWhenMounted: number[] = [];
    const Noting = ({ item }: { item: Item }) => {
      useLayoutEffect(() => {
        drawnWhenMounted.push(document.querySelectorAll('[data-testid="board-card"]').length);
      }, []);
      return <span>{item.id}</span>;
    };
    renderBoard({ items: [...items(30), ...items(25, 'done')], Card: Noting });
    // The first render drew 10 a column (20 cards); the others came in the render after it.
    expect(drawnWhenMounted[0]).toBe(20);
    expect(drawnWhenMounted.filter((n) => n === 20)).toHaveLength(20);
    expect(cardsIn('To do')).toHaveLength(30);
    expect(cardsIn('Done')).toHaveLength(25);
  });

  it('shows a taken move where it was dropped until the items follow (a second at most), one not taken where it was', async () => {
    const onMove = vi.fn((): boolean | void => undefined);
    const { user } = renderBoard({ items: items(2), onMove });
    await user.click(screen.getByRole('button', { name: 'Move Card todo-1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move to Done' }));
    expect(onMove).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ itemId: 'todo-1', fromColumn: 'todo', toColumn: 'done' }),
    );
    // The caller updates its items after the drop's paint: the card shows where it went meanwhile.
    expect(cardsIn('Done')).toHaveLength(1);
    expect(cardsIn('To do')).toHaveLength(1);
    // Items that never follow: the card is back where the items have it.
    await vi.waitFor(() => expect(cardsIn('Done')).toHaveLength(0), { timeout: 3000 });
    expect(cardsIn('To do')).toHaveLength(2);
    // A move the caller did not take: where it was at once.
    onMove.mockReturnValue(false);
    await user.click(screen.getByRole('button', { name: 'Move Card todo-2' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move to Done' }));
    expect(onMove).toHaveBeenCalledTimes(2);
    expect(cardsIn('Done')).toHaveLength(0);
    expect(cardsIn('To do')).toHaveLength(2);
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

  it('renders again only the column whose cards changed, and nothing for the same cards in a new array', () => {
    const rendered: string[] = [];
    // Not memoised: it renders whenever its column's sortable card does.
    const Counted = ({ item }: { item: Item }) => {
      rendered.push(item.id);
      return <span>{item.id}</span>;
    };
    let setItems: (next: Item[]) => void = () => undefined;
    function Harness({ initial }: { initial: Item[] }) {
      const [list, set] = useState(initial);
      setItems = set;
      return (
        <Board<Item>
          label="Test board"
          columns={THREE_COLUMNS}
          items={list}
          itemId={itemId}
          itemLabel={itemLabel}
          columnOf={columnOf}
          Card={Counted}
          onMove={noMove}
        />
      );
    }
    const todo = items(3);
    const done = items(2, 'done');
    const later = items(2, 'later');
    render(<Harness initial={[...todo, ...done, ...later]} />);
    expect(rendered).toHaveLength(7);

    // A card changes where it is (a new object, as the cache's update makes it): it renders
    // again, and no other card does.
    rendered.length = 0;
    const changed = { ...(done[0] as Item) };
    const after = [...todo, changed, done[1], ...later] as Item[];
    act(() => setItems(after));
    expect(rendered).toEqual(['done-1']);

    // A refetch that changed nothing: the same objects in a new array render nothing again.
    rendered.length = 0;
    act(() => setItems([...after]));
    expect(rendered).toEqual([]);

    // A card moves to Done: it shows there, in its place.
    const moved = { ...(todo[0] as Item), column: 'done' };
    act(() => setItems([todo[1], todo[2], changed, moved, done[1], ...later] as Item[]));
    expect(cardsIn('Done').map((c) => c.getAttribute('data-card-id'))).toEqual([
      'done-1',
      'todo-1',
      'done-2',
    ]);
    expect(cardsIn('To do')).toHaveLength(2);
  });
});

const THREE_COLUMNS = [...COLUMNS, { id: 'later', title: 'Later', color: 'info.main' }];
const itemId = (i: Item) => i.id;
const itemLabel = (i: Item) => `Card ${i.id}`;
const columnOf = (i: Item) => i.column;
const noMove = () => undefined;
