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
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  memo,
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { flushSync } from 'react-dom';
import type { BoardMove } from './board-move';
import { useEdgePaging } from './edge-paging';

export interface BoardColumn {
  id: string;
  title: string;
  /** The column's accent (a status colour from the server). */
  color: string;
}

/** A swimlane: a row of the board's columns holding the items `laneOf` puts in it. */
export interface BoardLane {
  id: string;
  title: string;
}

/** Where a column shows in the board: its status column, and its lane when there are lanes. */
export interface BoardCell {
  columnId: string;
  laneId: string | undefined;
  /** The column's title, with its lane's ("Open · Ada Lovelace"). */
  title: string;
  /** The column's own title. */
  name: string;
  /** What screen readers call it: "Open column", or "Open column, Ada Lovelace lane". */
  label: string;
}

export interface BoardProps<T> {
  label: string;
  columns: readonly BoardColumn[];
  /** Every item, in the order each column shows them. */
  items: readonly T[];
  itemId: (item: T) => string;
  /** What screen readers call a card (its title): never an id. */
  itemLabel: (item: T) => string;
  columnOf: (item: T) => string;
  /** A card; memoised by item, so an item object that did not change does not re-render. */
  Card: ComponentType<{ item: T }>;
  /**
   * A card moved. `false`: the move was not taken (the card shows where it was at once); otherwise
   * the board shows it where it was dropped until `items` reflect the move (HOLD_MS at most), so
   * the caller may write and update its items after the drop's frame is painted.
   */
  onMove: (move: BoardMove) => boolean | void;
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
  /**
   * Swimlanes: rows of the same columns, each holding the items `laneOf` names it for (an item
   * whose lane is not listed does not show). A drop in another lane reports `fromLane`/`toLane`;
   * the keyboard and the Move menu stay within the card's lane. Each lane folds.
   */
  lanes?: readonly BoardLane[];
  laneOf?: (item: T) => string;
  /** Something in a column's header after its count (a quick add's "+"). */
  columnAction?: (cell: BoardCell) => ReactNode;
  /** Something at the top of a column, above its cards (a quick add's field). */
  columnTop?: (cell: BoardCell) => ReactNode;
  /** What an empty column says (say, that filters hide its cards); nothing by default. */
  emptyText?: (cell: BoardCell) => string | undefined;
  /**
   * Puts the focus on this item's card (each new `seq` once, as soon as the card is there), and
   * keeps it there while the card is rendered anew for a moment (an Undo's move back).
   */
  focusRequest?: { id: string; seq: number } | null;
}

const COLUMN_PREFIX = 'column:';
/** Between a lane's id and a column's in a cell's id (ids never hold it). */
const LANE_SEP = '\u001f';

interface Cell extends BoardColumn, BoardCell {}
const columnKey = (id: string) => `${COLUMN_PREFIX}${id}`;
/** The droppable around the whole board: what a keyboard drag is "over" (see `collisions`). */
const BOARD_ID = 'board';
const DEFAULT_PAGE_SIZE = 40;
/**
 * A column's cards in its first render: about a screenful (a card is 80-100 px high). The rest
 * follow in a transition just after that paint (React renders them in slices that yield to input),
 * so a board of hundreds of cards shows its first ones without one long render of all of them
 * (issue 28: a 5-column board of 50 cards each took 350-400 ms in one task).
 */
const FIRST_PAINT_CARDS = 10;
/** How long after a keyboard drop the moved card takes the focus back when it is rendered anew. */
const FOCUS_KEEP_MS = 1500;
/** How long a drop shows its columns at most while the items do not reflect it yet. */
const HOLD_MS = 1000;

/** Screen readers read this for every card (dnd-kit's aria-describedby). */
export const BOARD_INSTRUCTIONS =
  'To move a card, press Space. Use the left and right arrow keys to move it to another column and the up and down arrow keys to move it within its column. Press Space again to drop it, or Escape to cancel.';

type Containers = Record<string, string[]>;

interface Drag {
  id: string;
  from: string;
  containers: Containers;
  /** The card the dragged one entered its column before (pointer drags). */
  enteredBefore: string | null;
  /** A keyboard drag moves by the arrow keys' rules, not by where the card's picture is. */
  keyboard: boolean;
}

const MOUSE_OPTIONS = { activationConstraint: { distance: 5 } };
const TOUCH_OPTIONS = { activationConstraint: { delay: 250, tolerance: 8 } };
const KEYBOARD_CODES = { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] };

