import type { TaskDetail } from '@taskhive/contract';
import { TaskTimeline } from '../../features/comments';
import { TaskCustomFields } from '../../features/custom-fields';
import AllTasksPage from '../../features/tasks/all-tasks-page';
import { TaskDependenciesSection } from '../../features/task-dependencies';
import { TaskTimeLogs } from '../../features/timesheets';
import { SavedViewsControl } from '../../features/saved-views';

const timeLog = (task: TaskDetail) => <TaskTimeLogs taskId={task.taskId} />;
const timeline = (task: TaskDetail) => <TaskTimeline taskId={task.taskId} version={task.updatedAt} />;
// Issue 26: the task's custom fields, then its dependencies (one slot of the drawer).
const dependencies = (task: TaskDetail, open: (taskId: string) => void) => (
  <>
    <TaskCustomFields taskId={task.taskId} projectId={task.projectId} />
    <TaskDependenciesSection taskId={task.taskId} onOpen={open} />
  </>
);

/**
 * /app/all-tasks: All Tasks, with the task drawer's time-log part and the comments feature's
 * timeline composed in, as My Tasks has them (features do not import each other).
 */
export default function AllTasksRoute() {
  return (
    <AllTasksPage
      renderTimeLog={timeLog}
      renderTimeline={timeline}
      renderDependencies={dependencies}
      views={<SavedViewsControl place="all-tasks" />}
    />
  );
}
