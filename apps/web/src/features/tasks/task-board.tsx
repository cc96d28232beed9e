import Box from '@mui/material/Box';
import { MESSAGES, type Task } from '@taskhive/contract';
import { useCallback, useMemo } from 'react';
import { errorMessage } from '../../api/errors';
import { useListTaskStatusesQuery } from '../../api/task-statuses-api';
import { Board, type BoardColumn, type BoardProps } from '../../components/board/board';
import type { BoardMove } from '../../components/board/board-move';
import { useToast } from '../../hooks/use-toast';
import { TaskCard, taskCardStyles, TaskCardWithProject } from './task-card';
import { useMoveTaskMutation } from './tasks-api';

const taskId = (t: Task) => t.taskId;
const statusOf = (t: Task) => t.statusId ?? '';

/**
 * Tasks by status. A drop changes the task's status and place at once (every loaded copy); if the
 * server refuses, the card goes back and an error toast says why. With `totals` and `onShowMore`
 * the tasks are each column's first cards, and a column asks for its next ones (the project board).
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
  const toast = useToast();
  const { data: statuses = [] } = useListTaskStatusesQuery();
  const [move] = useMoveTaskMutation();
  const columns = useMemo<BoardColumn[]>(
    () => statuses.map((s) => ({ id: s.statusId, title: s.name, color: s.color })),
    [statuses],
  );

  const onMove = useCallback(
    (m: BoardMove) => {
      const status = statuses.find((s) => s.statusId === m.toColumn);
      if (!status) return;
      const at = m.order.indexOf(m.itemId);
      const sortOf = (id: string | undefined) => tasks.find((t) => t.taskId === id)?.sortOrder;
      const next = sortOf(m.order[at + 1]);
      const prev = sortOf(m.order[at - 1]);
      const sortOrder = next ?? (prev === undefined ? 0 : prev + 1);
      move({
        move: m,
        status: { statusId: status.statusId, statusName: status.name, statusColor: status.color },
        sortOrder,
      })
        .unwrap()
        .then(() => toast.success(MESSAGES.tasks.updated))
        .catch((err: unknown) => toast.error(errorMessage(err, MESSAGES.tasks.updateFailed)));
    },
    [move, statuses, tasks, toast],
  );

  return (
    // The cards' styles once, around all of them (and the card being dragged).
    <Box sx={taskCardStyles}>
      <Board
        label={label}
        columns={columns}
        items={tasks}
        itemId={taskId}
        columnOf={statusOf}
        Card={showProject ? TaskCardWithProject : TaskCard}
        onMove={onMove}
        disabled={!canMove}
        {...more}
      />
    </Box>
  );
}
