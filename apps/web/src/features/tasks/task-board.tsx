import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import {
  BOARD_MESSAGES,
  MESSAGES,
  type CustomField,
  type Person,
  type Task,
  type TaskList,
} from '@taskhive/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../api/errors';
import { useListTaskPrioritiesQuery, useListTaskStatusesQuery } from '../../api/task-statuses-api';
import { toastActions } from '../../app/slices/toast-slice';
import {
  Board,
  type BoardCell,
  type BoardColumn,
  type BoardLane,
  type BoardProps,
} from '../../components/board/board';
import type { BoardMove } from '../../components/board/board-move';
import { dropToastAction, toastAction } from '../../components/toast-actions';
import { useAppDispatch } from '../../hooks/store';
import { whenPainted } from '../../lib/after-paint';
import { BoardQuickAdd } from './board-quick-add';
import { byAssignee, byPriority, laneFields, NONE, personName, type TaskLanes } from './board-lanes';
import {
  CardFieldsProvider,
  hasFieldValues,
  TaskCard,
  taskCardStyles,
  TaskCardWithProject,
} from './task-card';
import { type MoveFields, useMoveTaskMutation } from './tasks-api';

const taskId = (t: Task) => t.taskId;
const taskTitle = (t: Task) => t.title;
const statusOf = (t: Task) => t.statusId ?? '';
function sameLanes(a: readonly BoardLane[] | undefined, b: readonly BoardLane[] | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  return a.every((l, i) => l.id === b[i]?.id && l.title === b[i]?.title);
}

/** A quick add's column, by lane and status. */
const cellKey = (c: BoardCell) => `${c.laneId ?? ''}/${c.columnId}`;

/**
 * Tasks by status. A drop changes the task's status and place at once (every loaded copy); if the
 * server refuses, the card goes back and an error toast says why. Once the server took it, a toast
 * names the task and its new column with an Undo that puts it back where it was (its column and
 * its place there). With `totals` and `onShowMore` the tasks are each column's first cards, and a
 * column asks for its next ones (the project board).
 */
