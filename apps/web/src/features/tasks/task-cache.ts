import { createNextState, type Draft, isDraft, original } from '@reduxjs/toolkit';
import type { BoardPage, Task, TaskDetail } from '@taskhive/contract';
import { tasksApi } from './tasks-api';

/**
 * The task cache (issue 22): one module changes a task wherever the screens hold it (a task
 * list's page, a project's board with its column totals, My Tasks, All Tasks, the task's detail
 * and its parent's subtasks). A mutation patches once, optimistically, through `taskPatches`, and
 * when the server answers, `serverRows` puts the rows it returned (its sort key, progress, names)
 * in the same places. The mutations (tasks-api.ts, task-bulk-api.ts) dispatch what these return.
 */

/** The queries that hold tasks. */
export type TaskCache = 'listListTasks' | 'projectBoard' | 'listMyTasks' | 'listAllTasks' | 'getTask';
const ALL_CACHES: readonly TaskCache[] = [
  'listListTasks',
  'projectBoard',
  'listMyTasks',
  'listAllTasks',
  'getTask',
];

/** A task detail as a list shows it (its subtasks and documents stay in the detail). */
export function listItem({ subtasks: _subtasks, documents: _documents, ...task }: TaskDetail): Task {
  return task;
}

/**
 * `recipe` as a cache update (`updateQueryData`) that keeps the objects it does not change. RTK
 * Query stores an update as Immer patches and applies them to the cache, and applying a patch
 * deep-copies the value it carries: a recipe that assigns a new list (`d.items = ...`: a card
 * moved, placed or dropped) gave every task of the list a new object, so every card of the board
 * rendered again (280 cards for one move, issue 28). Here the recipe runs on the cached value
 * itself and its result replaces the whole value (a patch at the root is applied as it is): the
 * tasks it did not touch stay the same objects, and the undo puts the value before it back.
 */
export function keepingObjects<T extends object>(recipe: (d: Draft<T>) => void) {
  return (d: Draft<T>): T | undefined => {
    const base = (isDraft(d) ? original(d) : d) as T;
    const next = createNextState(base, recipe);
    return next === base ? undefined : next;
  };
}

/** Moves one from a column's total to another's on a loaded board (`to` null: the card left it). */
export function moveColumnTotal(d: BoardPage, from: string | null, to: string | null) {
  if (from === to) return;
  const source = d.columns.find((c) => c.statusId === from);
  const target = d.columns.find((c) => c.statusId === to);
  if (source) {
    source.totalCount = Math.max(0, source.totalCount - 1);
    source.unfilteredCount = Math.max(0, source.unfilteredCount - 1);
  }
  if (target) {
    target.totalCount += 1;
    target.unfilteredCount += 1;
  }
}

/**
 * A board's version of a recipe that changes tasks: the same change, and each task whose status
 * changed moves from the old column's total to the new one's. Tasks the board has not loaded (past
 * a column's first cards) leave it as it is.
 */
export function onBoard(taskIds: ReadonlySet<string>, recipe: (d: BoardPage) => void) {
  return (d: BoardPage) => {
    const before = new Map(d.items.filter((t) => taskIds.has(t.taskId)).map((t) => [t.taskId, t.statusId]));
    if (before.size === 0) return;
    recipe(d);
    for (const t of d.items)
      if (before.has(t.taskId)) moveColumnTotal(d, before.get(t.taskId) ?? null, t.statusId);
  };
}

const idsOf = (ids: string | Iterable<string>) => new Set(typeof ids === 'string' ? [ids] : ids);

/**
 * The cache updates that apply `recipe` to these tasks wherever they are loaded, in `only` the
 * given caches (all by default). Dispatch each; a dispatched one can be undone.
 */
export function taskPatches(
  state: unknown,
  ids: string | Iterable<string>,
  recipe: (task: Task) => void,
  only: readonly TaskCache[] = ALL_CACHES,
) {
  const util = tasksApi.util;
  const s = state as Parameters<typeof util.selectCachedArgsForQuery>[0];
  const taskIds = idsOf(ids);
  const inPage = (d: { items: Task[] }) => d.items.filter((t) => taskIds.has(t.taskId)).forEach(recipe);
  const cached = (name: TaskCache) => (only.includes(name) ? util.selectCachedArgsForQuery(s, name) : []);
  return [
    ...cached('listListTasks').map((a) => util.updateQueryData('listListTasks', a as never, inPage)),
    ...cached('projectBoard').map((a) =>
      util.updateQueryData('projectBoard', a as never, onBoard(taskIds, inPage)),
    ),
    ...cached('listMyTasks').map((a) => util.updateQueryData('listMyTasks', a as never, inPage)),
    ...cached('listAllTasks').map((a) => util.updateQueryData('listAllTasks', a as never, inPage)),
    ...cached('getTask').map((id) =>
      util.updateQueryData('getTask', id as never, (d: TaskDetail) => {
        if (taskIds.has(d.taskId)) recipe(d);
        d.subtasks.filter((t) => taskIds.has(t.taskId)).forEach(recipe);
      }),
    ),
  ];
}

/** The cache updates that put the server's rows where their tasks are loaded (its answer wins). */
export function serverRows(state: unknown, rows: readonly (Task | TaskDetail)[]) {
  const byId = new Map(rows.map((r) => [r.taskId, 'subtasks' in r ? listItem(r) : r]));
  return taskPatches(state, byId.keys(), (t) => {
    const row = byId.get(t.taskId);
    if (row) Object.assign(t, row);
  });
}
