import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../../lib/menu';
import { jsonResponse, render, signedIn } from '../../test/render';
import { paged, pathOf, project, serve, task } from '../../test/work-fixtures';
import { PaletteLauncher } from './palette-launcher';

const menu: MenuItem[] = [
  {
    id: 'ws',
    title: 'My Workspace',
    type: 'group',
    children: [
      { id: 'dashboard', title: 'Dashboard', type: 'item', url: '/app/dashboard' },
      {
        id: 'reports',
        title: 'Reports',
        type: 'item',
        url: '/app/reports',
        permission: { anyOf: ['report:read'] },
      },
      {
        id: 'audit',
        title: 'Audit log',
        type: 'item',
        url: '/app/audit',
        permission: { anyOf: ['audit:read'] },
      },
    ],
  },
];

const grace = {
  userId: '00000000-0000-4000-8000-000000000077',
  firstName: 'Grace',
  lastName: 'Webster',
  profilePhotoUrl: null,
};

function setup(permissions: string[]) {
  const calls = serve((req) => {
    const path = pathOf(req);
    if (path === '/api/Tasks/all' || path === '/api/Tasks/users/mytasks')
      return jsonResponse(200, paged([task(1, 'Website copy'), task(2, 'Web fonts')]));
    if (path === '/api/Tasks/key/WEB-7')
      return jsonResponse(200, { ...task(7, 'Fix the header'), subtasks: [], documents: [] });
    if (path === '/api/Project') return jsonResponse(200, paged([project()]));
    if (path === '/api/CompanyUsers/directory') return jsonResponse(200, [grace]);
    return jsonResponse(404, null);
  });
  const ui = (
    <>
      <input aria-label="Notes" />
      <div role="menu">
        <button role="menuitem">Copy</button>
      </div>
      <PaletteLauncher
        menu={menu}
        renderCreateTask={(close) => <button onClick={close}>quick create</button>}
      />
    </>
  );
  const r = render(null, {
    routes: [{ path: '*', element: ui }],
    route: '/app/dashboard',
    preloadedState: signedIn({ permissions: permissions as never }),
  });
  return { ...r, calls };
}

const ALL = [
  'task:read',
  'task:read:all',
  'task:create',
  'project:read',
  'employee:read',
  'comment:read',
  'report:read',
];

describe('Command palette', () => {
  it('opens on Ctrl+K, lists results by kind, moves with the arrows and opens with Enter', async () => {
    const { user, router, calls } = setup(ALL);
    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Search and commands' });
    const field = within(dialog).getByRole('combobox', { name: /search tasks/i });
    expect(field).toHaveFocus();
    // Empty: the screens the user may open and the actions.
    const list = within(dialog).getByRole('listbox', { name: 'Results' });
    expect(within(list).getByRole('option', { name: 'Go to Reports' })).toBeInTheDocument();
    expect(within(list).queryByRole('option', { name: 'Go to Audit log' })).toBeNull();
    expect(within(list).getByRole('option', { name: 'Create task…' })).toBeInTheDocument();

    await user.type(field, 'web');
    const tasks = await within(list).findByRole('group', { name: 'Tasks' });
    expect(within(tasks).getAllByRole('option')).toHaveLength(2);
    expect(within(tasks).getAllByRole('option')[0]).toHaveTextContent('WEB-1Website copy');
    expect(within(list).getByRole('group', { name: 'Projects' })).toHaveTextContent('Website');
    expect(within(list).getByRole('group', { name: 'People' })).toHaveTextContent('Grace Webster');
    // Asked once, after typing rested, from All Tasks (task:read:all) with a small page.
    const taskCalls = calls.filter((c) => pathOf(c) === '/api/Tasks/all');
    expect(taskCalls).toHaveLength(1);
    const params = new URL(taskCalls[0]?.url ?? 'http://x').searchParams;
    expect(params.get('search')).toBe('web');
    expect(params.get('pageSize')).toBe('5');

    const options = within(list).getAllByRole('option');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(options[2]).toHaveAttribute('aria-selected', 'true');
    expect(field).toHaveAttribute('aria-activedescendant', options[2]?.id ?? '');
    await user.keyboard('{ArrowUp}');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(router.state.location.pathname).toBe(`/app/project-detail/${project().projectId}`);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('finds a task by its key through My Tasks and the key endpoint, and Escape closes', async () => {
    const { user, router, calls } = setup(['task:read']);
    await user.click(screen.getByRole('button', { name: 'Search and commands' }));
    const field = await screen.findByRole('combobox', { name: /search tasks/i });
    await user.type(field, 'web-7');
    const option = await screen.findByRole('option', { name: /WEB-7/ });
    expect(calls.some((c) => pathOf(c) === '/api/Tasks/users/mytasks')).toBe(true);
    expect(calls.some((c) => pathOf(c) === '/api/Tasks/all')).toBe(false);
    // No project:read, no employee:read: neither is asked.
    expect(
      calls.some((c) => pathOf(c) === '/api/Project' || pathOf(c) === '/api/CompanyUsers/directory'),
    ).toBe(false);
    expect(option).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/app/dashboard');

    await user.keyboard('{Control>}k{/Control}');
    await user.type(await screen.findByRole('combobox', { name: /search tasks/i }), 'WEB-7');
    await screen.findByRole('option', { name: /WEB-7/ });
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/app/t/WEB-7');
  });

  it('says when nothing matches, and opens Create task from its action', async () => {
    const { user } = setup(['task:create']);
    await user.keyboard('{Control>}k{/Control}');
    const field = await screen.findByRole('combobox', { name: /search tasks/i });
    await user.type(field, 'zzz');
    expect(await screen.findByRole('status')).toHaveTextContent('No matches for “zzz”');
    await user.clear(field);
    await user.type(field, 'create');
    await user.click(await screen.findByRole('option', { name: 'Create task…' }));
    expect(await screen.findByRole('button', { name: 'quick create' })).toBeInTheDocument();
  });
});

describe('Keyboard shortcuts', () => {
  it('opens help with ?, goes to screens with g then a key, creates with c, and never fires in a field', async () => {
    const { user, router } = setup(ALL);
    // In a field the keys are text.
    await user.click(screen.getByRole('textbox', { name: 'Notes' }));
    await user.keyboard('?gpc');
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveValue('?gpc');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/app/dashboard');

    // In an open menu, letters pick its items.
    await user.click(screen.getByRole('menuitem', { name: 'Copy' }));
    await user.keyboard('c?');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'quick create' })).toBeNull();

    act(() => (document.activeElement as HTMLElement).blur());
    await user.keyboard('?');
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(help).toHaveTextContent('Go to Projects');
    expect(help).toHaveTextContent('Search and commands');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.keyboard('gp');
    expect(router.state.location.pathname).toBe('/app/project');
    await user.keyboard('gt');
    expect(router.state.location.pathname).toBe('/app/tasks');
    await user.keyboard('gd');
    expect(router.state.location.pathname).toBe('/app/dashboard');

    await user.keyboard('c');
    expect(await screen.findByRole('button', { name: 'quick create' })).toBeInTheDocument();
  });

  it('leaves out what the user may not do', async () => {
    const { user, router } = setup([]);
    await user.keyboard('gp');
    expect(router.state.location.pathname).toBe('/app/dashboard');
    await user.keyboard('c');
    expect(screen.queryByRole('button', { name: 'quick create' })).toBeNull();
  });
});
