/**
 * The task board's texts (issue 23, defects 4 and 5). Kept out of MESSAGES, which the sign-in
 * route loads: these load with the board.
 */
export const BOARD_MESSAGES = {
  /** The toast after a move (drag, keyboard or menu), with its Undo. */
  moved: (title: string, column: string) => `Moved “${title}” to ${column}`,
  /** The toast after an Undo. */
  movedBack: (title: string, column: string) => `Moved “${title}” back to ${column}`,
  undo: 'Undo',
  /** The toast after a move into another swimlane: the column and the lane. */
  movedInLane: (title: string, column: string, lane: string) => `Moved “${title}” to ${column} · ${lane}`,
  /** Filters above the board (issue 23). */
  hidden: (n: number) => `${n} ${n === 1 ? 'card' : 'cards'} hidden by filters`,
  hiddenHere: (n: number) => `Filters hide ${n} ${n === 1 ? 'card' : 'cards'} here`,
  clearFilters: 'Clear filters',
  filters: 'Filters',
  /** A card with several assignees goes in its first assignee's lane. */
  unassigned: 'Unassigned',
  noPriority: 'No priority',
  lanesLoaded: 'Lanes group the cards loaded in each column (its first 50): filter to see the others.',
  /** Quick add at the top of a column. */
  addTo: (column: string) => `Add a task to ${column}`,
  newTaskTitle: (column: string) => `New task in ${column}`,
  quickAddHint: 'Enter adds it, Escape closes',
} as const;
