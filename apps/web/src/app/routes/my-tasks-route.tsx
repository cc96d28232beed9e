import type { TaskDetail } from '@taskhive/contract';
import { TaskTimeline } from '../../features/comments';
import { TaskCustomFields } from '../../features/custom-fields';
import MyTasksPage from '../../features/tasks/my-tasks-page';
import { TaskDependenciesSection } from '../../features/task-dependencies';
import { TaskTimeLogs, TimesheetTab } from '../../features/timesheets';
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
 * /app/tasks: My Tasks, with the time feature's Timesheet tab and the task drawer's time-log part
 * composed in, and the comments feature's timeline (features do not import each other).
 */
export default function MyTasksRoute() {
  return (
    <MyTasksPage
      timesheet={<TimesheetTab />}
      views={<SavedViewsControl place="my-tasks" />}
      renderTimeLog={timeLog}
      renderTimeline={timeline}
      renderDependencies={dependencies}
    />
  );
}
