/** A board move as data, apart from the board so the tasks API can apply it without @dnd-kit. */
export interface BoardMove {
  itemId: string;
  fromColumn: string;
  toColumn: string;
  /** The target column's ids in their new order, the moved item included. */
  order: string[];
  /** With swimlanes: the lane the card left and the one it landed in. */
  fromLane?: string;
  toLane?: string;
}

/**
 * Moves an item in a flat array so that it sits where a board move put it: before the item that
 * now follows it in its column (or after the one before it). Other items keep their order.
 */
export function applyBoardMove<T>(items: T[], move: BoardMove, idOf: (item: T) => string): T[] {
  const from = items.findIndex((i) => idOf(i) === move.itemId);
  if (from < 0) return items;
  const moving = items[from] as T;
  const rest = items.filter((_, i) => i !== from);
  const at = move.order.indexOf(move.itemId);
  const next = move.order[at + 1];
  const prev = move.order[at - 1];
  let index = from;
  if (next !== undefined) index = rest.findIndex((i) => idOf(i) === next);
  else if (prev !== undefined) index = rest.findIndex((i) => idOf(i) === prev) + 1;
  if (index < 0) index = rest.length;
  return [...rest.slice(0, index), moving, ...rest.slice(index)];
}
