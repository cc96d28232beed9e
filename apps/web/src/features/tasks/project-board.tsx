import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  BOARD_COLUMN_MAX,
  BOARD_COLUMN_PAGE,
  BOARD_MESSAGES,
  MESSAGES,
  type BoardPage,
  type CustomField,
  type ProjectDetail,
} from '@taskhive/contract';
import { useCallback, useMemo, useState } from 'react';
import { useProjectCustomFieldsQuery } from '../../api/custom-fields-api';
import { errorMessage } from '../../api/errors';
import { EmptyState } from '../../components/empty-state';
import { ErrorPanel } from '../../components/error-panel';
import { useSession } from '../../hooks/use-session';
import { BoardFilterBar } from './board-filter-bar';
import { activeFilters, filterArgs, useBoardView } from './board-view';
import { useEnabledCustomFields } from './custom-field-columns';
import { TaskBoard } from './task-board';
import { useProjectBoardQuery } from './tasks-api';

type Limits = Readonly<Record<string, number>>;
const NO_FIELDS: readonly CustomField[] = [];

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
 *
 * Above it, filters and the grouping kept in the URL (`useBoardView`): the server filters (the
 * columns are paged, so only it knows each column's matching cards), the bar says how many cards
 * they hide and an empty column says that filters hide its cards. Swimlanes group the loaded cards.
 * Holders of task:create get a quick add at the top of each column.
 */
export function ProjectBoard({ project }: { project: ProjectDetail }) {
  return <ProjectBoardView key={project.projectId} project={project} />;
}

function ProjectBoardView({ project }: { project: ProjectDetail }) {
  const { can, user } = useSession();
  const { view, update, clear } = useBoardView();
  const customFields = useEnabledCustomFields(project.projectId);
  const projectFields = useProjectCustomFieldsQuery(project.projectId);
  const fieldsLoaded = projectFields.isSuccess;
  const filters = useMemo(() => {
    const args = filterArgs(view, user?.userId);
    // A link to a field since deleted or disabled (the API would answer 400): filter without it.
    const fieldId = args.cf?.slice(0, 36).toLowerCase();
    if (fieldId && fieldsLoaded && !customFields.some((f) => f.fieldId === fieldId)) delete args.cf;
    return args;
  }, [view, user?.userId, customFields, fieldsLoaded]);
  const filtered = activeFilters(view) > 0;
  const [limits, setLimits] = useState<Limits>({});
  const { data, currentData, error, isFetching, refetch } = useProjectBoardQuery({
    projectId: project.projectId,
    limits,
    filters,
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

  const canCreate = can({ anyOf: ['task:create'] });
  const lists = useMemo(
    () => [...project.taskLists].sort((a, b) => a.sortOrder - b.sortOrder),
    [project.taskLists],
  );
  const columns = data?.columns;
  const hidden = useMemo(
    () => (columns ?? []).reduce((n, c) => n + Math.max(0, c.unfilteredCount - c.totalCount), 0),
    [columns],
  );
  const emptyText = useCallback(
    (statusId: string) => {
      const c = columns?.find((col) => col.statusId === statusId);
      return c && c.totalCount === 0 && c.unfilteredCount > 0
        ? BOARD_MESSAGES.hiddenHere(c.unfilteredCount)
        : undefined;
    },
    [columns],
  );
  const bar = (
    <BoardFilterBar
      view={view}
      update={update}
      clear={clear}
      people={project.projectMembers}
      hidden={hidden}
      fields={customFields}
    />
  );

  if (!data) {
    return (
      <Stack spacing={1.5}>
        {bar}
        {error && !isFetching ? (
          <ErrorPanel
            message={errorMessage(error, MESSAGES.tasks.fetchFailed)}
            onRetry={() => void refetch()}
          />
        ) : (
          <LinearProgress aria-label="Loading the board" />
        )}
      </Stack>
    );
  }
  const none = data.columns.every((c) => c.unfilteredCount === 0);
  if (none && !(canCreate && lists.length > 0)) {
    return <EmptyState title="No tasks yet" description="Add tasks from the Task lists tab." />;
  }
  // Lanes group the loaded cards: a column with more than it loaded is said to be partly shown.
  const partial = view.group !== 'none' && data.columns.some((c) => c.totalCount > BOARD_COLUMN_PAGE);
  return (
    <Stack spacing={1.5}>
      {bar}
      <Typography variant="body2" color="text.secondary">
        {none
          ? 'No tasks yet: press + at the top of a column to add one.'
          : 'Drag a card to change its status, or focus it and press Space, the arrow keys and Space again.'}
      </Typography>
      {partial && (
        <Typography variant="body2" color="text.secondary">
          {BOARD_MESSAGES.lanesLoaded}
        </Typography>
      )}
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
        lanes={view.group === 'none' ? undefined : view.group}
        quickAdd={canCreate && lists.length > 0 ? { lists } : undefined}
        emptyText={filtered && view.group === 'none' ? emptyText : undefined}
        // The company's fields come with the project's (read with the board): no read of their own.
        // While those load, the cards wait for them rather than asking the company's list too.
        fields={projectFields.data?.fields ?? (projectFields.isError ? undefined : NO_FIELDS)}
        {...(view.group === 'none'
          ? { totals, onShowMore: showMore, loadingMore, maxLoaded: BOARD_COLUMN_MAX }
          : {})}
      />
    </Stack>
  );
}
