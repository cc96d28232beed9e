import { screen, waitFor } from '@testing-library/react';
import { IMPERSONATION_MESSAGES, ROLES } from '@taskhive/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, render, signedIn } from '../../test/render';
import { impersonationEnd } from './impersonation-api';
import { ImpersonationBanner, timeLeft } from './impersonation-banner';
import { ImpersonationCard } from './impersonation-card';

const COMPANY = '00000000-0000-4000-8000-000000000042';
const ADMIN = '00000000-0000-4000-8000-000000000007';
const ROOT = '00000000-0000-4000-8000-000000000001';

/** An unsigned token with these claims (the web only reads them). */
const tokenWith = (claims: object) =>
  `h.${btoa(JSON.stringify({ sub: ADMIN, ...claims }))
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_')}.s`;

const user = (userId: string, role: string, companyId: string) => ({
  userId,
  email: `${userId.slice(-2)}@example.test`,
  firstName: role === ROLES.superAdmin ? 'Root' : 'Ada',
  lastName: 'Admin',
  role,
  roleName: role,
  roleId: null,
  companyId,
  companyName: 'Acme',
  departmentName: null,
});

const impersonation = (expiresAt: string) => ({
  actingAs: { userId: ADMIN, name: 'Ada Admin', email: 'ada@acme.test' },
  companyId: COMPANY,
  companyName: 'Acme',
  by: { userId: ROOT, name: 'Root Admin' },
  reason: 'Ticket 4711',
  expiresAt,
});

function serve(handler: (req: Request) => Response | Promise<Response>) {
  const calls: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(input, init);
      calls.push(req);
      return handler(req);
    }),
  );
  return calls;
}

/** The banner in the company area only, as the company layout has it. */
const AREAS = [
  { path: '/app/*', element: <ImpersonationBanner /> },
  { path: '/super-admin/*', element: <p>Platform screens</p> },
];

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('impersonationEnd', () => {
  it("reads the imp claim's end; null for another token or none", () => {
    expect(impersonationEnd(tokenWith({ imp: { exp: 1_900_000_000 } }))).toBe(1_900_000_000);
    expect(impersonationEnd(tokenWith({}))).toBeNull();
    expect(impersonationEnd('not-a-token')).toBeNull();
    expect(impersonationEnd(null)).toBeNull();
  });

  it('writes the time left as minutes and seconds', () => {
    expect(timeLeft(3599)).toBe('59:59');
    expect(timeLeft(3600)).toBe('1:00:00');
    expect(timeLeft(65)).toBe('1:05');
    expect(timeLeft(-3)).toBe('0:00');
  });
});

