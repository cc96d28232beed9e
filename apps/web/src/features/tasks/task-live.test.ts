import type { BoardPage, Task } from '@taskhive/contract';
import { produce } from 'immer';
import { describe, expect, it } from 'vitest';
import { boardPage, PROJECT_ID, status, task } from '../../test/work-fixtures';
import { placeOnBoard, type Placement } from './task-live';

const args = { projectId: PROJECT_ID, limits: {} };
const LATER = '2026-01-02T00:00:00.000Z';

/** `row` with another status (and a newer change), as the task's read answers after a move. */
function movedTo(row: Task, name: string, sortOrder: number, extra: Partial<Task> = {}): Task {
  const s = status(name);
  return { ...row, statusId: s.statusId, statusName: s.name, sortOrder, updatedAt: LATER, ...extra };
}

function place(board: BoardPage, row: Task, a = args): { as: Placement; board: BoardPage } {
  let as: Placement = 'unknown';
  const next = produce(board, (d) => {
    as = placeOnBoard(d, a, row);
  });
  return { as, board: next };
}

const columns = (b: BoardPage) =>
  Object.fromEntries(
    ['Open', 'In Progress', 'Completed'].map((name) => [
      name,
      b.items.filter((t) => t.statusName === name).map((t) => t.title),
    ]),
  );
const totals = (b: BoardPage) => b.columns.map((c) => c.totalCount);

describe('placeOnBoard', () => {
  const a1 = task(1, 'A1');
  const a2 = task(2, 'A2');
  const b1 = task(10, 'B1', 'In Progress');
  const b2 = task(20, 'B2', 'In Progress');

  it('puts a moved card at its place among its new column’s cards, the totals following', () => {
    const { as, board } = place(boardPage([a1, a2, b1, b2]), movedTo(a1, 'In Progress', 15));
    expect(as).toBe('placed');
    expect(columns(board)).toEqual({ Open: ['A2'], 'In Progress': ['B1', 'A1', 'B2'], Completed: [] });
    expect(totals(board)).toEqual([1, 3, 0]);
    expect(board.columns.map((c) => c.unfilteredCount)).toEqual([1, 3, 0]);
    // Same sort key as a card of the column: the older card first (the endpoint's order).
    const newer = movedTo(a2, 'In Progress', 10, { createdAt: '2026-01-01T00:00:01.000Z' });
    expect(columns(place(boardPage([a1, a2, b1, b2]), newer).board)['In Progress']).toEqual([
      'B1',
      'A2',
      'B2',
    ]);
    // Created at the same time too: the smaller id first.
    const tie = place(boardPage([a1, a2, b1, b2]), movedTo(a2, 'In Progress', 10)).board;
    expect(columns(tie)['In Progress']).toEqual(['A2', 'B1', 'B2']);
  });

  it('places a card at the front, the end or an empty column', () => {
    const front = place(boardPage([a1, a2, b1, b2]), movedTo(a2, 'In Progress', -5)).board;
    expect(columns(front)['In Progress']).toEqual(['A2', 'B1', 'B2']);
    const end = place(boardPage([a1, a2, b1, b2]), movedTo(a1, 'In Progress', 99)).board;
    expect(columns(end)['In Progress']).toEqual(['B1', 'B2', 'A1']);
    const empty = place(boardPage([a1, a2, b1, b2]), movedTo(b1, 'Completed', 0)).board;
    expect(columns(empty)).toEqual({ Open: ['A1', 'A2'], 'In Progress': ['B2'], Completed: ['B1'] });
    expect(empty.items.map((t) => t.title)).toEqual(['A1', 'A2', 'B2', 'B1']);
    // Within its own column: a new place, the totals as they were.
    const within = place(boardPage([a1, a2, b1, b2]), { ...a1, sortOrder: 3, updatedAt: LATER }).board;
    expect(columns(within).Open).toEqual(['A2', 'A1']);
    expect(totals(within)).toEqual([2, 2, 0]);
  });

  it('takes a card past a partly loaded column’s last card off the board, and counts it there', () => {
    // In Progress holds 5 cards, 2 of them loaded.
    const partly = boardPage([a1, a2, b1, b2], { Open: 2, 'In Progress': 5, Completed: 0 });
    const past = place(partly, movedTo(a1, 'In Progress', 50));
    expect(past.as).toBe('placed');
    expect(columns(past.board)).toEqual({ Open: ['A2'], 'In Progress': ['B1', 'B2'], Completed: [] });
    expect(totals(past.board)).toEqual([1, 6, 0]);
    // Among the loaded ones: shown there.
    const among = place(partly, movedTo(a1, 'In Progress', 15)).board;
    expect(columns(among)['In Progress']).toEqual(['B1', 'A1', 'B2']);
  });

  it('takes a card that left the project, went under a parent or lost its status off the board', () => {
    const other = place(boardPage([a1, a2, b1]), {
      ...a1,
      projectId: '00000000-0000-4000-8000-000000000901',
      updatedAt: LATER,
    });
    expect(other.as).toBe('placed');
    expect(columns(other.board).Open).toEqual(['A2']);
    expect(totals(other.board)).toEqual([1, 1, 0]);
    const sub = place(boardPage([a1, a2, b1]), { ...a2, parentTaskId: b1.taskId, updatedAt: LATER });
    expect(columns(sub.board).Open).toEqual(['A1']);
    const none = place(boardPage([a1, a2, b1]), {
      ...a2,
      statusId: null,
      statusName: null,
      updatedAt: LATER,
    });
    expect(columns(none.board).Open).toEqual(['A1']);
    expect(totals(none.board)).toEqual([1, 1, 0]);
  });

  it('leaves the board alone when the change is not its own, or its read is older', () => {
    const board = boardPage([a1, b1]);
    const elsewhere = task(5, 'Elsewhere', 'Open', { projectId: '00000000-0000-4000-8000-000000000901' });
    expect(place(board, elsewhere)).toEqual({ as: 'unchanged', board });
    // A subtask whose parent is not loaded: no card of this board changes.
    expect(place(board, task(6, 'Sub', 'Open', { parentTaskId: a2.taskId }))).toEqual({
      as: 'unchanged',
      board,
    });
    const newer = boardPage([{ ...a1, updatedAt: '2026-01-03T00:00:00.000Z' }, b1]);
    expect(place(newer, movedTo(a1, 'In Progress', 15))).toEqual({ as: 'unchanged', board: newer });
  });

  it('answers unknown (the board unchanged) where only the board’s read can tell', () => {
    const board = boardPage([a1, b1], { Open: 3, 'In Progress': 1, Completed: 0 });
    // Filters: whether the card still passes them.
    const filtered = { ...args, filters: { assignee: 'none' } };
    expect(place(board, movedTo(a1, 'In Progress', 15), filtered)).toEqual({ as: 'unknown', board });
    // A card of this project the board had not loaded: the column it left is not known.
    expect(place(board, movedTo(a2, 'In Progress', 15))).toEqual({ as: 'unknown', board });
    // A subtask of a loaded card: the card's progress changed.
    expect(place(board, task(7, 'Sub', 'Open', { parentTaskId: a1.taskId }))).toEqual({
      as: 'unknown',
      board,
    });
    // A status the board has no column for.
    const unknownStatus = { ...a1, statusId: '10000000-0000-4000-8000-000000000009', updatedAt: LATER };
    expect(place(board, unknownStatus)).toEqual({ as: 'unknown', board });
  });
});
