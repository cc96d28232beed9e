import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  BOARD_COLUMN_MAX,
  BOARD_COLUMN_PAGE,
  MESSAGES,
  type BoardPage,
  type ProjectDetail,
} from '@taskhive/contract';
import { useCallback, useMemo, useState } from 'react';
import { errorMessage } from '../../api/errors';
import { EmptyState } from '../../components/empty-state';
import { ErrorPanel } from '../../components/error-panel';
import { useSession } from '../../hooks/use-session';
import { TaskBoard } from './task-board';
import { useProjectBoardQuery } from './tasks-api';

type Limits = Readonly<Record<string, number>>;

/** The columns that asked for more cards than `board` holds of them (and have more). */
function columnsAskingMore(board: BoardPage, limits: Limits): string[] {
  const loaded = new Map<string, number>();
  for (const t of board.items) {
    if (t.statusId) loaded.set(t.statusId, (loaded.get(t.statusId) ?? 0) + 1);
  }
  return board.columns
    .filter((c) => {
      const n = loaded.get(c.statusId) ?? 0;
      return n < c.totalCount && n < (limits[c.statusId] ?? BOARD_COLUMN_PAGE);
    })
    .map((c) => c.statusId);
}

/**
 * The Kanban board of a project's top-level tasks, by status. Each column loads its first cards
 * and its total; "Show more" at the end of a column loads its next ones. Another project starts
 * a board of its own (its columns at their first cards again).
 */
export function ProjectBoard({ project }: { project: ProjectDetail }) {
  return <ProjectBoardView key={project.projectId} project={project} />;
}

function ProjectBoardView({ project }: { project: ProjectDetail }) {
  const { can } = useSession();
  const [limits, setLimits] = useState<Limits>({});
  const { data, currentData, error, isFetching, refetch } = useProjectBoardQuery({
    projectId: project.projectId,
    limits,
  });
  // While a column's further cards load, `data` is still the board before them (on screen) and
  // `currentData` is empty.
  const waiting = isFetching && !currentData;
  const loadingMore = useMemo(
    () => (data && waiting ? columnsAskingMore(data, limits) : []),
    [data, waiting, limits],
  );
  const totals = useMemo(
    () => Object.fromEntries((data?.columns ?? []).map((c) => [c.statusId, c.totalCount])),
    [data],
  );
  const showMore = useCallback(
    (statusId: string) =>
      setLimits((l) => ({
        ...l,
        [statusId]: Math.min((l[statusId] ?? BOARD_COLUMN_PAGE) + BOARD_COLUMN_PAGE, BOARD_COLUMN_MAX),
      })),
    [],
  );

  if (!data) {
    return error && !isFetching ? (
      <ErrorPanel message={errorMessage(error, MESSAGES.tasks.fetchFailed)} onRetry={() => void refetch()} />
    ) : (
      <LinearProgress aria-label="Loading the board" />
    );
  }
  if (data.columns.every((c) => c.totalCount === 0)) {
    return <EmptyState title="No tasks yet" description="Add tasks from the Task lists tab." />;
  }
  return (
    <Stack spacing={1}>
      <Typography variant="body2" color="text.secondary">
        Drag a card to change its status, or focus it and press Space, the arrow keys and Space again.
      </Typography>
      {error && !currentData && !isFetching && (
        // More cards of a column did not load: the board stays as it was.
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              Retry
            </Button>
          }
        >
          {errorMessage(error, MESSAGES.tasks.fetchFailed)}
        </Alert>
      )}
      <TaskBoard
        tasks={data.items}
        label={`Board of ${project.name}`}
        canMove={can({ anyOf: ['task:update'] })}
        totals={totals}
        onShowMore={showMore}
        loadingMore={loadingMore}
        maxLoaded={BOARD_COLUMN_MAX}
      />
    </Stack>
  );
}
