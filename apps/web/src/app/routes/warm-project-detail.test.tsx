import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { OpenTaskProvider } from '../../features/tasks/task-link';
import { ProjectBoard } from '../../features/tasks/project-board';
import { jsonResponse, render, signedIn } from '../../test/render';
import { boardPage, pathOf, project, PROJECT_ID, serve, STATUSES, task } from '../../test/work-fixtures';
import { makeStore } from '../store';
import { warmProjectDetail } from './warm-project-detail';

vi.mock('./project-detail-loader', () => ({ loadProjectDetailRoute: vi.fn(() => Promise.resolve()) }));

const TASK = { ...task(1, 'Write the brief'), subtasks: [], documents: [] };

function warm(pathname: string, search: string, permissions: string[]) {
  const calls = serve((req) =>
    pathOf(req) === `/api/Project/${PROJECT_ID}` ? jsonResponse(200, project()) : jsonResponse(200, TASK),
  );
  const store = makeStore({ persist: false, preloadedState: signedIn({ permissions }) });
  store.dispatch(warmProjectDetail(pathname, search));
  return calls;
}

describe('warmProjectDetail (issue 28)', () => {
  it("starts the project's detail and the task named by ?task= together", async () => {
    const { loadProjectDetailRoute } = await import('./project-detail-loader');
    const calls = warm(`/app/project-detail/${PROJECT_ID}`, `?task=${TASK.taskId}`, [
      'project:read',
      'task:read',
    ]);
    await waitFor(() =>
      expect(calls.map(pathOf).sort()).toEqual(
        [`/api/Project/${PROJECT_ID}`, `/api/Tasks/${TASK.taskId}`].sort(),
      ),
    );
    expect(loadProjectDetailRoute).toHaveBeenCalled();
  });

  it('reads nothing it may not see, and nothing on another page', async () => {
    const noTask = warm(`/app/project-detail/${PROJECT_ID}`, `?task=${TASK.taskId}`, ['project:read']);
    await waitFor(() => expect(noTask.map(pathOf)).toEqual([`/api/Project/${PROJECT_ID}`]));
    expect(warm('/app/reports', `?task=${TASK.taskId}`, ['project:read', 'task:read'])).toEqual([]);
  });

  describe('the board (?tab=board)', () => {
    const BOARD = `/api/Tasks/projects/${PROJECT_ID}/board`;
    const FIELDS = `/api/CustomFields/projects/${PROJECT_ID}`;
    const me = signedIn().auth.user?.userId ?? '';
    const serveBoard = () =>
      serve((req) => {
        const path = pathOf(req);
        if (path === `/api/Project/${PROJECT_ID}`) return jsonResponse(200, project());
        if (path === FIELDS)
          return jsonResponse(200, { projectId: PROJECT_ID, fields: [], enabledFieldIds: [] });
        if (path === '/api/Taskstatuses') return jsonResponse(200, STATUSES);
        if (path === BOARD) return jsonResponse(200, boardPage([task(1, 'Write the brief')]));
        return jsonResponse(404, null);
      });
    const warmBoard = (search: string) => {
      const store = makeStore({
        persist: false,
        preloadedState: signedIn({ permissions: ['project:read', 'task:read'] }),
      });
      store.dispatch(warmProjectDetail(`/app/project-detail/${PROJECT_ID}`, search));
      return store;
    };

    it("starts the board's cards with the address's filters, the very read the board then finds", async () => {
      const calls = serveBoard();
      const search = '?tab=board&assignee=me&due=overdue';
      const store = warmBoard(search);
      await waitFor(() => expect(calls.filter((r) => pathOf(r) === BOARD)).toHaveLength(1));
      const params = new URL(calls.find((r) => pathOf(r) === BOARD)?.url ?? '').searchParams;
      expect(params.get('assignee')).toBe(me);
      expect(params.get('due')).toBe('overdue');
      expect(calls.filter((r) => pathOf(r) === FIELDS)).toHaveLength(1);

      // The board, opened on that address, shows the warmed cards without reading them again.
      render(
        <OpenTaskProvider>
          <ProjectBoard project={project()} />
        </OpenTaskProvider>,
        { store, route: `/app/project-detail/${PROJECT_ID}${search}` },
      );
      expect(await screen.findByText('Write the brief')).toBeInTheDocument();
      expect(calls.filter((r) => pathOf(r) === BOARD)).toHaveLength(1);
      expect(calls.filter((r) => pathOf(r) === FIELDS)).toHaveLength(1);
    });

    it('leaves a custom-field filter, another tab and a reader without task:read to the page', async () => {
      const calls = serveBoard();
      warmBoard('?tab=board&cf=50000000-0000-4000-8000-000000000001:x');
      warmBoard('?tab=lists');
      const store = makeStore({
        persist: false,
        preloadedState: signedIn({ permissions: ['project:read'] }),
      });
      store.dispatch(warmProjectDetail(`/app/project-detail/${PROJECT_ID}`, '?tab=board'));
      await waitFor(() =>
        expect(calls.filter((r) => pathOf(r) === `/api/Project/${PROJECT_ID}`)).toHaveLength(3),
      );
      // The dynamic imports settle before the board's read would start.
      await import('../../features/tasks/board-view');
      await new Promise((r) => setTimeout(r, 50));
      expect(calls.filter((r) => pathOf(r) === BOARD)).toHaveLength(0);
    });
  });
});
