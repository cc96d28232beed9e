import { act, screen } from '@testing-library/react';
import { MESSAGES } from '@taskhive/contract';
import { describe, expect, it, vi } from 'vitest';
import { Outlet, useLocation, type RouteObject } from 'react-router';
import { jsonResponse, render, signedIn } from '../test/render';
import type { ReturnState } from '../lib/return-state';
import { DashboardRedirect, RequireAuth } from './guards';
import { authActions } from './slices/auth-slice';

function Where({ name }: { name: string }) {
  const location = useLocation();
  const from = (location.state as ReturnState | null)?.from;
  return (
    <p>
      {name} at {location.pathname}
      {from ? ` from ${from}` : ''}
    </p>
  );
}

const routes: RouteObject[] = [
  { path: '/', element: <Where name="login" /> },
  { path: '/unauthorized', element: <Where name="unauthorized" /> },
  { path: '/dashboard', element: <DashboardRedirect /> },
  { path: '/app/dashboard', element: <Where name="company dashboard" /> },
  { path: '/super-admin/dashboard', element: <Where name="platform dashboard" /> },
  {
    path: '/app',
    element: (
      <RequireAuth>
        <Outlet />
      </RequireAuth>
    ),
    children: [
      { path: 'open', element: <Where name="open page" /> },
      {
        path: 'any',
        element: (
          <RequireAuth requires={{ anyOf: ['project:read', 'task:read'] }}>
            <Where name="any page" />
          </RequireAuth>
        ),
      },
      {
        path: 'both',
        element: (
          <RequireAuth requires={{ allOf: ['employee:read:all', 'company:read'] }}>
            <Where name="both page" />
          </RequireAuth>
        ),
      },
    ],
  },
  {
    path: '/super-admin/area',
    element: (
      <RequireAuth requires={{ allOf: ['company:read'] }} superAdminOnly>
        <Where name="platform page" />
      </RequireAuth>
    ),
  },
];

describe('RequireAuth', () => {
  it('sends a visitor to / and remembers the page with its query', async () => {
    render(null, { routes, route: '/app/any?tab=2' });
    expect(await screen.findByText('login at / from /app/any?tab=2')).toBeInTheDocument();
  });

  it('lets any signed-in user into a route with no permission', async () => {
    render(null, { routes, route: '/app/open', preloadedState: signedIn() });
    expect(await screen.findByText('open page at /app/open')).toBeInTheDocument();
  });

  it('sends a signed-in user without the permission to /unauthorized', async () => {
    render(null, { routes, route: '/app/any', preloadedState: signedIn({ permissions: ['report:read'] }) });
    expect(await screen.findByText('unauthorized at /unauthorized')).toBeInTheDocument();
  });

  it('anyOf: one of the listed permissions is enough', async () => {
    render(null, { routes, route: '/app/any', preloadedState: signedIn({ permissions: ['task:read'] }) });
    expect(await screen.findByText('any page at /app/any')).toBeInTheDocument();
  });

  it('allOf: one of two is not enough', async () => {
    render(null, {
      routes,
      route: '/app/both',
      preloadedState: signedIn({ permissions: ['employee:read:all'] }),
    });
    expect(await screen.findByText('unauthorized at /unauthorized')).toBeInTheDocument();
  });

  it('allOf: holding both lets the user in', async () => {
    render(null, {
      routes,
      route: '/app/both',
      preloadedState: signedIn({ permissions: ['employee:read:all', 'company:read'] }),
    });
    expect(await screen.findByText('both page at /app/both')).toBeInTheDocument();
  });

  it('keeps a Company Admin holding company:read out of the platform area', async () => {
    render(null, {
      routes,
      route: '/super-admin/area',
      preloadedState: signedIn({ permissions: ['company:read'] }),
    });
    expect(await screen.findByText('unauthorized at /unauthorized')).toBeInTheDocument();
  });

  it('lets the Super Admin with company:read into the platform area', async () => {
    render(null, {
      routes,
      route: '/super-admin/area',
      preloadedState: signedIn({
        permissions: ['company:read'],
        user: { role: 'Super Admin', roleName: 'Super Admin' },
      }),
    });
    expect(await screen.findByText('platform page at /super-admin/area')).toBeInTheDocument();
  });

  it('shows a progress bar instead of the page while the session loads', async () => {
    render(null, { routes, route: '/app/open', preloadedState: signedIn({ authLoading: true }) });
    expect(await screen.findByRole('progressbar', { name: 'Checking your session' })).toBeInTheDocument();
    expect(screen.queryByText(/open page/)).not.toBeInTheDocument();
  });
});

