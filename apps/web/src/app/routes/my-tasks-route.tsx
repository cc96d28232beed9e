import MyTasksPage from '../../features/tasks/my-tasks-page';

/**
 * /app/tasks: My Tasks. The Timesheet tab (`timesheet`) and the task drawer's time-log part
 * (`renderTimeLog`) are slots the time feature fills here; without them the page has neither.
 */
export default function MyTasksRoute() {
  return <MyTasksPage />;
}
