import { TODO_MESSAGES, type Todo } from '@taskhive/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, render, signedIn } from '../../test/render';
import { paged, pathOf, serve, STATUSES } from '../../test/work-fixtures';
import MyTasksPage from './my-tasks-page';
import { doneFilter } from './personal-todos';

const session = signedIn({ permissions: ['task:read'] });

function todo(n: number, title: string, extra: Partial<Todo> = {}): Todo {
  return {
    todoId: `30000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    title,
    dueDate: null,
    priorityId: null,
    priorityName: null,
    done: false,
    completedAt: null,
    isOverdue: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

describe('doneFilter', () => {
  it("maps My Tasks' status filter to a to-do's done or not", () => {
    expect(doneFilter([], STATUSES)).toBe('');
    expect(doneFilter(['Completed'], STATUSES)).toBe('true');
    expect(doneFilter(['open', 'In Progress'], STATUSES)).toBe('false');
    expect(doneFilter(['Open', 'completed'], STATUSES)).toBe('');
  });
});

describe('My Tasks: personal to-dos', () => {
  it('shows my to-dos marked Personal after my tasks; ticks one off at once; adds one', async () => {
    let todos = [todo(1, 'Renew passport'), todo(2, 'Buy stamps')];
    const calls = serve(async (req) => {
      const path = pathOf(req);
      if (path === '/api/Taskstatuses') return jsonResponse(200, STATUSES);
      if (path === '/api/Taskpriorities') return jsonResponse(200, []);
      if (path === '/api/Tasks/users/mytasks') return jsonResponse(200, paged([]));
      if (path === '/api/Todos' && req.method === 'POST') {
        const made = todo(3, ((await req.clone().json()) as { title: string }).title);
        todos = [...todos, made];
        return jsonResponse(201, made);
      }
      if (path.startsWith('/api/Todos/') && req.method === 'PUT') {
        todos = todos.map((t) => (path.endsWith(t.todoId) ? { ...t, done: true } : t));
        return jsonResponse(
          200,
          todos.find((t) => path.endsWith(t.todoId)),
        );
      }
      if (path === '/api/Todos') return jsonResponse(200, paged(todos, todos.length, 10));
      return jsonResponse(404, null);
    });
    const { user, store } = render(<MyTasksPage />, {
      route: '/app/tasks?search=pass',
      preloadedState: session,
    });

    const table = await screen.findByRole('table', { name: 'Personal to-dos' });
    const rows = within(table).getAllByTestId('todo-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText('Personal')).toBeInTheDocument();
    // The page's search narrows the to-dos too.
    const list = calls.find((r) => pathOf(r) === '/api/Todos');
    expect(list && new URL(list.url).searchParams.get('search')).toBe('pass');

    await user.click(screen.getByRole('checkbox', { name: 'Complete Renew passport' }));
    expect(await screen.findByRole('checkbox', { name: 'Reopen Renew passport' })).toBeChecked();
    const put = calls.find((r) => r.method === 'PUT');
    expect(put && pathOf(put)).toBe(`/api/Todos/${todo(1, '').todoId}`);
    expect(await put?.clone().json()).toEqual({ done: true });

    await user.click(screen.getByRole('button', { name: 'Add to-do' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Title/), { target: { value: 'Water plants' } });
    await user.click(within(dialog).getByRole('button', { name: 'Add to-do' }));
    await vi.waitFor(() =>
      expect(store.getState().toast.queue.map((t) => t.message)).toContain(TODO_MESSAGES.created),
    );
    const post = calls.find((r) => r.method === 'POST');
    expect(await post?.clone().json()).toEqual({ title: 'Water plants', dueDate: null, priorityId: null });
    expect(await within(table).findByText('Water plants')).toBeInTheDocument();
  });

  it('leaves the to-dos out when a project filter is set (a to-do belongs to no project)', async () => {
    const calls = serve((req) => {
      const path = pathOf(req);
      if (path === '/api/Taskstatuses') return jsonResponse(200, STATUSES);
      if (path === '/api/Taskpriorities') return jsonResponse(200, []);
      if (path === '/api/Labels') return jsonResponse(200, []);
      return jsonResponse(200, paged([]));
    });
    render(<MyTasksPage />, {
      route: '/app/tasks?projectId=00000000-0000-4000-8000-000000000900',
      preloadedState: session,
    });
    expect(await screen.findByText('No tasks match these filters')).toBeInTheDocument();
    expect(screen.queryByText('Personal to-dos')).not.toBeInTheDocument();
    expect(calls.some((r) => pathOf(r) === '/api/Todos')).toBe(false);
  });
});
