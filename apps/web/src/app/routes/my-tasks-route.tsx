import type { TaskDetail } from '@taskhive/contract';
import MyTasksPage from '../../features/tasks/my-tasks-page';
import { TaskTimeLogs, TimesheetTab } from '../../features/timesheets';

const timeLog = (task: TaskDetail) => <TaskTimeLogs taskId={task.taskId} />;

/**
 * /app/tasks: My Tasks, with the time feature's Timesheet tab and the task drawer's time-log part
 * composed in (features do not import each other).
 */
export default function MyTasksRoute() {
  return <MyTasksPage timesheet={<TimesheetTab />} renderTimeLog={timeLog} />;
}
