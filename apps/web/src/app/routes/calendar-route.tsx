import type { TaskDetail } from '@taskhive/contract';
import CalendarPage from '../../features/calendar/calendar-page';
import { TaskTimeline } from '../../features/comments';
import { TaskDetailDrawer } from '../../features/tasks/task-detail-drawer';
import { OpenTaskProvider, useOpenTask } from '../../features/tasks/task-link';
import { TaskTimeLogs } from '../../features/timesheets';
import { SavedViewsControl } from '../../features/saved-views';

const timeLog = (task: TaskDetail) => <TaskTimeLogs taskId={task.taskId} />;
const timeline = (task: TaskDetail) => <TaskTimeline taskId={task.taskId} version={task.updatedAt} />;

/** The calendar with the tasks feature's open-task link (`?task=`) handed to its chips. */
function CalendarWithTasks() {
  const open = useOpenTask();
  return <CalendarPage onOpenTask={open} views={<SavedViewsControl place="calendar" />} />;
}

/**
 * /app/calendar: the calendar feature's page, with the tasks feature's drawer (and its time-log
 * and timeline parts) over it, as on My Tasks (features do not import each other).
 */
export default function CalendarRoute() {
  return (
    <OpenTaskProvider>
      <CalendarWithTasks />
      <TaskDetailDrawer renderTimeLog={timeLog} renderTimeline={timeline} />
    </OpenTaskProvider>
  );
}
