import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, signedIn } from '../../test/render';
import { pathOf, project, PROJECT_ID, serve, task } from '../../test/work-fixtures';
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
});
