import { render as rtlRender } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type InitialEntry, type RouteObject } from 'react-router';
import { AppThemeProvider } from '../app/providers';
import type { SessionUser } from '@taskhive/contract';
import { initialAuthState, type AuthState } from '../app/slices/auth-slice';
import { makeStore, type AppStore, type RootState } from '../app/store';

export interface RenderOptions {
  /** Where the memory router starts (a path, or a location with state). */
  route?: InitialEntry;
  /** Routes to mount; without them `ui` is mounted on every path. */
  routes?: RouteObject[];
  preloadedState?: Partial<RootState>;
  /** A store the test prepared (a warmed cache, say); else a new one from `preloadedState`. */
  store?: AppStore;
}

/** The one render helper of the web tests: store, theme and router, as the app has them. */
export function render(
  ui: ReactNode,
  { route = '/', routes, preloadedState, store: given }: RenderOptions = {},
) {
  const store = given ?? makeStore({ persist: false, preloadedState });
  const router = createMemoryRouter(routes ?? [{ path: '*', element: ui }], { initialEntries: [route] });
  const user = userEvent.setup();
  const result = rtlRender(
    <Provider store={store}>
      <AppThemeProvider>
        <RouterProvider router={router} />
      </AppThemeProvider>
    </Provider>,
  );
  return { ...result, store, router, user };
}

const USER = {
  userId: '00000000-0000-4000-8000-000000000001',
  email: 'ada@acme.test',
  firstName: 'Ada',
  lastName: 'Lovelace',
  role: 'Company Admin',
  roleName: 'Company Admin',
  roleId: '00000000-0000-4000-8000-000000000002',
  companyId: '00000000-0000-4000-8000-000000000003',
  companyName: 'Acme',
  departmentName: 'Engineering',
  profilePhotoUrl: null,
  mustChangePassword: false,
};

/** A signed-in session for tests. */
export function signedIn(
  overrides: Omit<Partial<AuthState>, 'user'> & { user?: Partial<SessionUser> } = {},
): {
  auth: AuthState;
} {
  const { user, ...rest } = overrides;
  return {
    auth: {
      ...initialAuthState,
      user: { ...USER, ...user },
      role: USER.roleName,
      companyId: USER.companyId,
      accessToken: 'access-1',
      isAuthenticated: true,
      permissions: [],
      ...rest,
    },
  };
}

/** A JSON answer in the API's envelope. */
export function jsonResponse(status: number, data: unknown, extra: Record<string, unknown> = {}): Response {
  return new Response(
    JSON.stringify({
      status: status < 400 ? 'success' : 'error',
      statusCode: status,
      message: extra.message ?? '',
      data,
      ...extra,
    }),
    { status, headers: { 'Content-Type': 'application/json' } },
  );
}
