import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, render, signedIn } from '../../test/render';
import { paged, pathOf, PROJECT_ID, project, serve, STATUSES, task } from '../../test/work-fixtures';
import AllTasksPage from './all-tasks-page';

const session = signedIn({ permissions: ['task:read', 'task:read:all', 'project:read'] });

describe('All Tasks', () => {
  it("lists the company's tasks from /Tasks/all with the address's project filter, with assignees", async () => {
    const ada = {
      userId: '00000000-0000-4000-8000-000000000001',
      firstName: 'Ada',
      lastName: 'Lovelace',
      profilePhotoUrl: null,
    };
    const calls = serve((req) => {
      const path = pathOf(req);
      if (path === '/api/Taskstatuses') return jsonResponse(200, STATUSES);
      if (path === '/api/Taskpriorities') return jsonResponse(200, []);
      if (path === '/api/Project') return jsonResponse(200, paged([project()], 1, 200));
      if (path === '/api/Tasks/all')
        return jsonResponse(
          200,
          paged([task(1, 'Ship it', 'Open', { assignees: [ada] }), task(2, 'Plan it')], 2, 25),
        );
      return jsonResponse(404, null);
    });
    render(<AllTasksPage />, {
      route: `/app/all-tasks?projectId=${PROJECT_ID}&sortBy=dueDate`,
      preloadedState: session,
    });

    expect(await screen.findByRole('heading', { name: 'All tasks' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'All tasks' });
    expect(within(table).getAllByTestId('task-row')).toHaveLength(2);
    expect(within(table).getByRole('columnheader', { name: 'Assignees' })).toBeInTheDocument();
    expect(await screen.findByText('2 tasks across the company')).toBeInTheDocument();
    const get = calls.find((r) => pathOf(r) === '/api/Tasks/all');
    const params = get ? new URL(get.url).searchParams : new URLSearchParams();
    expect(params.get('projectId')).toBe(PROJECT_ID);
    expect(params.get('sortBy')).toBe('dueDate');
    expect(params.get('pageSize')).toBe('25');
    // No personal to-dos here: they are My Tasks' only.
    expect(calls.some((r) => pathOf(r) === '/api/Todos')).toBe(false);
    expect(await screen.findByRole('combobox', { name: 'Project' })).toHaveValue('Website');
  });
});
