import Box from '@mui/material/Box';
import { BOARD_MESSAGES, MESSAGES, type Task } from '@taskhive/contract';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { errorMessage } from '../../api/errors';
import { useListTaskStatusesQuery } from '../../api/task-statuses-api';
import { toastActions } from '../../app/slices/toast-slice';
import { Board, type BoardColumn, type BoardProps } from '../../components/board/board';
import type { BoardMove } from '../../components/board/board-move';
import { dropToastAction, toastAction } from '../../components/toast-actions';
import { useAppDispatch } from '../../hooks/store';
import { TaskCard, taskCardStyles, TaskCardWithProject } from './task-card';
import { useMoveTaskMutation } from './tasks-api';

const taskId = (t: Task) => t.taskId;
const taskTitle = (t: Task) => t.title;
const statusOf = (t: Task) => t.statusId ?? '';

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
  ...more
}: {
  tasks: readonly Task[];
  label: string;
  showProject?: boolean;
  canMove: boolean;
} & Pick<BoardProps<Task>, 'totals' | 'onShowMore' | 'loadingMore' | 'maxLoaded'>) {
  const dispatch = useAppDispatch();
  const { data: statuses = [] } = useListTaskStatusesQuery();
  const [move] = useMoveTaskMutation();
  const columns = useMemo<BoardColumn[]>(
    () => statuses.map((s) => ({ id: s.statusId, title: s.name, color: s.color })),
    [statuses],
  );
  // The tasks as they are when an Undo runs (its place is worked out from the cards then).
  const current = useRef(tasks);
  useEffect(() => {
    current.current = tasks;
  }, [tasks]);
  /** The last move's toast: a newer move replaces it rather than waiting behind it. */
  const lastToast = useRef<{ toastId: string; actionId: string } | null>(null);

  const send = useCallback(
    (m: BoardMove) => {
      const status = statuses.find((s) => s.statusId === m.toColumn);
      if (!status) return null;
      const at = m.order.indexOf(m.itemId);
      const sortOf = (id: string | undefined) => current.current.find((t) => t.taskId === id)?.sortOrder;
      const next = sortOf(m.order[at + 1]);
      const prev = sortOf(m.order[at - 1]);
      const sortOrder = next ?? (prev === undefined ? 0 : prev + 1);
      return {
        column: status.name,
        done: move({
          move: m,
          status: { statusId: status.statusId, statusName: status.name, statusColor: status.color },
          sortOrder,
        }).unwrap(),
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
      if (!task) return;
      // Where it was: its column's cards before the move, itself among them.
      const before = tasks.filter((t) => statusOf(t) === m.fromColumn).map(taskId);
      const back: BoardMove = {
        itemId: m.itemId,
        fromColumn: m.toColumn,
        toColumn: m.fromColumn,
        order: before,
      };
      const sent = send(m);
      if (!sent) return;
      sent.done
        .then(() => {
          const undo = toastAction(BOARD_MESSAGES.undo, () => {
            const again = send(back);
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
          const shown = dispatch(
            toastActions.toastShown(BOARD_MESSAGES.moved(task.title, sent.column), 'success', undo),
          );
          lastToast.current = { toastId: shown.payload.id, actionId: undo.id };
        })
        .catch(failed);
    },
    [dispatch, failed, send, tasks],
  );

  return (
    // The cards' styles once, around all of them (and the card being dragged).
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
        {...more}
      />
    </Box>
  );
}