export function TaskBoard({
  tasks,
  label,
  showProject = false,
  canMove,
  lanes: grouping,
  quickAdd,
  emptyText,
  fields,
  ...more
}: {
  tasks: readonly Task[];
  label: string;
  showProject?: boolean;
  canMove: boolean;
  /** Swimlanes by assignee or priority (a drop in another lane sets that field too). */
  lanes?: TaskLanes;
  /** Quick add at the top of each column, into one of these task lists (task:create). */
  quickAdd?: { lists: readonly TaskList[] };
  /** What an empty column says (by status id): that filters hide its cards, say. */
  emptyText?: (statusId: string) => string | undefined;
  /** The company's custom fields when the caller holds them (else the cards read them). */
  fields?: readonly CustomField[] | undefined;
} & Pick<BoardProps<Task>, 'totals' | 'onShowMore' | 'loadingMore' | 'maxLoaded'>) {
  const dispatch = useAppDispatch();
  const { data: statuses = [] } = useListTaskStatusesQuery();
  const { data: priorities = [] } = useListTaskPrioritiesQuery(undefined, { skip: grouping !== 'priority' });
  const [move] = useMoveTaskMutation();
  const columns = useMemo<BoardColumn[]>(
    () => statuses.map((s) => ({ id: s.statusId, title: s.name, color: s.color })),
    [statuses],
  );
  /** Everyone assigned to a loaded card, by id (a drop into their lane assigns them). */
  const people = useMemo(() => {
    const out = new Map<string, Person>();
    for (const t of tasks) for (const a of t.assignees) if (!out.has(a.userId)) out.set(a.userId, a);
    return out;
  }, [tasks]);
  const lanesNow = useMemo<BoardLane[] | undefined>(() => {
    if (grouping === 'assignee') {
      const named = [...people.values()]
        .filter((p) => tasks.some((t) => byAssignee(t) === p.userId))
        .sort((a, b) => personName(a).localeCompare(personName(b)))
        .map((p) => ({ id: p.userId, title: personName(p) }));
      return [...named, { id: NONE, title: BOARD_MESSAGES.unassigned }];
    }
    if (grouping === 'priority') {
      return [
        ...[...priorities]
          .sort((a, b) => b.sortOrder - a.sortOrder)
          .map((p) => ({ id: p.priorityId, title: p.name })),
        { id: NONE, title: BOARD_MESSAGES.noPriority },
      ];
    }
    return undefined;
  }, [grouping, people, priorities, tasks]);
  // The same lanes while their ids and titles do not change (a move or a refetch keeps them): new
  // lanes make every column of the board anew.
  const lastLanes = useRef(lanesNow);
  const lanes = sameLanes(lastLanes.current, lanesNow) ? lastLanes.current : lanesNow;
  useEffect(() => {
    lastLanes.current = lanes;
  }, [lanes]);
  const laneTitle = useCallback(
    (id: string | undefined) => lanes?.find((l) => l.id === id)?.title ?? '',
    [lanes],
  );
  const priorityName = useCallback(
    (id: string) => priorities.find((p) => p.priorityId === id)?.name ?? null,
    [priorities],
  );
  /** The card an Undo moved back takes the focus (Board's focusRequest). */
  const [focus, setFocus] = useState<{ id: string; seq: number } | null>(null);
  // The tasks as they are when an Undo runs (its place is worked out from the cards then).
  const current = useRef(tasks);
  useEffect(() => {
    current.current = tasks;
  }, [tasks]);
  /** The last move's toast: a newer move replaces it rather than waiting behind it. */
  const lastToast = useRef<{ toastId: string; actionId: string } | null>(null);

  const send = useCallback(
    (m: BoardMove, fields?: MoveFields) => {
      const status = statuses.find((s) => s.statusId === m.toColumn);
      if (!status) return null;
      const at = m.order.indexOf(m.itemId);
      const sortOf = (id: string | undefined) => current.current.find((t) => t.taskId === id)?.sortOrder;
      const next = sortOf(m.order[at + 1]);
      const prev = sortOf(m.order[at - 1]);
      const sortOrder = next ?? (prev === undefined ? 0 : prev + 1);
      return {
        column: status.name,
        // After the drop's frame is painted (the board holds the card where it was dropped): the
        // write and its cache updates, which re-render the board, keep out of the drop's paint.
        done: whenPainted(() =>
          move({
            move: m,
            status: { statusId: status.statusId, statusName: status.name, statusColor: status.color },
            sortOrder,
            ...(fields ? { fields } : {}),
          }).unwrap(),
        ),
      };
    },
    [move, statuses],
  );

  const failed = useCallback(
    (err: unknown) =>
      dispatch(toastActions.toastShown(errorMessage(err, MESSAGES.tasks.updateFailed), 'error')),
    [dispatch],
  );

  const onMove = useCallback(
    (m: BoardMove) => {
      const task = tasks.find((t) => t.taskId === m.itemId);
      if (!task) return false;
      // Where it was: its column's cards before the move, itself among them.
      const before = tasks.filter((t) => statusOf(t) === m.fromColumn).map(taskId);
      const back: BoardMove = {
        itemId: m.itemId,
        fromColumn: m.toColumn,
        toColumn: m.fromColumn,
        order: before,
      };
      // Another lane: that lane's field changes too, and an Undo puts the old value back.
      const crossed = grouping !== undefined && m.toLane !== undefined && m.toLane !== m.fromLane;
      const fields = crossed && m.toLane ? laneFields(grouping, task, m.toLane, people, priorityName) : null;
      if (crossed && !fields) return false;
      const restore: MoveFields | undefined = !fields
        ? undefined
        : 'assignees' in fields
          ? { assignees: task.assignees }
          : { priorityId: task.priorityId, priorityName: task.priorityName };
      const sent = send(m, fields ?? undefined);
      if (!sent) return false;
      sent.done
        .then(() => {
          const undo = toastAction(BOARD_MESSAGES.undo, () => {
            const again = send(back, restore);
            // The card takes the focus back in its old column (the Undo button goes with its toast);
            // a screen reader hears the card and the toast that says where it went.
            setFocus((f) => ({ id: task.taskId, seq: (f?.seq ?? 0) + 1 }));
            again?.done
              .then(() =>
                dispatch(toastActions.toastShown(BOARD_MESSAGES.movedBack(task.title, again.column))),
              )
              .catch(failed);
          });
          if (lastToast.current) {
            dispatch(toastActions.toastDismissed(lastToast.current.toastId));
            dropToastAction(lastToast.current.actionId);
          }
          const said = crossed
            ? BOARD_MESSAGES.movedInLane(task.title, sent.column, laneTitle(m.toLane))
            : BOARD_MESSAGES.moved(task.title, sent.column);
          const shown = dispatch(toastActions.toastShown(said, 'success', undo));
          lastToast.current = { toastId: shown.payload.id, actionId: undo.id };
        })
        .catch(failed);
      return true;
    },
    [dispatch, failed, send, tasks, grouping, people, priorityName, laneTitle],
  );

  // Quick add: the column whose field is open, and the list new tasks go in.
  const [adding, setAdding] = useState<string | null>(null);
  const lists = quickAdd?.lists;
  const [listId, setListId] = useState('');
  const targetList = lists?.some((l) => l.taskListId === listId) ? listId : (lists?.[0]?.taskListId ?? '');
  const addButtons = useRef(new Map<string, HTMLButtonElement>());
  // The board's column parts as functions that change only with what they show (its columns are
  // memoised: a new function each render would render every column and card anew).
  const columnAction = useMemo(
    () =>
      lists
        ? (c: BoardCell) => {
            const key = cellKey(c);
            return (
              <IconButton
                size="small"
                aria-label={BOARD_MESSAGES.addTo(c.label)}
                aria-expanded={adding === key}
                ref={(node) => {
                  if (node) addButtons.current.set(key, node);
                  else addButtons.current.delete(key);
                }}
                onClick={() => setAdding((a) => (a === key ? null : key))}
              >
                <AddIcon fontSize="small" />
              </IconButton>
            );
          }
        : undefined,
    [lists, adding],
  );
  const columnTop = useMemo(
    () =>
      lists
        ? (c: BoardCell) => {
            const key = cellKey(c);
            if (adding !== key) return null;
            const lane = c.laneId;
            const fields =
              lane === undefined || lane === NONE
                ? {}
                : grouping === 'assignee'
                  ? { assigneeIds: [lane] }
                  : { priorityId: lane };
            return (
              <BoardQuickAdd
                statusId={c.columnId}
                columnLabel={c.label}
                lists={lists}
                listId={targetList}
                onListChange={setListId}
                laneFields={fields}
                onClose={() => {
                  setAdding(null);
                  addButtons.current.get(key)?.focus();
                }}
              />
            );
          }
        : undefined,
    [lists, adding, targetList, grouping],
  );
  const columnEmpty = useMemo(
    () => (emptyText ? (c: BoardCell) => emptyText(c.columnId) : undefined),
    [emptyText],
  );

  const fieldValues = useMemo(() => tasks.some(hasFieldValues), [tasks]);

  return (
    // The cards' styles once, around all of them (and the card being dragged); the custom fields
    // their values name, read once for all of them.
    <CardFieldsProvider needed={fieldValues} fields={fields}>
      <Box sx={taskCardStyles}>
        <Board
          label={label}
          columns={columns}
          items={tasks}
          itemId={taskId}
          itemLabel={taskTitle}
          columnOf={statusOf}
          Card={showProject ? TaskCardWithProject : TaskCard}
          onMove={onMove}
          disabled={!canMove}
          lanes={lanes}
          laneOf={grouping === 'assignee' ? byAssignee : grouping === 'priority' ? byPriority : undefined}
          columnAction={columnAction}
          columnTop={columnTop}
          emptyText={columnEmpty}
          focusRequest={focus}
          {...more}
        />
      </Box>
    </CardFieldsProvider>
  );
}