/** Arrow keys: a column to the side, or a place up or down. */
const KEY_STEPS: Record<string, { column: number; place: number }> = {
  ArrowLeft: { column: -1, place: 0 },
  ArrowRight: { column: 1, place: 0 },
  ArrowUp: { column: 0, place: -1 },
  ArrowDown: { column: 0, place: 1 },
};

function containerOf(id: UniqueIdentifier, within: Containers): string | undefined {
  const key = String(id);
  if (key.startsWith(COLUMN_PREFIX)) return key.slice(COLUMN_PREFIX.length);
  return Object.keys(within).find((c) => within[c]?.includes(key));
}

/** `containers` with `id` taken out of its column and put in `to` at `index`. */
function placed(containers: Containers, id: string, to: string, index: number): Containers {
  const out: Containers = {};
  for (const [c, ids] of Object.entries(containers)) out[c] = ids.filter((x) => x !== id);
  const target = out[to] ?? [];
  out[to] = [...target.slice(0, index), id, ...target.slice(index)];
  return out;
}

/** An element's box without its CSS translate (a card may be mid-animation when measured). */
function untranslatedRect(node: HTMLElement): { left: number; top: number } {
  const r = node.getBoundingClientRect();
  const m = /translate3d\((-?[\d.]+)px, (-?[\d.]+)px/.exec(node.style.transform);
  return { left: r.left - Number(m?.[1] ?? 0), top: r.top - Number(m?.[2] ?? 0) };
}

/**
 * A Kanban board generic over items and columns: drag with the mouse, a finger (after a 250 ms
 * press, so a swipe still scrolls the board) or the keyboard (Space to lift, arrows to move, Space
 * to drop, Escape to cancel). Columns scroll sideways on small screens and render their cards in
 * pages.
 *
 * While a card is dragged, the column it will land in is outlined and named on the card. A pointer
 * held at the board's left or right edge turns it one column at a time (`useEdgePaging`), never
 * sliding on past the column under the finger. A keyboard drag moves the card one column or one
 * place per arrow: the board computes the place itself, scrolls it into view and reports the drag
 * as over the board as a whole, so dnd-kit's geometry (which lost the first arrow of a board that
 * had to scroll) has no say. Screen readers hear the card's title and the columns' names.
 */
export function Board<T>({
  label,
  columns,
  items,
  itemId,
  itemLabel,
  columnOf,
  Card,
  onMove,
  disabled = false,
  pageSize = DEFAULT_PAGE_SIZE,
  totals,
  onShowMore,
  loadingMore,
  maxLoaded = Infinity,
  lanes,
  laneOf,
  columnAction,
  columnTop,
  emptyText,
  focusRequest,
}: BoardProps<T>) {
  const byId = useMemo(() => new Map(items.map((i) => [itemId(i), i])), [items, itemId]);
  /** The board's containers: its columns, or each lane's columns (a cell per lane and column). */
  const cells = useMemo<Cell[]>(
    () =>
      lanes && laneOf
        ? lanes.flatMap((l) =>
            columns.map((c) => ({
              ...c,
              id: `${l.id}${LANE_SEP}${c.id}`,
              columnId: c.id,
              laneId: l.id,
              title: `${c.title} · ${l.title}`,
              name: c.title,
              label: `${c.title} column, ${l.title} lane`,
            })),
          )
        : columns.map((c) => ({
            ...c,
            columnId: c.id,
            laneId: undefined,
            name: c.title,
            label: `${c.title} column`,
          })),
    [lanes, laneOf, columns],
  );
  const cellOf = useCallback(
    (item: T) => (lanes && laneOf ? `${laneOf(item)}${LANE_SEP}${columnOf(item)}` : columnOf(item)),
    [lanes, laneOf, columnOf],
  );
  const cellById = useMemo(() => new Map(cells.map((c) => [c.id, c])), [cells]);
  const grouped = useMemo(() => {
    const out: Containers = Object.fromEntries(cells.map((c) => [c.id, [] as string[]]));
    for (const item of items) out[cellOf(item)]?.push(itemId(item));
    return out;
  }, [items, cells, itemId, cellOf]);
  /** A move between cells as the board's user knows it: columns, and lanes when there are lanes. */
  const report = useCallback(
    (m: BoardMove) => {
      const from = cellById.get(m.fromColumn);
      const to = cellById.get(m.toColumn);
      if (!from || !to) return false;
      return onMove({
        ...m,
        fromColumn: from.columnId,
        toColumn: to.columnId,
        ...(from.laneId === undefined ? {} : { fromLane: from.laneId, toLane: to.laneId }),
      });
    },
    [cellById, onMove],
  );

  const [drag, setDragState] = useState<Drag | null>(null);
  // The drag as of the last change, for dnd-kit's callbacks (they run outside React's render).
  const dragRef = useRef<Drag | null>(null);
  const setDrag = useCallback((next: Drag | null) => {
    dragRef.current = next;
    setDragState(next);
  }, []);
  /**
   * A pointer or keyboard drop's columns, shown until the items reflect the move: the caller writes
   * the move and updates its items after the drop's frame is painted (the drop's paint waits for
   * none of that: issue 28's interaction to next paint), so without this the board would render
   * the card back where it came from and then again where it went. Only while `items` are still
   * those of the drop (`grouped` then), and for HOLD_MS at most.
   */
  const [held, setHeld] = useState<{ containers: Containers; grouped: Containers } | null>(null);
  useEffect(() => {
    if (!held) return;
    const timer = setTimeout(() => setHeld((h) => (h === held ? null : h)), HOLD_MS);
    return () => clearTimeout(timer);
  }, [held]);
  const containers = drag?.containers ?? (held && held.grouped === grouped ? held.containers : grouped);
  /**
   * Each column's items, an array that keeps its identity while the column holds the same items
   * (the same objects, in the same order): with the memoised columns and cards, a move or a
   * refetch re-renders the columns it changed, not the whole board.
   */
  const previousColumns = useRef(new Map<string, readonly T[]>());
  const columnItems = useMemo(() => {
    const out = new Map<string, readonly T[]>();
    for (const [cell, ids] of Object.entries(containers)) {
      const list: T[] = [];
      for (const id of ids) {
        const item = byId.get(id);
        if (item !== undefined) list.push(item);
      }
      const before = previousColumns.current.get(cell);
      out.set(cell, before && sameItems(before, list) ? before : list);
    }
    previousColumns.current = out;
    return out;
  }, [containers, byId]);

  // What the callbacks below read: the latest of each, without re-creating the sensors.
  const latest = useRef({ grouped, columns: cells, byId, itemLabel });
  useEffect(() => {
    latest.current = { grouped, columns: cells, byId, itemLabel };
  });
  const regionRef = useRef<HTMLDivElement | null>(null);
  /**
   * The card that keeps the keyboard's focus after a keyboard drop or cancel, for a moment: a card
   * that changes column is rendered anew (once for the drop, again when the cache has the move),
   * and each new one takes the focus back while nothing else has it.
   */
  const keepFocus = useRef<{ id: string; until: number; force?: boolean } | null>(null);
  const setFocusAfter = useCallback((id: string) => {
    keepFocus.current = { id, until: Date.now() + FOCUS_KEEP_MS };
  }, []);

  const cardNode = useCallback(
    (id: string) =>
      regionRef.current?.querySelector<HTMLElement>(`[data-card-id="${cssEscape(id)}"]`) ?? null,
    [],
  );

  useEffect(() => {
    const keep = keepFocus.current;
    if (!keep) return;
    if (Date.now() > keep.until) {
      keepFocus.current = null;
      return;
    }
    const node = cardNode(keep.id);
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (node && (keep.force || lost || document.activeElement === node)) {
      keep.force = false;
      node.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
      node.focus({ preventScroll: true });
    }
  });

  // A focus request (an Undo's move back) takes the focus at once, wherever it was.
  const requested = useRef<number | null>(null);
  useEffect(() => {
    if (!focusRequest || requested.current === focusRequest.seq) return;
    requested.current = focusRequest.seq;
    keepFocus.current = { id: focusRequest.id, until: Date.now() + FOCUS_KEEP_MS, force: true };
    const node = cardNode(focusRequest.id);
    if (node) {
      keepFocus.current.force = false;
      node.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
      node.focus({ preventScroll: true });
    }
  }, [focusRequest, cardNode]);

  const keyboardCoordinates = useCallback<KeyboardCoordinateGetter>(
    (event) => {
      const d = dragRef.current;
      const step = KEY_STEPS[event.code];
      if (!d || !step) return undefined;
      event.preventDefault();
      const from = containerOf(d.id, d.containers);
      if (!from) return undefined;
      const column = d.containers[from] ?? [];
      const index = column.indexOf(d.id);
      // The columns of the card's lane: the keyboard moves within its lane.
      const lane = latest.current.columns.find((c) => c.id === from)?.laneId;
      const order = latest.current.columns.filter((c) => c.laneId === lane).map((c) => c.id);
      let to = from;
      let at = index + step.place;
      if (step.column) {
        to = order[order.indexOf(from) + step.column] ?? from;
        at = Math.min(index, (d.containers[to] ?? []).length);
      }
      if (to === from && (at < 0 || at >= column.length || at === index)) return undefined;
      flushSync(() => setDrag({ ...d, containers: placed(d.containers, d.id, to, at) }));
      const node = cardNode(d.id);
      if (!node) return undefined;
      node.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
      // The card was rendered anew in its new column: it keeps the keyboard's focus.
      node.focus({ preventScroll: true });
      const r = untranslatedRect(node);
      return { x: r.left, y: r.top };
    },
    [cardNode, setDrag],
  );

  // The sensors' options keep their identity: dnd-kit rebuilds its activators, and with them the
  // context every card and column reads, whenever an option object is new (every card of the
  // board rendered again on every render of the board).
  const keyboardOptions = useMemo(
    () => ({ coordinateGetter: keyboardCoordinates, keyboardCodes: KEYBOARD_CODES }),
    [keyboardCoordinates],
  );
  const sensors = useSensors(
    useSensor(MouseSensor, MOUSE_OPTIONS),
    useSensor(TouchSensor, TOUCH_OPTIONS),
    useSensor(KeyboardSensor, keyboardOptions),
  );

  const collisions = useCallback<CollisionDetection>((args) => {
    if (dragRef.current?.keyboard) return [{ id: BOARD_ID }];
    const region = regionRef.current?.getBoundingClientRect();
    const column = region && args.pointerCoordinates && columnUnder(args, region, args.pointerCoordinates);
    return closestCorners({
      ...args,
      droppableContainers: args.droppableContainers.filter(
        (c) => c.id !== BOARD_ID && (column === undefined || columnIdOf(c) === column),
      ),
    });
  }, []);

  const onDragStart = ({ active, activatorEvent }: DragStartEvent) => {
    const from = containerOf(active.id, grouped);
    if (!from) return;
    setDrag({
      id: String(active.id),
      from,
      containers: grouped,
      enteredBefore: null,
      keyboard: activatorEvent instanceof KeyboardEvent,
    });
  };

  const onDragOver = ({ active, over }: DragOverEvent) => {
    const d = dragRef.current;
    if (!over || !d || d.keyboard) return;
    const from = containerOf(active.id, d.containers);
    const to = containerOf(over.id, d.containers);
    if (!from || !to || from === to) return;
    const target = d.containers[to] ?? [];
    const overIndex = target.indexOf(String(over.id));
    setDrag({
      ...d,
      enteredBefore: overIndex >= 0 ? String(over.id) : null,
      containers: placed(d.containers, d.id, to, overIndex >= 0 ? overIndex : target.length),
    });
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const d = dragRef.current;
    setDrag(null);
    if (!d) return;
    if (d.keyboard) setFocusAfter(d.id);
    if (!over) return;
    const to = containerOf(active.id, d.containers);
    if (!to) return;
    let order = d.containers[to] ?? [];
    if (!d.keyboard) {
      const overIndex = order.indexOf(String(over.id));
      const activeIndex = order.indexOf(d.id);
      // Within a column the drop target decides the place; a card that came from another column
      // already sits before the card it entered over, unless it was moved on from there.
      const movedOn = to === d.from || String(over.id) !== d.enteredBefore;
      if (movedOn && overIndex >= 0 && activeIndex >= 0 && overIndex !== activeIndex) {
        order = arrayMove(order, activeIndex, overIndex);
      }
    }
    const before = grouped[to] ?? [];
    const unchanged =
      to === d.from && before.length === order.length && before.every((x, i) => x === order[i]);
    if (unchanged) return;
    // Until the move's update reaches `items`, the board shows the columns as dropped.
    if (report({ itemId: d.id, fromColumn: d.from, toColumn: to, order }) !== false)
      setHeld({ containers: d.containers, grouped });
  };

  const onDragCancel = () => {
    const d = dragRef.current;
    setDrag(null);
    if (d?.keyboard) setFocusAfter(d.id);
  };

  /** The card whose "Move" menu is open, and its button. */
  const [menu, setMenu] = useState<{ id: string; anchor: HTMLElement } | null>(null);
  const openMenu = useCallback((id: string, anchor: HTMLElement) => setMenu({ id, anchor }), []);
  const menuFrom = menu ? containerOf(menu.id, grouped) : undefined;
  const menuItem = menu ? byId.get(menu.id) : undefined;
  /** The menu's move: to the end of the column's loaded cards. */
  const moveByMenu = (to: string) => {
    if (!menu || !menuFrom) return;
    setMenu(null);
    setFocusAfter(menu.id);
    const end = (grouped[to] ?? []).length;
    const order = [...(grouped[to] ?? []), menu.id];
    if (report({ itemId: menu.id, fromColumn: menuFrom, toColumn: to, order }) !== false)
      setHeld({ containers: placed(grouped, menu.id, to, end), grouped });
  };

  const announcements = useMemo<Announcements>(() => {
    /** Where the card is now, in words: "In Progress column, place 2 of 3". */
    const place = (id: UniqueIdentifier) => {
      const within = dragRef.current?.containers ?? latest.current.grouped;
      const columnId = containerOf(id, within);
      const ids = columnId ? (within[columnId] ?? []) : [];
      const label = latest.current.columns.find((c) => c.id === columnId)?.label ?? 'no column';
      return `${label}, place ${ids.indexOf(String(id)) + 1} of ${ids.length}`;
    };
    const name = (id: UniqueIdentifier) => {
      const item = latest.current.byId.get(String(id));
      return item === undefined ? 'The card' : latest.current.itemLabel(item);
    };
    let said = '';
    /** Says where the card is when that changed since it was last said (not on every pixel). */
    const moved = (id: UniqueIdentifier) => {
      const where = place(id);
      if (where === said) return undefined;
      said = where;
      return `${name(id)} moved to the ${where}.`;
    };
    return {
      onDragStart: ({ active }) => {
        said = place(active.id);
        return `Picked up ${name(active.id)} in the ${said}.`;
      },
      onDragMove: ({ active }) => moved(active.id),
      onDragOver: ({ active }) => moved(active.id),
      onDragEnd: ({ active }) => `${name(active.id)} was dropped in the ${said}.`,
      onDragCancel: ({ active }) => {
        const where = place(active.id);
        return `Moving ${name(active.id)} was cancelled. It stays in the ${where}.`;
      },
    };
  }, []);

  const pointerDrag = drag !== null && !drag.keyboard;
  useEdgePaging(regionRef, pointerDrag);

  const active = drag ? byId.get(drag.id) : undefined;
  const targetColumn = drag ? containerOf(drag.id, drag.containers) : undefined;
  const targetTitle = cells.find((c) => c.id === targetColumn)?.title;
  const menuLane = menuFrom === undefined ? undefined : cellById.get(menuFrom)?.laneId;
  const [folded, setFolded] = useState<ReadonlySet<string>>(new Set());
  const toggleLane = (id: string) =>
    setFolded((f) => {
      const next = new Set(f);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const columnView = (col: Cell) => {
    const ids = containers[col.id] ?? [];
    const total = totals?.[col.id];
    // Every prop a value that stays the same while the column does not change (BoardColumnView is
    // memoised): the dragged card's id only for the column it is in, the header's action as its
    // function, the column's text and its top as they are (nothing, for most columns).
    return (
      <BoardColumnView
        key={col.id}
        column={col}
        items={columnItems.get(col.id) ?? NO_ITEMS}
        // While a card is dragged over a column, it counts there and not where it came from.
        count={total === undefined ? ids.length : total + ids.length - (grouped[col.id]?.length ?? 0)}
        itemId={itemId}
        Card={Card}
        disabled={disabled}
        pageSize={pageSize}
        activeId={drag && ids.includes(drag.id) ? drag.id : null}
        dropTarget={targetColumn === col.id}
        itemLabel={itemLabel}
        onMenu={disabled ? undefined : openMenu}
        onShowMore={onShowMore}
        loadingMore={loadingMore?.includes(col.id) ?? false}
        maxLoaded={maxLoaded}
        action={columnAction}
        top={columnTop?.(col) ?? null}
        empty={ids.length === 0 ? emptyText?.(col) : undefined}
      />
    );
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisions}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={onDragCancel}
      // The board turns its own columns under a pointer (useEdgePaging): dnd-kit's auto-scroll
      // slid it to the last column in a blink. The page still scrolls up and down for it.
      autoScroll={{ canScroll: (element) => element !== regionRef.current }}
      accessibility={{
        announcements,
        restoreFocus: false,
        screenReaderInstructions: { draggable: BOARD_INSTRUCTIONS },
      }}
    >
      <BoardArea>
        <Box
          ref={regionRef}
          role="region"
          aria-label={label}
          data-dragging={drag ? '' : undefined}
          sx={{
            display: 'flex',
            flexDirection: lanes && laneOf ? 'column' : 'row',
            gap: 2,
            overflowX: 'auto',
            pb: 1,
            alignItems: 'flex-start',
            scrollSnapType: { xs: 'x mandatory', md: 'none' },
            // Snapping would turn every small scroll of a drag into a whole column.
            '&[data-dragging]': { scrollSnapType: 'none' },
            '& .board-card': {
              position: 'relative',
              touchAction: 'manipulation',
              cursor: 'grab',
              borderRadius: 1,
              '&[data-disabled]': { cursor: 'default' },
              '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
            },
            '& .board-card__menu': {
              position: 'absolute',
              top: 4,
              right: 4,
              width: 32,
              height: 32,
              p: 0.5,
              display: 'inline-flex',
              alignItems: 'center',
              justifyContent: 'center',
              border: 0,
              borderRadius: '50%',
              bgcolor: 'transparent',
              color: 'text.secondary',
              cursor: 'pointer',
              '& svg': { width: 20, height: 20, fill: 'currentColor' },
              '&:hover': { bgcolor: 'action.hover' },
              '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
            },
          }}
        >
          {lanes && laneOf
            ? lanes.map((lane) => {
                const laneCells = cells.filter((c) => c.laneId === lane.id);
                const count = laneCells.reduce((n, c) => n + (containers[c.id]?.length ?? 0), 0);
                const open = !folded.has(lane.id);
                const bodyId = `board-lane-${lane.id}`;
                return (
                  <Box
                    key={lane.id}
                    component="section"
                    aria-label={`${lane.title} lane`}
                    data-testid={`board-lane-${lane.title}`}
                    sx={{ minWidth: 'min-content' }}
                  >
                    <Box
                      component="h2"
                      sx={{ m: 0, position: 'sticky', left: 0, display: 'inline-flex', maxWidth: '100%' }}
                    >
                      <Button
                        size="small"
                        color="inherit"
                        aria-expanded={open}
                        aria-controls={bodyId}
                        onClick={() => toggleLane(lane.id)}
                        startIcon={open ? <ExpandMoreIcon /> : <ChevronRightIcon />}
                        sx={{
                          textTransform: 'none',
                          fontWeight: 600,
                          justifyContent: 'flex-start',
                          minWidth: 0,
                        }}
                      >
                        <Box
                          component="span"
                          sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                        >
                          {lane.title}
                        </Box>
                        <Box component="span" sx={{ ml: 1, color: 'text.secondary', fontWeight: 400 }}>
                          {count}
                        </Box>
                      </Button>
                    </Box>
                    {open && (
                      <Box id={bodyId} sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', pb: 1 }}>
                        {laneCells.map(columnView)}
                      </Box>
                    )}
                  </Box>
                );
              })
            : cells.map(columnView)}
        </Box>
      </BoardArea>
      <DragOverlay>
        {active ? (
          <Box sx={{ boxShadow: 8, borderRadius: 1, cursor: 'grabbing', bgcolor: 'background.paper' }}>
            {targetTitle && (
              <Box
                data-testid="board-drop-target"
                sx={{
                  typography: 'caption',
                  fontWeight: 700,
                  px: 1.25,
                  py: 0.25,
                  borderRadius: '4px 4px 0 0',
                  bgcolor: 'primary.main',
                  color: 'primary.contrastText',
                }}
              >
                To {targetTitle}
              </Box>
            )}
            <Card item={active} />
          </Box>
        ) : null}
      </DragOverlay>
      <Menu
        anchorEl={menu?.anchor}
        open={menu !== null && menuItem !== undefined}
        onClose={() => setMenu(null)}
        // The card, not its button, keeps the focus: the card is rendered anew in its new column.
        disableRestoreFocus
        slotProps={{
          list: { 'aria-label': menuItem ? `Move ${itemLabel(menuItem)} to` : undefined },
          // Once the menu is gone, the moved card takes the focus (see keepFocus).
          transition: {
            onExited: () => {
              const keep = keepFocus.current;
              if (keep) cardNode(keep.id)?.focus();
            },
          },
        }}
      >
        {cells
          .filter((c) => c.id !== menuFrom && c.laneId === menuLane)
          .map((c) => (
            <MenuItem key={c.id} onClick={() => moveByMenu(c.id)}>
              Move to {c.name}
            </MenuItem>
          ))}
      </Menu>
    </DndContext>
  );
}

type CollisionArgs = Parameters<CollisionDetection>[0];
type Droppable = CollisionArgs['droppableContainers'][number];

/** The column a droppable belongs to: itself, or the sortable list its card is in. */
function columnIdOf(c: Droppable): string | undefined {
  const key = String(c.id);
  if (key.startsWith(COLUMN_PREFIX)) return key.slice(COLUMN_PREFIX.length);
  const sortable: unknown = c.data.current?.sortable;
  const container =
    typeof sortable === 'object' && sortable !== null && 'containerId' in sortable
      ? sortable.containerId
      : undefined;
  return container === undefined ? undefined : String(container);
}

/**
 * The column a pointer drag would drop in: of the columns at least half in sight in the board, the
 * one nearest the pointer across (under it, if any). A column peeking in at the edge is not one
 * until the board turns to it, so a finger held at a phone's edge targets the column it sees whole.
 */
function columnUnder(
  args: CollisionArgs,
  region: DOMRect,
  { x, y }: { x: number; y: number },
): string | undefined {
  let best: { id: string; across: number; down: number } | undefined;
  for (const c of args.droppableContainers) {
    const key = String(c.id);
    if (!key.startsWith(COLUMN_PREFIX)) continue;
    const r = args.droppableRects.get(c.id);
    if (!r || r.width <= 0) continue;
    const seen = Math.min(r.right, region.right) - Math.max(r.left, region.left);
    if (seen < r.width / 2) continue;
    const across = x < r.left ? r.left - x : x > r.right ? x - r.right : 0;
    // Lanes put columns under each other: the row under the pointer first, then across.
    const down = y < r.top ? r.top - y : y > r.bottom ? y - r.bottom : 0;
    if (!best || down < best.down || (down === best.down && across < best.across))
      best = { id: key.slice(COLUMN_PREFIX.length), across, down };
  }
  return best?.id;
}

/** `CSS.escape` where there is one (jsdom has none; ids are uuids there anyway). */
function cssEscape(id: string): string {
  return typeof globalThis.CSS?.escape === 'function' ? globalThis.CSS.escape(id) : id;
}

/** The board as one droppable, outside its scrolling row: what keyboard drags are over. */
function BoardArea({ children }: { children: ReactNode }) {
  const { setNodeRef } = useDroppable({ id: BOARD_ID });
  return <div ref={setNodeRef}>{children}</div>;
}

/** Whether two lists hold the same items in the same order. */
function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

const NO_ITEMS: readonly never[] = [];

function BoardColumnViewInner<T>({
  column,
  items,
  count,
  itemId,
  Card,
  disabled,
  pageSize,
  activeId,
  dropTarget,
  itemLabel,
  onMenu,
  onShowMore,
  loadingMore,
  maxLoaded,
  action,
  top,
  empty,
}: {
  column: Cell;
  /** The column's items in their order (the same array while they do not change). */
  items: readonly T[];
  /** The column's cards, loaded or not. */
  count: number;
  itemId: (item: T) => string;
  Card: ComponentType<{ item: T }>;
  disabled: boolean;
  pageSize: number;
  /** The dragged card, when it is in this column. */
  activeId: string | null;
  /** The dragged card would land here. */
  dropTarget: boolean;
  itemLabel: (item: T) => string;
  /** Opens a card's "Move" menu (none when cards may not move). */
  onMenu: ((id: string, anchor: HTMLElement) => void) | undefined;
  onShowMore: ((columnId: string) => void) | undefined;
  loadingMore: boolean;
  maxLoaded: number;
  /** The header's action for a column (the board's `columnAction`). */
  action: ((cell: BoardCell) => ReactNode) | undefined;
  top: ReactNode;
  /** Said in the column while it has no cards. */
  empty: string | undefined;
}) {
  const { setNodeRef } = useDroppable({ id: columnKey(column.id) });
  // In a lane, the column's own name shows (the lane's is in the lane's header).
  const name = column.name;
  const [limit, setLimit] = useState(pageSize);
  // The first render shows a screenful; the others come in a transition after it (FIRST_PAINT_CARDS).
  const [filled, setFilled] = useState(false);
  useEffect(() => startTransition(() => setFilled(true)), []);
  // The ids keep their array while they do not change (a card's new object, same place): a new
  // array is a new SortableContext for every card of the column.
  const lastIds = useRef<string[]>([]);
  const ids = useMemo(() => {
    const next = items.map(itemId);
    return sameItems(lastIds.current, next) ? lastIds.current : next;
  }, [items, itemId]);
  useEffect(() => {
    lastIds.current = ids;
  }, [ids]);
  const end = Math.max(limit, activeId ? ids.indexOf(activeId) + 1 : 0);
  // What this render draws: a screenful before the first paint, then up to `end`.
  const drawn = filled ? end : Math.min(end, FIRST_PAINT_CARDS);
  // The same arrays while the column does not change: SortableContext's items are its context's,
  // and a new array re-renders every card of the column.
  const shownItems = useMemo(() => (drawn >= items.length ? items : items.slice(0, drawn)), [items, drawn]);
  const shown = useMemo(() => (drawn >= ids.length ? ids : ids.slice(0, drawn)), [ids, drawn]);
  // Loaded cards the column keeps behind "Show more" (not those still to be drawn after the paint).
  const hidden = ids.length - Math.min(ids.length, end);
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
      aria-label={column.label}
      data-testid={`board-column-${column.title}`}
      data-column-id={column.id}
      data-drop-target={dropTarget ? '' : undefined}
      sx={{
        flex: '0 0 auto',
        width: { xs: 'calc(100vw - 64px)', sm: 280 },
        maxWidth: 320,
        bgcolor: 'background.default',
        scrollSnapAlign: 'start',
        display: 'flex',
        flexDirection: 'column',
        '&[data-drop-target]': {
          bgcolor: 'action.selected',
          borderColor: 'primary.main',
          outline: 2,
          outlineStyle: 'solid',
          outlineColor: 'primary.main',
          outlineOffset: -1,
        },
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 1.5, py: action ? 0.5 : 1.25 }}>
        <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: column.color, flexShrink: 0 }} />
        <Typography
          variant="subtitle2"
          component={column.laneId === undefined ? 'h2' : 'h3'}
          noWrap
          sx={{ flex: 1 }}
        >
          {name}
        </Typography>
        <Chip size="small" label={count} aria-label={`${count} in ${column.title}`} />
        {action?.(column)}
      </Stack>
      {top}
      <SortableContext id={column.id} items={shown} strategy={verticalListSortingStrategy}>
        <Stack ref={setNodeRef} spacing={1} sx={{ px: 1, pb: 1, minHeight: 72 }}>
          {empty && (
            <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center', py: 1 }}>
              {empty}
            </Typography>
          )}
          <Stack role="list" aria-label={`${column.title} cards`} spacing={1}>
            {shownItems.map((item, i) => {
              const id = shown[i] as string;
              return (
                <SortableCard
                  key={id}
                  id={id}
                  item={item}
                  Card={Card}
                  disabled={disabled}
                  label={itemLabel(item)}
                  onMenu={onMenu}
                />
              );
            })}
          </Stack>
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

/** A column re-renders when its props change: its items, its count, the drag over it. */
const BoardColumnView = memo(BoardColumnViewInner) as typeof BoardColumnViewInner;

interface SortableCardProps<T> {
  id: string;
  item: T;
  Card: ComponentType<{ item: T }>;
  disabled: boolean;
  label: string;
  onMenu: ((id: string, anchor: HTMLElement) => void) | undefined;
}

function SortableCardInner<T>({ id, item, Card, disabled, label, onMenu }: SortableCardProps<T>) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    // An item of its column's list, not dnd-kit's default button: the card holds its own controls
    // (the title opens the detail, the Move menu), and a button may not contain other controls
    // (WCAG 4.1.2, axe nested-interactive). It stays focusable, picked up by Space or Enter as before.
    useSortable({ id, disabled, attributes: { role: 'listitem', roleDescription: 'movable card' } });
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
      aria-label={label}
      data-testid="board-card"
      data-card-id={id}
      className="board-card"
      data-disabled={disabled || undefined}
      style={{ transform: CSS.Translate.toString(transform), transition, opacity: isDragging ? 0.4 : 1 }}
    >
      <Card item={item} />
      {onMenu && (
        // Moves without dragging (a tap, a click or Enter): the board's one menu opens here.
        <button
          type="button"
          className="board-card__menu"
          aria-label={`Move ${label}`}
          aria-haspopup="menu"
          onClick={(e) => onMenu(id, e.currentTarget)}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d={MORE_PATH} />
          </svg>
        </button>
      )}
    </div>
  );
}

/** Material's MoreVert icon, drawn inline (an icon component per card costs a styled component). */
const MORE_PATH =
  'M12 8c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2m0 2c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2m0 6c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2';

const SortableCard = memo(SortableCardInner) as typeof SortableCardInner;
