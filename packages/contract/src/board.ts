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
} as const;
