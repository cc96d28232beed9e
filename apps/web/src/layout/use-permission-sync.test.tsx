import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { usersApi } from '../api/users-api';
import { jsonResponse, render, signedIn } from '../test/render';
import { usePermissionSync } from './use-permission-sync';

const session = signedIn({ permissions: ['project:read'] });
const me = session.auth.user;

function Probe() {
  usePermissionSync();
  return null;
}

/** /api/auth/me answers the permissions of its n-th call; /api/Users answers 403. */
function serve(answers: string[][]) {
  const meCalls: number[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(input, init);
      if (new URL(req.url).pathname === '/api/auth/me') {
        meCalls.push(meCalls.length);
        return jsonResponse(200, { user: me, permissions: answers[meCalls.length - 1] ?? [] });
      }
      return jsonResponse(403, null, { message: 'Forbidden' });
    }),
  );
  return meCalls;
}

describe('usePermissionSync', () => {
  it('reads /api/auth/me again when the window regains focus and takes its permissions', async () => {
    const meCalls = serve([['project:read'], ['project:read', 'task:create']]);
    const { store } = render(<Probe />, { preloadedState: session });
    await vi.waitFor(() => expect(meCalls).toHaveLength(1));
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await vi.waitFor(() =>
      expect(store.getState().auth.permissions).toEqual(['project:read', 'task:create']),
    );
    expect(meCalls).toHaveLength(2);
  });

  it('reads /api/auth/me again after a 403 and drops what the server no longer grants', async () => {
    const meCalls = serve([['project:read', 'user:read'], ['project:read']]);
    const { store } = render(<Probe />, { preloadedState: session });
    await vi.waitFor(() => expect(store.getState().auth.permissions).toEqual(['project:read', 'user:read']));
    expect(meCalls).toHaveLength(1);

    await act(async () => {
      await store.dispatch(usersApi.endpoints.getEmployee.initiate('00000000-0000-4000-8000-000000000009'));
    });
    await vi.waitFor(() => expect(store.getState().auth.permissions).toEqual(['project:read']));
    expect(meCalls).toHaveLength(2);
  });
});
