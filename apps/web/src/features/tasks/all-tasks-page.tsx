import type { ReactNode } from 'react';
import type { TaskDetailDrawerProps } from './task-detail-drawer';
import { TaskListScreen } from './task-list-screen';

/**
 * /app/all-tasks (issue 24, task:read:all): every task of the company, subtasks included, with My
 * Tasks' search, filters (the project filter first among them), sorts, page sizes and views.
 */
export default function AllTasksPage(props: TaskDetailDrawerProps & { views?: ReactNode }) {
  return <TaskListScreen scope="all" {...props} />;
}
