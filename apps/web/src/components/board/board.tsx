import {
  closestCorners,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { memo, useCallback, useMemo, useState, type ComponentType } from 'react';
import type { BoardMove } from './board-move';

export interface BoardColumn {
  id: string;
  title: string;
  /** The column's accent (a status colour from the server). */
  color: string;
}

export interface BoardProps<T> {
  label: string;
  columns: readonly BoardColumn[];
  /** Every item, in the order each column shows them. */
  items: readonly T[];
  itemId: (item: T) => string;
  columnOf: (item: T) => string;
  /** A card; memoised by item, so an item object that did not change does not re-render. */
  Card: ComponentType<{ item: T }>;
  onMove: (move: BoardMove) => void;
  disabled?: boolean;
  /** Cards rendered per column before a "Show more" button (a long column stays fast). */
  pageSize?: number;
  /**
   * Each column's total when `items` holds only some of its cards (its first ones): the count
   * shows the total. Without it a column counts its items.
   */
  totals?: Readonly<Record<string, number>>;
  /**
   * Asks for a column's next cards: its "Show n more" once all its loaded cards show and its total
   * is larger (n is at most `pageSize`, so each call should load at least that many).
   */
  onShowMore?: (columnId: string) => void;
  /** Columns whose further cards are on their way (their "Show more" waits). */
  loadingMore?: readonly string[];
  /** Most cards a column loads through `onShowMore`; past that it says how many it shows. */
  maxLoaded?: number;
}

const COLUMN_PREFIX = 'column:';
const columnKey = (id: string) => `${COLUMN_PREFIX}${id}`;
const DEFAULT_PAGE_SIZE = 40;

type Containers = Record<string, string[]>;

/**
 * A Kanban board generic over items and columns: drag with the mouse, a finger (after a short
 * press, so the board still scrolls) or the keyboard (Space to lift, arrows to move, Space to drop,
 * Escape to cancel). Columns scroll sideways on small screens and render their cards in pages.
 */
export function Board<T>({
  label,
  columns,
  items,
  itemId,
  columnOf,
  Card,
  onMove,
  disabled = false,
  pageSize = DEFAULT_PAGE_SIZE,
  totals,
  onShowMore,
  loadingMore,
  maxLoaded = Infinity,
}: BoardProps<T>) {
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 6 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: sortableKeyboardCoordinates,
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
    }),
  );

  const byId = useMemo(() => new Map(items.map((i) => [itemId(i), i])), [items, itemId]);
  const grouped = useMemo(() => {
    const out: Containers = Object.fromEntries(columns.map((c) => [c.id, [] as string[]]));
    for (const item of items) out[columnOf(item)]?.push(itemId(item));
    return out;
  }, [items, columns, itemId, columnOf]);

  /** While dragging: where each card is now, and the card the dragged one entered its column before. */
  const [drag, setDrag] = useState<{
    id: string;
    from: string;
    containers: Containers;
    enteredBefore: string | null;
  } | null>(null);
  const containers = drag?.containers ?? grouped;

  const containerOf = useCallback((id: UniqueIdentifier, within: Containers): string | undefined => {
    const key = String(id);
    if (key.startsWith(COLUMN_PREFIX)) return key.slice(COLUMN_PREFIX.length);
    return Object.keys(within).find((c) => within[c]?.includes(key));
  }, []);

  const onDragStart = ({ active }: DragStartEvent) => {
    const from = containerOf(active.id, grouped);
    if (from) setDrag({ id: String(active.id), from, containers: grouped, enteredBefore: null });
  };

  const onDragOver = ({ active, over }: DragOverEvent) => {
    if (!over) return;
    setDrag((d) => {
      if (!d) return d;
      const from = containerOf(active.id, d.containers);
      const to = containerOf(over.id, d.containers);
      if (!from || !to || from === to) return d;
      const target = d.containers[to] ?? [];
      const overIndex = target.indexOf(String(over.id));
      const index = overIndex >= 0 ? overIndex : target.length;
      return {
        ...d,
        enteredBefore: overIndex >= 0 ? String(over.id) : null,
        containers: {
          ...d.containers,
          [from]: (d.containers[from] ?? []).filter((x) => x !== d.id),
          [to]: [...target.slice(0, index), d.id, ...target.slice(index)],
        },
      };
    });
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const d = drag;
    setDrag(null);
    if (!d || !over) return;
    const to = containerOf(active.id, d.containers);
    if (!to) return;
    let order = d.containers[to] ?? [];
    const overIndex = order.indexOf(String(over.id));
    const activeIndex = order.indexOf(d.id);
    // Within a column the drop target decides the place; a card that came from another column
    // already sits before the card it entered over, unless it was moved on from there.
    const movedOn = to === d.from || String(over.id) !== d.enteredBefore;
    if (movedOn && overIndex >= 0 && activeIndex >= 0 && overIndex !== activeIndex) {
      order = arrayMove(order, activeIndex, overIndex);
    }
    const before = grouped[to] ?? [];
    const unchanged =
      to === d.from && before.length === order.length && before.every((x, i) => x === order[i]);
    if (!unchanged) onMove({ itemId: d.id, fromColumn: d.from, toColumn: to, order });
  };

  const active = drag ? byId.get(drag.id) : undefined;

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCorners}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDrag(null)}
      accessibility={{
        screenReaderInstructions: {
          draggable:
            'To pick up a card, press Space. Use the arrow keys to move it between and within columns. Press Space again to drop it, or Escape to cancel.',
        },
      }}
    >
      <Box
        role="region"
        aria-label={label}
        sx={{
          display: 'flex',
          gap: 2,
          overflowX: 'auto',
          pb: 1,
          alignItems: 'flex-start',
          scrollSnapType: { xs: 'x mandatory', md: 'none' },
          '& .board-card': {
            touchAction: 'manipulation',
            cursor: 'grab',
            borderRadius: 1,
            '&[data-disabled]': { cursor: 'default' },
            '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
          },
        }}
      >
        {columns.map((col) => {
          const ids = containers[col.id] ?? [];
          const total = totals?.[col.id];
          return (
            <BoardColumnView
              key={col.id}
              column={col}
              ids={ids}
              // While a card is dragged over a column, it counts there and not where it came from.
              count={total === undefined ? ids.length : total + ids.length - (grouped[col.id]?.length ?? 0)}
              byId={byId}
              Card={Card}
              disabled={disabled}
              pageSize={pageSize}
              activeId={drag?.id ?? null}
              onShowMore={onShowMore}
              loadingMore={loadingMore?.includes(col.id) ?? false}
              maxLoaded={maxLoaded}
            />
          );
        })}
      </Box>
      <DragOverlay>
        {active ? (
          <Box sx={{ boxShadow: 8, borderRadius: 1, cursor: 'grabbing' }}>
            <Card item={active} />
          </Box>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}

function BoardColumnView<T>({
  column,
  ids,
  count,
  byId,
  Card,
  disabled,
  pageSize,
  activeId,
  onShowMore,
  loadingMore,
  maxLoaded,
}: {
  column: BoardColumn;
  ids: string[];
  /** The column's cards, loaded or not. */
  count: number;
  byId: Map<string, T>;
  Card: ComponentType<{ item: T }>;
  disabled: boolean;
  pageSize: number;
  activeId: string | null;
  onShowMore: ((columnId: string) => void) | undefined;
  loadingMore: boolean;
  maxLoaded: number;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: columnKey(column.id) });
  const [limit, setLimit] = useState(pageSize);
  const shown = ids.slice(0, Math.max(limit, activeId ? ids.indexOf(activeId) + 1 : 0));
  const hidden = ids.length - shown.length;
  // Cards not loaded yet: asked for once every loaded card shows (they show as they arrive).
  const unloaded = onShowMore ? count - ids.length : 0;
  const canLoad = ids.length < maxLoaded;
  const showUnloaded = () => {
    if (loadingMore) return;
    setLimit((l) => Math.max(l, ids.length + pageSize));
    onShowMore?.(column.id);
  };
  return (
    <Paper
      variant="outlined"
      role="group"
      aria-label={`${column.title} column`}
      data-testid={`board-column-${column.title}`}
      data-column-id={column.id}
      sx={{
        flex: '0 0 auto',
        width: { xs: 'calc(100vw - 64px)', sm: 280 },
        maxWidth: 320,
        bgcolor: isOver ? 'action.hover' : 'background.default',
        scrollSnapAlign: 'start',
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 1.5, py: 1.25 }}>
        <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: column.color, flexShrink: 0 }} />
        <Typography variant="subtitle2" component="h2" noWrap sx={{ flex: 1 }}>
          {column.title}
        </Typography>
        <Chip size="small" label={count} aria-label={`${count} in ${column.title}`} />
      </Stack>
      <SortableContext id={column.id} items={shown} strategy={verticalListSortingStrategy}>
        <Stack ref={setNodeRef} spacing={1} sx={{ px: 1, pb: 1, minHeight: 72 }}>
          {shown.map((id) => {
            const item = byId.get(id);
            return item === undefined ? null : (
              <SortableCard key={id} id={id} item={item} Card={Card} disabled={disabled} />
            );
          })}
          {hidden > 0 ? (
            <Button size="small" onClick={() => setLimit((l) => l + pageSize)}>
              Show {Math.min(hidden, pageSize)} more
            </Button>
          ) : unloaded > 0 && canLoad ? (
            // Stays focusable while it waits (a disabled button would drop the keyboard's focus).
            <Button
              size="small"
              onClick={showUnloaded}
              aria-disabled={loadingMore || undefined}
              aria-busy={loadingMore || undefined}
              sx={{ '&[aria-disabled="true"]': { color: 'text.disabled', cursor: 'progress' } }}
            >
              {loadingMore ? 'Loading more cards…' : `Show ${Math.min(unloaded, pageSize)} more`}
            </Button>
          ) : unloaded > 0 ? (
            <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
              The first {ids.length} of {count} show here.
            </Typography>
          ) : null}
        </Stack>
      </SortableContext>
    </Paper>
  );
}

interface SortableCardProps<T> {
  id: string;
  item: T;
  Card: ComponentType<{ item: T }>;
  disabled: boolean;
}

function SortableCardInner<T>({ id, item, Card, disabled }: SortableCardProps<T>) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id, disabled });
  const ref = useCallback(
    (node: HTMLElement | null) => {
      setNodeRef(node);
      setActivatorNodeRef(node);
    },
    [setNodeRef, setActivatorNodeRef],
  );
  return (
    // A plain element styled by the board's class rules: hundreds of these render at once.
    <div
      ref={ref}
      {...attributes}
      {...listeners}
      data-testid="board-card"
      className="board-card"
      data-disabled={disabled || undefined}
      style={{ transform: CSS.Translate.toString(transform), transition, opacity: isDragging ? 0.4 : 1 }}
    >
      <Card item={item} />
    </div>
  );
}

const SortableCard = memo(SortableCardInner) as typeof SortableCardInner;
