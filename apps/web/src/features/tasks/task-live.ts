import { QueryStatus } from '@reduxjs/toolkit/query/react';
import type { BoardPage, LiveMessage, Task, TaskDetail } from '@taskhive/contract';
import {
  liveApi,
  refetchAfterRunning,
  refreshEntries,
  tagsFor,
  type CacheEntry,
} from '../../api/live-updates';
import { afterPaint } from '../../lib/after-paint';
import { keepingObjects, listItem, moveColumnTotal } from './task-cache';
import { tasksApi, type ProjectBoardArgs } from './tasks-api';

/**
 * Another person's change of a task, heard on the live stream (issue 28): the boards this tab
 * holds follow it from one read of the task (GET /Tasks/{id}) instead of reading every column
 * again. The stream still names the change only; the task's row comes through the normal read, so
 * its rights check decides what this reader sees.
 */

/** What a board does with a task's new row: put where it goes, left as it is, or not decidable. */
export type Placement = 'placed' | 'unchanged' | 'unknown';

/** Whether card `a` comes before `b` in a column: the board endpoint's order (sort key, created, id). */
function before(a: Task, b: Task): boolean {
  if (a.sortOrder !== b.sortOrder) return a.sortOrder < b.sortOrder;
  const ca = Date.parse(a.createdAt);
  const cb = Date.parse(b.createdAt);
  if (ca !== cb) return ca < cb;
  return a.taskId < b.taskId;
}

const filtered = (args: ProjectBoardArgs) =>
  Object.values(args.filters ?? {}).some((v) => v !== undefined && v !== '');

/**
 * Puts a task's row, as the server now answers it, in a loaded board (a draft): in its column at
 * its place among the loaded cards, or out of the board when it went past a partly loaded column's
 * cards, to another project, under a parent or to no status; the column totals follow. 'unknown'
 * (nothing changed) when only a read of the board can tell: filters on (whether it still passes
 * them), a card of this board not loaded before (its old column is not known), a subtask whose
 * loaded parent's progress changed, a status the board has no column for.
 */
export function placeOnBoard(d: BoardPage, args: ProjectBoardArgs, row: Task): Placement {
  if (filtered(args)) return 'unknown';
  const at = d.items.findIndex((t) => t.taskId === row.taskId);
  const was = d.items[at];
  if (!was) {
    if (row.parentTaskId !== null)
      return d.items.some((t) => t.taskId === row.parentTaskId) ? 'unknown' : 'unchanged';
    return row.projectId === args.projectId ? 'unknown' : 'unchanged';
  }
  // The board read the task after this answer was made: it is already right.
  if (Date.parse(was.updatedAt) > Date.parse(row.updatedAt)) return 'unchanged';
  const rest = d.items.filter((t) => t.taskId !== row.taskId);
  const column = d.columns.find((c) => c.statusId === row.statusId);
  const stays = row.projectId === args.projectId && row.parentTaskId === null && row.statusId !== null;
  if (stays && !column) return 'unknown';
  if (!stays || !column) {
    d.items = rest;
    moveColumnTotal(d, was.statusId, null);
    return 'placed';
  }
  // The column's loaded cards (the task left out) and its cards in all.
  const loaded: number[] = [];
  rest.forEach((t, i) => {
    if (t.statusId === row.statusId) loaded.push(i);
  });
  const others = column.totalCount - (was.statusId === row.statusId ? 1 : 0);
  const next = loaded.find((i) => before(row, rest[i] as Task));
  let index: number | undefined = next;
  if (index === undefined && loaded.length >= others) {
    // After the column's last card (every card of it is loaded), or where its column starts.
    const last = loaded[loaded.length - 1];
    if (last !== undefined) index = last + 1;
    else {
      const rank = new Map(d.columns.map((c, i) => [c.statusId, i]));
      const mine = rank.get(column.statusId) ?? 0;
      const after = rest.findIndex((t) => (rank.get(t.statusId ?? '') ?? -1) > mine);
      index = after < 0 ? rest.length : after;
    }
  }
  // Past the loaded cards of a partly loaded column: the card leaves the board until it is shown.
  d.items = index === undefined ? rest : [...rest.slice(0, index), row, ...rest.slice(index)];
  moveColumnTotal(d, was.statusId, row.statusId);
  return 'placed';
}

type Dispatch = (action: unknown) => unknown;

/**
 * A task change from another person or tab (`tagsFor` names what it makes stale). With boards
 * among the stale queries and the task updated, the task is read once and put in each board that
 * can place it; boards of other projects that do not hold it stay as they are; the rest of what
 * the tags name (lists, My Tasks, the project's figures, the task's history, boards that cannot
 * place it) refreshes after that read, so it does not hold up the card; once a board took the
 * card, after the frame that shows it is painted (their loading states re-render the page around
 * the board: the project's tabs measure themselves again). Otherwise (a created or deleted task,
 * no board loaded) the tags are invalidated as for any change.
 */
export function followTaskChange(m: LiveMessage) {
  return async (dispatch: Dispatch, getState: () => unknown): Promise<void> => {
    const tags = tagsFor(m);
    const stale = liveApi.util.selectInvalidatedBy(getState() as never, tags) as CacheEntry[];
    const boards = stale.filter((e) => e.endpointName === 'projectBoard');
    if (m.type !== 'task' || m.action !== 'updated' || boards.length === 0) {
      dispatch(liveApi.util.invalidateTags(tags));
      return;
    }
    const boardArgs = (e: CacheEntry) => e.originalArgs as ProjectBoardArgs;
    const boardOf = (e: CacheEntry) =>
      tasksApi.endpoints.projectBoard.select(boardArgs(e))(getState() as never);
    // Another project's board that does not hold the task is not changed by it.
    const concerned = boards.filter((e) => {
      const board = boardOf(e).data;
      return !(
        m.projectId &&
        boardArgs(e).projectId !== m.projectId &&
        board &&
        !board.items.some((t) => t.taskId === m.id)
      );
    });
    const theTask = (e: CacheEntry) => e.endpointName === 'getTask' && e.originalArgs === m.id;
    const others = stale.filter((e) => e.endpointName !== 'projectBoard' && !theTask(e));
    if (concerned.length === 0) {
      dispatch(refreshEntries(stale.filter((e) => e.endpointName !== 'projectBoard')));
      return;
    }
    const read = (await dispatch(refetchAfterRunning('getTask', m.id))) as
      { data?: TaskDetail; isSuccess?: boolean } | undefined;
    const row = read?.isSuccess && read.data ? listItem(read.data) : null;
    const unplaced: CacheEntry[] = [];
    let shown = false;
    for (const e of concerned) {
      // A board being read now may answer from before the change: read it again after.
      const current = boardOf(e);
      const idle = current.status !== QueryStatus.pending;
      const placed = { as: 'unknown' as Placement };
      if (row && idle && current.data)
        dispatch(
          tasksApi.util.updateQueryData(
            'projectBoard',
            boardArgs(e),
            keepingObjects<BoardPage>((d) => {
              placed.as = placeOnBoard(d, boardArgs(e), row);
            }),
          ),
        );
      if (placed.as === 'unknown') unplaced.push(e);
      else if (placed.as === 'placed') shown = true;
    }
    const refresh = () => dispatch(refreshEntries([...unplaced, ...others]));
    if (shown) afterPaint(refresh);
    else refresh();
  };
}
