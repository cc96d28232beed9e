import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, render, signedIn } from '../../test/render';
import { LIST_ID, paged, pathOf, PROJECT_ID, project, serve, STATUSES, task } from '../../test/work-fixtures';
import QuickCreateTaskDialog from './quick-create-task-dialog';

describe('Create task from anywhere', () => {
  it('asks for a project and a list, then the task form, and opens the new task', async () => {
    const calls = serve(async (req) => {
      const path = pathOf(req);
      if (path === '/api/Taskstatuses') return jsonResponse(200, STATUSES);
      if (path === '/api/Taskpriorities') return jsonResponse(200, []);
      if (path === '/api/Project') return jsonResponse(200, paged([project()]));
      if (path === `/api/Project/${PROJECT_ID}`) return jsonResponse(200, project());
      if (path === `/api/Tasks/tasklists/${LIST_ID}/tasks` && req.method === 'POST')
        return jsonResponse(201, { ...task(9, 'Write the brief'), subtasks: [], documents: [] });
      return jsonResponse(404, null);
    });
    const onClose = vi.fn();
    const { user, router } = render(<QuickCreateTaskDialog onClose={onClose} />, {
      route: '/app/dashboard',
      preloadedState: signedIn({ permissions: ['task:create', 'project:read'] }),
    });

    // Next without a project says what is missing.
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Choose a project')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Project' }));
    await user.click(await screen.findByRole('option', { name: 'Website (WEB)' }));
    await user.click(await screen.findByRole('combobox', { name: 'List' }));
    await user.click(await screen.findByRole('option', { name: 'Backlog' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await user.type(await screen.findByRole('textbox', { name: /^Title/ }), 'Write the brief');
    await user.click(screen.getByRole('button', { name: 'Create task' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/t/WEB-9'));
    expect(onClose).toHaveBeenCalled();
    const post = calls.find((r) => r.method === 'POST');
    expect(await post?.json()).toMatchObject({ title: 'Write the brief' });
  });
});
