import type { ReactNode } from 'react';
import type { TaskDetailDrawerProps } from './task-detail-drawer';
import { TaskListScreen } from './task-list-screen';
import { PersonalTodos } from './personal-todos';

export interface MyTasksPageProps extends TaskDetailDrawerProps {
  /** The Timesheet tab's content (the time issue supplies it through app/); no tab without it. */
  timesheet?: ReactNode;
  /** Issue 26: the saved-views control (composed by app/). */
  views?: ReactNode;
}

/**
 * /app/tasks: the signed-in user's tasks across projects, as a paged list or a board, and their
 * personal to-dos after them (issue 24), narrowed by the same search and filters. A to-do
 * belongs to no project, so a project filter leaves them out.
 */
export default function MyTasksPage(props: MyTasksPageProps) {
  return (
    <TaskListScreen
      scope="mine"
      {...props}
      after={(q, statuses) =>
        q.projectId ? null : (
          <PersonalTodos
            // A new search or filter starts the to-dos at their first page again.
            key={JSON.stringify([q.search, q.statusNames, q.priorityNames, q.dueDateFrom, q.dueDateTo])}
            filters={q}
            statuses={statuses}
          />
        )
      }
    />
  );
}
