import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { render, jsonResponse, signedIn } from '../test/render';
import { CompanyLayout } from './company-layout';

const routes = [
  { path: '/app', element: <CompanyLayout />, children: [{ index: true, element: <p>workspace home</p> }] },
];

describe('CompanyLayout start-up load', () => {
  it('shows a spinner, then an error panel with the message and Retry, then the layout', async () => {
    // A permission no start-up call but the profile's needs: the count below is the profile call's.
    const session = signedIn({ permissions: ['report:read'] });
    let fail = true;
    const streams: string[] = [];
    const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
      fail
        ? jsonResponse(500, null, { message: 'Database unavailable' })
        : jsonResponse(200, { user: session.auth.user, permissions: ['project:read', 'task:read'] }),
    );
    // The layout's live-updates stream (use-live-updates.ts) is told apart from the start-up reads.
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      if (new URL(url).pathname === '/api/events') {
        streams.push(url);
        return jsonResponse(503, null);
      }
      return fetch(input, init);
    });

    const { user, store } = render(null, { routes, route: '/app', preloadedState: session });

    expect(screen.getByRole('progressbar', { name: 'Loading your workspace' })).toBeInTheDocument();
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('Database unavailable');
    expect(store.getState().startup).toEqual({ status: 'failed', error: 'Database unavailable' });

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('workspace home')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Taskhive home' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByText('Version 1.0.0')).toBeInTheDocument();
    expect(store.getState().startup.status).toBe('succeeded');
    expect(store.getState().auth.permissions).toEqual(['project:read', 'task:read']);
    // The failed read was tried three times (two retries with back-off), the one after Retry once.
    // (The header's bell, which renders with the layout, asks for its count: not counted here.)
    const profileReads = fetch.mock.calls.filter(([input]) => {
      const url = input instanceof Request ? input.url : String(input);
      return new URL(url).pathname === '/api/auth/me';
    });
    expect(profileReads).toHaveLength(4);
    expect(streams.length).toBeGreaterThanOrEqual(1);
  });

  it('landing on the dashboard asks for its figures while the start-up load is still running', async () => {
    const session = signedIn({ permissions: ['report:read'] });
    const asked: string[] = [];
    let release: () => void = () => {};
    const startupHeld = new Promise<void>((r) => (release = r));
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      asked.push(url.pathname);
      if (url.pathname === '/api/events') return jsonResponse(503, null);
      if (url.pathname === '/api/dashboard/me') return jsonResponse(200, null);
      await startupHeld;
      return jsonResponse(200, { user: session.auth.user, permissions: ['report:read'] });
    });
    const dashboardRoutes = [
      {
        path: '/app',
        element: <CompanyLayout />,
        children: [{ path: 'dashboard', element: <p>dashboard</p> }],
      },
    ];
    render(null, { routes: dashboardRoutes, route: '/app/dashboard', preloadedState: session });

    expect(screen.getByRole('progressbar', { name: 'Loading your workspace' })).toBeInTheDocument();
    await vi.waitFor(() => expect(asked).toContain('/api/dashboard/me'));
    // The profile read of the start-up load has not answered yet.
    expect(screen.queryByText('dashboard')).not.toBeInTheDocument();
    release();
    expect(await screen.findByText('dashboard')).toBeInTheDocument();
    expect(asked.filter((p) => p === '/api/dashboard/me')).toHaveLength(1);
    // The page's chunk the warm-up asked for finishes loading before the test environment goes.
    await import('../features/dashboard/app-dashboard-page');
  });
});
