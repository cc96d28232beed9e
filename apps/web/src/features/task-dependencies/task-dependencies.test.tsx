import { DEPENDENCY_MESSAGES, type DependencyTask, type TaskDependencies } from '@taskhive/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, render, signedIn } from '../../test/render';
import { pathOf, serve } from '../../test/work-fixtures';
import { TaskDependenciesSection } from './task-dependencies';

const TASK = '20000000-0000-4000-8000-000000000001';
const other = (n: number, title: string, done = false): DependencyTask => ({
  taskId: `20000000-0000-4000-8000-00000000000${n}`,
  key: `WEB-${n}`,
  title,
  projectId: '10000000-0000-4000-8000-000000000001',
  projectName: 'Website',
  statusName: done ? 'Completed' : 'Open',
  statusColor: '#1976d2',
  done,
});
const design = other(2, 'Design');
const launch = other(3, 'Launch');
const CYCLE = 'This would make a cycle: WEB-1 → WEB-3 → WEB-1';

/** A server holding the task's dependencies: Design blocks it, it blocks nothing; adding Launch as a blocked task closes a cycle. */
function serveDependencies() {
  let deps: TaskDependencies = { taskId: TASK, blockedBy: [design], blocking: [] };
  const bodies: unknown[] = [];
  const calls = serve(async (req) => {
    const path = pathOf(req);
    if (path === '/api/TaskDependencies' && req.method === 'GET') return jsonResponse(200, deps);
    if (path === '/api/TaskDependencies/candidates') return jsonResponse(200, [launch]);
    if (path === '/api/TaskDependencies' && req.method === 'POST') {
      const body = (await req.json()) as { blockerTaskId: string; blockedTaskId: string };
      bodies.push(body);
      if (body.blockedTaskId === launch.taskId)
        return jsonResponse(400, null, { message: CYCLE, errors: { blockerTaskId: [CYCLE] } });
      deps = { ...deps, blockedBy: [...deps.blockedBy, launch] };
      return jsonResponse(201, deps);
    }
    if (path === `/api/TaskDependencies/${design.taskId}/${TASK}` && req.method === 'DELETE') {
      deps = { ...deps, blockedBy: deps.blockedBy.filter((t) => t.taskId !== design.taskId) };
      return jsonResponse(200, deps);
    }
    return jsonResponse(404, null);
  });
  return { calls, bodies };
}

const editor = () => signedIn({ permissions: ['task:read', 'task:update'] });

describe('TaskDependenciesSection', () => {
  it('lists the blockers with key, title and status; a click opens the task', async () => {
    serveDependencies();
    const onOpen = vi.fn();
    const { user } = render(<TaskDependenciesSection taskId={TASK} onOpen={onOpen} />, {
      preloadedState: editor(),
    });
    const list = await screen.findByRole('list', { name: DEPENDENCY_MESSAGES.blockedBy });
    const item = within(list).getByRole('listitem');
    expect(item).toHaveTextContent('WEB-2Design');
    expect(within(item).getByText('Open')).toBeInTheDocument();
    expect(screen.getByText(DEPENDENCY_MESSAGES.noneBlocking)).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: /Design/ }));
    expect(onOpen).toHaveBeenCalledWith(design.taskId);
  });

  it('adds a blocker found by search, and shows a refused cycle inline with the server’s message', async () => {
    const { bodies } = serveDependencies();
    const { user } = render(<TaskDependenciesSection taskId={TASK} onOpen={() => {}} />, {
      preloadedState: editor(),
    });
    // This task blocks Launch: the server refuses (a cycle), the message shows under the field.
    await user.click(await screen.findByRole('button', { name: DEPENDENCY_MESSAGES.addBlocking }));
    await user.type(screen.getByRole('combobox', { name: DEPENDENCY_MESSAGES.addBlocking }), 'Lau');
    await user.click(await screen.findByRole('option', { name: /WEB-3\s*Launch/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CYCLE);
    expect(bodies).toEqual([{ blockerTaskId: TASK, blockedTaskId: launch.taskId }]);
    // Launch blocks this task: added, and listed.
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: DEPENDENCY_MESSAGES.addBlocker }));
    await user.type(screen.getByRole('combobox', { name: DEPENDENCY_MESSAGES.addBlocker }), 'Lau');
    await user.click(await screen.findByRole('option', { name: /WEB-3\s*Launch/ }));
    const list = screen.getByRole('list', { name: DEPENDENCY_MESSAGES.blockedBy });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(bodies[1]).toEqual({ blockerTaskId: launch.taskId, blockedTaskId: TASK });
  });

  it('removes one; without task:update there is no Add or Remove', async () => {
    const { calls } = serveDependencies();
    const { user, unmount } = render(<TaskDependenciesSection taskId={TASK} onOpen={() => {}} />, {
      preloadedState: editor(),
    });
    await user.click(await screen.findByRole('button', { name: `${DEPENDENCY_MESSAGES.remove}: WEB-2` }));
    expect(await screen.findByText(DEPENDENCY_MESSAGES.noneBlockedBy)).toBeInTheDocument();
    expect(calls.some((r) => r.method === 'DELETE')).toBe(true);
    unmount();
    serveDependencies();
    render(<TaskDependenciesSection taskId={TASK} onOpen={() => {}} />, {
      preloadedState: signedIn({ permissions: ['task:read'] }),
    });
    await screen.findByRole('list', { name: DEPENDENCY_MESSAGES.blockedBy });
    expect(screen.queryByRole('button', { name: DEPENDENCY_MESSAGES.addBlocker })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove dependency/ })).toBeNull();
  });
});
