import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES, type ProjectDetail } from '@taskhive/contract';
import { errorMessage } from '../../api/errors';
import { EmptyState } from '../../components/empty-state';
import { ErrorPanel } from '../../components/error-panel';
import { useSession } from '../../hooks/use-session';
import { TaskBoard } from './task-board';
import { boardQuery, DEFAULT_TASK_QUERY, useListProjectTasksQuery } from './tasks-api';

const QUERY = boardQuery(DEFAULT_TASK_QUERY);

/** The Kanban board of a project's top-level tasks, by status. */
export function ProjectBoard({ project }: { project: ProjectDetail }) {
  const { can } = useSession();
  const { currentData, error, isLoading, refetch } = useListProjectTasksQuery({
    projectId: project.projectId,
    query: QUERY,
  });
  if (isLoading) return <LinearProgress aria-label="Loading the board" />;
  if (error && !currentData) {
    return (
      <ErrorPanel message={errorMessage(error, MESSAGES.tasks.fetchFailed)} onRetry={() => void refetch()} />
    );
  }
  const tasks = currentData?.items ?? [];
  if (tasks.length === 0) {
    return <EmptyState title="No tasks yet" description="Add tasks from the Task lists tab." />;
  }
  return (
    <Stack spacing={1}>
      <Typography variant="body2" color="text.secondary">
        Drag a card to change its status, or focus it and press Space, the arrow keys and Space again.
        {currentData && currentData.totalCount > tasks.length
          ? ` Showing the first ${tasks.length} of ${currentData.totalCount} tasks.`
          : ''}
      </Typography>
      <TaskBoard tasks={tasks} label={`Board of ${project.name}`} canMove={can({ anyOf: ['task:update'] })} />
    </Stack>
  );
}
