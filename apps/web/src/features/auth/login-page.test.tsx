import { MESSAGES } from '@taskhive/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import { jsonResponse, render, signedIn } from '../../test/render';
import LoginPage from './login-page';

function Here() {
  const { pathname, search } = useLocation();
  return <p>now at {pathname + search}</p>;
}

const routes = [
  { path: '/', element: <LoginPage /> },
  { path: '*', element: <Here /> },
];

async function fillAndSubmit(user: ReturnType<typeof render>['user']) {
  await user.type(screen.getByLabelText(/Email address/), 'Ada@Acme.test');
  await user.type(screen.getByLabelText(/^Password/), 'Secret#123');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginPage', () => {
  it('shows the login-failed message on a 401 and keeps the visitor signed out', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(401, null, { message: 'Invalid credentials' })),
    );
    const { user, store } = render(null, { routes });
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.auth.loginFailed);
    expect(store.getState().auth).toMatchObject({
      isAuthenticated: false,
      accessToken: null,
      authLoading: false,
    });
  });

  it("shows the server's reason for a 403 (inactive company)", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(403, null, { message: MESSAGES.auth.companyInactive })),
    );
    const { user } = render(null, { routes });
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.auth.companyInactive);
  });

  it('signs in, stores the session and returns to the page the visitor came from', async () => {
    const { auth } = signedIn({ permissions: ['project:read'] });
    const fetch = vi.fn(async (req: Request) => {
      expect(await req.json()).toEqual({ email: 'ada@acme.test', password: 'Secret#123' });
      return jsonResponse(200, {
        token: 't',
        accessToken: 't',
        refreshToken: 'r',
        user: auth.user,
        permissions: ['project:read'],
      });
    });
    vi.stubGlobal('fetch', fetch);
    const { user, store } = render(null, {
      routes,
      route: { pathname: '/', state: { from: '/app/project?page=2' } },
    });
    await fillAndSubmit(user);
    expect(await screen.findByText('now at /app/project?page=2')).toBeInTheDocument();
    // The refresh token stays in the HttpOnly cookie; the web app keeps no copy.
    expect(store.getState().auth).not.toHaveProperty('refreshToken');
    expect(store.getState().auth).toMatchObject({
      isAuthenticated: true,
      accessToken: 't',
      permissions: ['project:read'],
      companyId: auth.companyId,
    });
  });

  it('validates the email format and required password before calling the API', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { user } = render(null, { routes });
    await user.type(screen.getByLabelText(/Email address/), 'nope');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('starts loading the workspace as a valid form is sent, and not for an invalid one', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(401, null, { message: 'Invalid credentials' })),
    );
    const preloadWorkspace = vi.fn();
    const { user } = render(null, {
      routes: [{ path: '/', element: <LoginPage preloadWorkspace={preloadWorkspace} /> }],
    });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(preloadWorkspace).not.toHaveBeenCalled();
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.auth.loginFailed);
    expect(preloadWorkspace).toHaveBeenCalledTimes(1);
  });
});
