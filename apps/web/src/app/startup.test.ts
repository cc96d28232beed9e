import type { Permission } from '@taskhive/contract';
import { describe, expect, it } from 'vitest';
import { jsonResponse, signedIn } from '../test/render';
import { paged, pathOf, serve, STATUSES } from '../test/work-fixtures';
import { makeStore } from './store';
import { loadStartupData } from './startup';

function answer(req: Request) {
  const path = pathOf(req);
  if (path === '/api/Taskstatuses') return jsonResponse(200, STATUSES);
  if (path === '/api/auth/me') return jsonResponse(200, { user: signedIn().auth.user, permissions: [] });
  return jsonResponse(200, paged([]));
}

async function loadWith(permissions: Permission[]) {
  const calls = serve(answer);
  const store = makeStore({ persist: false, preloadedState: signedIn({ permissions }) });
  await store.dispatch(loadStartupData());
  return { store, paths: calls.map(pathOf) };
}

describe('start-up load of issue 9', () => {
  it('loads the statuses, the first page of projects and my tasks for a user who reads projects and tasks', async () => {
    const { store, paths } = await loadWith(['project:read', 'task:read']);
    expect(store.getState().startup.status).toBe('succeeded');
    expect(paths).toEqual(
      expect.arrayContaining(['/api/Taskstatuses', '/api/Project', '/api/Tasks/users/mytasks']),
    );
    expect(paths.filter((p) => p === '/api/Project')).toHaveLength(1);
  });

  it('loads the statuses and my tasks, but no projects, with task:read alone', async () => {
    const { paths } = await loadWith(['task:read']);
    expect(paths).toContain('/api/Taskstatuses');
    expect(paths).toContain('/api/Tasks/users/mytasks');
    expect(paths).not.toContain('/api/Project');
  });

  it('loads none of them without project:read or task:read', async () => {
    const { paths } = await loadWith(['report:read']);
    expect(paths.filter((p) => /Taskstatuses|Project|mytasks/.test(p))).toEqual([]);
  });
});
