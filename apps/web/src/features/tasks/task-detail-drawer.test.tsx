import { MESSAGES, type TaskDetail } from '@taskhive/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, render, signedIn } from '../../test/render';
import { pathOf, PROJECT_ID, serve, status, STATUSES, task } from '../../test/work-fixtures';
import { TaskDetailDrawer } from './task-detail-drawer';
import { OpenTaskProvider } from './task-link';

const TASK: TaskDetail = { ...task(1, 'Write the brief'), subtasks: [], documents: [] };

/** The drawer opened by its address; each PUT of the task waits for the test's answer. */
function mount() {
  const answers: ((r: Response) => void)[] = [];
  const calls = serve(async (req) => {
    const path = pathOf(req);
    if (path === `/api/Tasks/${TASK.taskId}` && req.method === 'PUT')
      return new Promise<Response>((resolve) => answers.push(resolve));
    if (path === `/api/Tasks/${TASK.taskId}`) return jsonResponse(200, TASK);
    if (path === '/api/Taskstatuses') return jsonResponse(200, STATUSES);
    if (path.endsWith('/watchers'))
      return jsonResponse(200, { taskId: TASK.taskId, watching: false, count: 0, watchers: [] });
    return jsonResponse(200, []);
  });
  const { user } = render(null, {
    route: `/app/project-detail/${PROJECT_ID}?task=${TASK.taskId}`,
    routes: [
      {
        path: '/app/project-detail/:projectId',
        element: (
          <OpenTaskProvider>
            <TaskDetailDrawer />
          </OpenTaskProvider>
        ),
      },
    ],
    preloadedState: signedIn({ permissions: ['task:read', 'task:update'] }),
  });
  const puts = () => calls.filter((r) => r.method === 'PUT');
  return { user, answers, puts };
}

const statusField = () =>
  within(screen.getByLabelText('Task detail')).getByRole('combobox', { name: 'Status' });

describe('TaskDetailDrawer status (issue 28)', () => {
  it('shows the chosen status at once, writes it after that paint, and shows the old one again when refused', async () => {
    const { user, answers, puts } = mount();
    // The statuses answer after the task (a busy machine: give them time).
    await waitFor(() => expect(statusField()).toHaveTextContent('Open'), { timeout: 10_000 });
    await user.click(statusField());
    await user.click(await screen.findByRole('option', { name: 'In Progress' }));
    expect(statusField()).toHaveTextContent('In Progress');
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(await puts()[0]?.clone().json()).toEqual({ statusId: status('In Progress').statusId });
    // The server refuses: the field shows the task's status again.
    answers[0]?.(jsonResponse(409, null, { message: 'Not now' }));
    expect(await screen.findByText('Not now')).toBeInTheDocument();
    await waitFor(() => expect(statusField()).toHaveTextContent('Open'));
  });

  it('keeps a taken status, now the task’s own', async () => {
    const { user, answers, puts } = mount();
    // The statuses answer after the task (a busy machine: give them time).
    await waitFor(() => expect(statusField()).toHaveTextContent('Open'), { timeout: 10_000 });
    await user.click(statusField());
    await user.click(await screen.findByRole('option', { name: 'Completed' }));
    expect(statusField()).toHaveTextContent('Completed');
    await waitFor(() => expect(puts()).toHaveLength(1));
    const done = status('Completed');
    answers[0]?.(
      jsonResponse(200, { ...TASK, statusId: done.statusId, statusName: done.name, statusColor: done.color }),
    );
    await waitFor(() => expect(screen.getByText(MESSAGES.tasks.updated)).toBeInTheDocument());
    expect(statusField()).toHaveTextContent('Completed');
  });
});