describe('RequireAuth after a reload (a stored session holds no token)', () => {
  function serve(refresh: () => Response) {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (req: Request) => {
        calls.push(`${new URL(req.url).pathname} ${req.credentials}`);
        return refresh();
      }),
    );
    return calls;
  }

  it('gets an access token from the refresh cookie before the page (and its start-up load) mounts', async () => {
    const calls = serve(() =>
      jsonResponse(200, { token: 'access-2', accessToken: 'access-2', refreshToken: 'r' }),
    );
    const { store } = render(null, {
      routes,
      route: '/app/open',
      preloadedState: signedIn({ accessToken: null }),
    });
    expect(screen.getByRole('progressbar', { name: 'Checking your session' })).toBeInTheDocument();
    expect(await screen.findByText('open page at /app/open')).toBeInTheDocument();
    expect(calls).toEqual(['/api/auth/refresh-token same-origin']);
    expect(store.getState().auth).toMatchObject({ accessToken: 'access-2', authLoading: false });
  });

  it('sends the user to sign in, remembering the page, when the refresh is refused', async () => {
    const calls = serve(() => jsonResponse(401, null, { message: MESSAGES.auth.refreshFailed }));
    const { store } = render(null, {
      routes,
      route: '/app/open',
      preloadedState: signedIn({ accessToken: null }),
    });
    expect(await screen.findByText('login at / from /app/open')).toBeInTheDocument();
    expect(calls).toEqual(['/api/auth/refresh-token same-origin']);
    expect(store.getState().auth).toMatchObject({
      isAuthenticated: false,
      error: MESSAGES.auth.sessionExpired,
    });
  });
});

describe('RequireAuth when the session ends on a guarded page', () => {
  it('after a deliberate sign-out goes to / without remembering the page', async () => {
    const { store } = render(null, { routes, route: '/app/open', preloadedState: signedIn() });
    expect(await screen.findByText('open page at /app/open')).toBeInTheDocument();
    act(() => {
      store.dispatch(authActions.sessionCleared());
    });
    expect(await screen.findByText('login at /')).toBeInTheDocument();
  });

  it('after the session expired goes to / and remembers the page', async () => {
    const { store } = render(null, { routes, route: '/app/open', preloadedState: signedIn() });
    expect(await screen.findByText('open page at /app/open')).toBeInTheDocument();
    act(() => {
      store.dispatch(authActions.sessionExpired());
    });
    expect(await screen.findByText('login at / from /app/open')).toBeInTheDocument();
  });
});

describe('DashboardRedirect', () => {
  it('sends a visitor to /', async () => {
    render(null, { routes, route: '/dashboard' });
    expect(await screen.findByText('login at /')).toBeInTheDocument();
  });

  it('sends a company user to /app/dashboard', async () => {
    render(null, { routes, route: '/dashboard', preloadedState: signedIn() });
    expect(await screen.findByText('company dashboard at /app/dashboard')).toBeInTheDocument();
  });

  it('sends the Super Admin (matched by roleName) to /super-admin/dashboard', async () => {
    render(null, {
      routes,
      route: '/dashboard',
      preloadedState: signedIn({ user: { role: 'platform', roleName: 'Super Admin' } }),
    });
    expect(await screen.findByText('platform dashboard at /super-admin/dashboard')).toBeInTheDocument();
  });
});
