import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TASK_BULK_MESSAGES, type Task } from '@taskhive/contract';
import { jsonResponse, render, signedIn } from '../../test/render';
import { paged, pathOf, project, serve, status, STATUSES, task } from '../../test/work-fixtures';
import AllTasksPage from './all-tasks-page';

const editor = signedIn({
  permissions: ['task:read', 'task:read:all', 'task:update', 'task:delete', 'project:read'],
});

/** The All Tasks screen over a stubbed API whose tasks `rows` holds; `answer` decides each write. */
function screenWith(rows: Task[], answer: (req: Request, body: unknown) => Response) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  serve(async (req) => {
    const path = pathOf(req);
    if (req.method !== 'GET') {
      const body: unknown = await req.clone().json();
      calls.push({ method: req.method, path, body });
      return answer(req, body);
    }
    if (path === '/api/Taskstatuses') return jsonResponse(200, STATUSES);
    if (path === '/api/Taskpriorities') return jsonResponse(200, []);
    if (path === '/api/Project') return jsonResponse(200, paged([project()], 1, 200));
    if (path === '/api/Tasks/all') return jsonResponse(200, paged(rows, rows.length, 25));
    return jsonResponse(404, null);
  });
  return calls;
}

describe('task lists: inline edit', () => {
  it('edits a title in place: Enter saves one PUT, Escape cancels, F2 starts editing', async () => {
    const rows = [task(1, 'Ship it'), task(2, 'Plan it')];
    const calls = screenWith(rows, (req, body) => {
      const b = body as { title: string };
      return jsonResponse(200, { ...task(1, b.title), subtasks: [], documents: [] });
    });
    const { user } = render(<AllTasksPage />, { route: '/app/all-tasks', preloadedState: editor });
    const table = await screen.findByRole('table', { name: 'All tasks' });

    await user.click(within(table).getByRole('button', { name: TASK_BULK_MESSAGES.editTitle('Plan it') }));
    const field = within(table).getByRole('textbox', { name: TASK_BULK_MESSAGES.titleInput });
    await user.clear(field);
    await user.type(field, 'Never mind{Escape}');
    expect(within(table).getByText('Plan it')).toBeInTheDocument();

    // F2 on the focused title edits it too.
    within(table)
      .getByRole('button', { name: /WEB-1\s+Ship it/ })
      .focus();
    await user.keyboard('{F2}');
    const again = within(table).getByRole('textbox', { name: TASK_BULK_MESSAGES.titleInput });
    await user.clear(again);
    await user.type(again, 'Ship it today{Enter}');
    expect(await within(table).findByText('Ship it today')).toBeInTheDocument();
    expect(calls).toEqual([
      { method: 'PUT', path: `/api/Tasks/${rows[0]?.taskId}`, body: { title: 'Ship it today' } },
    ]);
  });

  it('changes a status from its cell at once, and puts it back with the API message when refused', async () => {
    const rows = [task(1, 'Ship it')];
    const calls = screenWith(rows, () =>
      jsonResponse(400, null, { message: 'Choose a status of your company' }),
    );
    const { user } = render(<AllTasksPage />, { route: '/app/all-tasks', preloadedState: editor });
    const table = await screen.findByRole('table', { name: 'All tasks' });
    await user.click(
      within(table).getByRole('button', { name: `${TASK_BULK_MESSAGES.changeStatus('Ship it')}: Open` }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Completed' }));
    expect(calls).toEqual([
      {
        method: 'PUT',
        path: `/api/Tasks/${rows[0]?.taskId}`,
        body: { statusId: status('Completed').statusId },
      },
    ]);
    expect(await screen.findByText('Choose a status of your company')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(table).getByRole('button', { name: `${TASK_BULK_MESSAGES.changeStatus('Ship it')}: Open` }),
      ).toBeInTheDocument(),
    );
    // Opening the picker did not open the task.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows plain values, no pickers and no checkboxes, to a reader who may not change tasks', async () => {
    screenWith([task(1, 'Ship it')], () => jsonResponse(500, null));
    render(<AllTasksPage />, {
      route: '/app/all-tasks',
      preloadedState: signedIn({ permissions: ['task:read', 'task:read:all'] }),
    });
    const table = await screen.findByRole('table', { name: 'All tasks' });
    expect(within(table).queryByRole('button', { name: /^Status of/ })).not.toBeInTheDocument();
    expect(within(table).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByLabelText(TASK_BULK_MESSAGES.selectPage)).not.toBeInTheDocument();
  });
});

describe('task lists: bulk actions', () => {
  it('selects rows, moves them to a status in ONE request, and clears the selection', async () => {
    const rows = [task(1, 'Ship it'), task(2, 'Plan it'), task(3, 'Test it')];
    const calls = screenWith(rows, (_req, body) => {
      const b = body as { taskIds: string[] };
      return jsonResponse(200, {
        action: 'status',
        tasks: rows.filter((t) => b.taskIds.includes(t.taskId)).map((t) => ({ ...t, ...done })),
        deletedIds: [],
      });
    });
    const c = status('Completed');
    const done = { statusId: c.statusId, statusName: c.name, statusColor: c.color };
    const { user } = render(<AllTasksPage />, { route: '/app/all-tasks', preloadedState: editor });
    const table = await screen.findByRole('table', { name: 'All tasks' });
    expect(screen.queryByRole('toolbar', { name: TASK_BULK_MESSAGES.bulkBar })).not.toBeInTheDocument();

    await user.click(
      within(table).getByRole('checkbox', { name: TASK_BULK_MESSAGES.selectRow('WEB-1 Ship it') }),
    );
    await user.click(
      within(table).getByRole('checkbox', { name: TASK_BULK_MESSAGES.selectRow('WEB-3 Test it') }),
    );
    const bar = screen.getByRole('toolbar', { name: TASK_BULK_MESSAGES.bulkBar });
    expect(within(bar).getByText(TASK_BULK_MESSAGES.selected(2))).toBeInTheDocument();
    // Two of three: "Select all on this page" is mixed; it takes the third; the bar counts three.
    const page = screen.getByRole('checkbox', { name: TASK_BULK_MESSAGES.selectPage });
    expect(page).toBePartiallyChecked();
    await user.click(page);
    expect(page).toBeChecked();
    expect(within(bar).getByText(TASK_BULK_MESSAGES.selected(3))).toBeInTheDocument();

    await user.click(within(bar).getByRole('button', { name: TASK_BULK_MESSAGES.status }));
    await user.click(await screen.findByRole('menuitem', { name: 'Completed' }));
    expect(await screen.findByText(TASK_BULK_MESSAGES.updated(3))).toBeInTheDocument();
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/Tasks/bulk',
        // In the order picked: the two rows, then the page's third.
        body: { action: 'status', statusId: c.statusId, taskIds: [0, 2, 1].map((i) => rows[i]?.taskId) },
      },
    ]);
    expect(screen.queryByRole('toolbar', { name: TASK_BULK_MESSAGES.bulkBar })).not.toBeInTheDocument();
  });

  it('asks before a bulk delete, naming the count; a refusal keeps the rows and shows the message', async () => {
    const rows = [task(1, 'Ship it'), task(2, 'Plan it')];
    const calls = screenWith(rows, () => jsonResponse(403, null, { message: 'You may not delete WEB-1' }));
    const { user } = render(<AllTasksPage />, { route: '/app/all-tasks', preloadedState: editor });
    const table = await screen.findByRole('table', { name: 'All tasks' });
    await user.click(screen.getByRole('checkbox', { name: TASK_BULK_MESSAGES.selectPage }));
    const bar = screen.getByRole('toolbar', { name: TASK_BULK_MESSAGES.bulkBar });
    await user.click(within(bar).getByRole('button', { name: TASK_BULK_MESSAGES.delete }));
    const dialog = await screen.findByRole('dialog', { name: TASK_BULK_MESSAGES.confirmDeleteTitle(2) });
    expect(calls).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete 2 tasks' }));
    expect(await screen.findByText('You may not delete WEB-1')).toBeInTheDocument();
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/Tasks/bulk',
        body: { action: 'delete', taskIds: rows.map((t) => t.taskId) },
      },
    ]);
    await waitFor(() => expect(within(table).getAllByTestId('task-row')).toHaveLength(2));
  });
});