describe('ImpersonationBanner', () => {
  it('renders nothing for a session that is no impersonation', () => {
    serve(() => jsonResponse(200, null));
    render(<ImpersonationBanner />, { preloadedState: signedIn({ accessToken: tokenWith({}) }) });
    expect(screen.queryByRole('region', { name: 'Impersonation' })).toBeNull();
  });

  it("sends the Super Admin's own session in the company area to their screens (a reload mid-impersonation)", async () => {
    serve(() => jsonResponse(200, null));
    const { router } = render(<ImpersonationBanner />, {
      route: '/app/dashboard',
      preloadedState: signedIn({
        accessToken: tokenWith({}),
        user: user(ROOT, ROLES.superAdmin, '00000000-0000-4000-8000-000000000099'),
      }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/super-admin/dashboard'));
  });

  it('says whom, why and the time left; "End impersonation" gives the own session back', async () => {
    const exp = Math.floor(Date.now() / 1000) + 30 * 60;
    const calls = serve((req) => {
      const path = new URL(req.url).pathname;
      if (path === '/api/auth/impersonation')
        return jsonResponse(200, impersonation(new Date(exp * 1000).toISOString()));
      if (path === '/api/auth/impersonation/end')
        return jsonResponse(200, {
          token: 'own',
          accessToken: 'own',
          user: user(ROOT, ROLES.superAdmin, '00000000-0000-4000-8000-000000000099'),
          permissions: ['company:read:all'],
        });
      return jsonResponse(404, null);
    });
    const {
      store,
      router,
      user: u,
    } = render(null, {
      routes: AREAS,
      route: '/app/dashboard',
      preloadedState: signedIn({
        accessToken: tokenWith({ imp: { exp } }),
        companyId: COMPANY,
        user: user(ADMIN, ROLES.companyAdmin, COMPANY),
      }),
    });
    const banner = await screen.findByRole('region', { name: 'Impersonation' });
    expect(
      await screen.findByText(/Acting as Ada Admin \(ada@acme.test\), Company Admin of Acme/),
    ).toBeInTheDocument();
    expect(banner).toHaveTextContent('Reason: Ticket 4711');
    expect(banner).toHaveTextContent(/(29:5\d|30:00) left/);

    await u.click(screen.getByRole('button', { name: IMPERSONATION_MESSAGES.endImpersonation }));
    await waitFor(() => expect(store.getState().auth.accessToken).toBe('own'));
    expect(
      calls.some((r) => new URL(r.url).pathname === '/api/auth/impersonation/end' && r.method === 'POST'),
    ).toBe(true);
    expect(store.getState().auth.user?.userId).toBe(ROOT);
    expect(router.state.location.pathname).toBe(`/super-admin/companies/${COMPANY}`);
  });

  it('ends by itself at the limit and returns to the Super Admin screens', async () => {
    const exp = Math.floor(Date.now() / 1000) - 1;
    serve((req) => {
      const path = new URL(req.url).pathname;
      if (path === '/api/auth/impersonation/end')
        return jsonResponse(200, {
          token: 'own',
          accessToken: 'own',
          user: user(ROOT, ROLES.superAdmin, '00000000-0000-4000-8000-000000000099'),
          permissions: [],
        });
      return jsonResponse(200, impersonation(new Date(exp * 1000).toISOString()));
    });
    const { store, router } = render(null, {
      routes: AREAS,
      route: '/app/project',
      preloadedState: signedIn({ accessToken: tokenWith({ imp: { exp } }), companyId: COMPANY }),
    });
    await waitFor(() => expect(store.getState().auth.accessToken).toBe('own'));
    expect(router.state.location.pathname).toBe(`/super-admin/companies/${COMPANY}`);
    expect(store.getState().toast.queue.map((t) => t.message)).toContain(IMPERSONATION_MESSAGES.expired);
  });
});

describe('ImpersonationCard', () => {
  it('asks for a reason, then switches to the admin session on the company screens', async () => {
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const calls = serve((req) => {
      const path = new URL(req.url).pathname;
      if (path === `/api/Companies/${COMPANY}/impersonate`)
        return jsonResponse(201, {
          token: tokenWith({ imp: { exp } }),
          accessToken: tokenWith({ imp: { exp } }),
          user: user(ADMIN, ROLES.companyAdmin, COMPANY),
          permissions: ['project:create'],
          impersonation: impersonation(new Date(exp * 1000).toISOString()),
        });
      return jsonResponse(404, null);
    });
    const {
      store,
      router,
      user: u,
    } = render(<ImpersonationCard companyId={COMPANY} />, {
      route: `/super-admin/companies/${COMPANY}`,
      preloadedState: signedIn({
        user: user(ROOT, ROLES.superAdmin, '00000000-0000-4000-8000-000000000099'),
      }),
    });
    await u.click(screen.getByRole('button', { name: IMPERSONATION_MESSAGES.actAs }));
    const dialog = await screen.findByRole('dialog');
    // No reason: refused in the form, nothing sent.
    await u.click(dialog.querySelector('button[type="submit"]') as HTMLElement);
    expect(await screen.findByText(IMPERSONATION_MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await u.type(screen.getByRole('textbox', { name: /Reason/ }), 'Ticket 4711');
    await u.click(dialog.querySelector('button[type="submit"]') as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
    expect(await calls[0]?.json()).toEqual({ reason: 'Ticket 4711' });
    await waitFor(() => expect(store.getState().auth.user?.userId).toBe(ADMIN));
    expect(store.getState().auth.permissions).toEqual(['project:create']);
  });
});
