import { MESSAGES, type CompanyRole, type UserProfile } from '@taskhive/contract';
import { screen, waitForElementToBeRemoved, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { STARTUP_LOADERS } from '../../app/startup';
import { jsonResponse, render, signedIn } from '../../test/render';
import EmployeesPage from './employees-page';

const COMPANY = '00000000-0000-4000-8000-000000000003';

function person(n: number, firstName: string): UserProfile {
  return {
    userId: `00000000-0000-4000-8000-1000000000${String(n).padStart(2, '0')}`,
    companyId: COMPANY,
    email: `${firstName.toLowerCase()}@acme.test`,
    firstName,
    lastName: 'Tester',
    phone: null,
    jobTitle: null,
    status: 'active',
    roleId: null,
    roleName: 'Employee',
    departmentId: null,
    departmentName: null,
    profilePhotoUrl: null,
    timeZone: 'UTC',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

const PEOPLE = [person(1, 'Ada'), person(2, 'Bob'), person(3, 'Cy')];

const session = signedIn({
  permissions: ['employee:read:all', 'company:read', 'employee:delete'],
});

type Handler = (req: Request) => Response | Promise<Response>;
function serve(handler: Handler) {
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

const listCalls = (calls: Request[]) =>
  calls.filter((r) => r.method === 'GET' && new URL(r.url).pathname === '/api/CompanyUsers/details');

function rowNames() {
  return within(screen.getByRole('table', { name: 'Employees' }))
    .getAllByRole('link')
    .map((a) => a.textContent);
}

async function confirmDelete(user: ReturnType<typeof render>['user']) {
  const dialog = screen.getByRole('dialog');
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
  await waitForElementToBeRemoved(dialog);
}

const page = (items: UserProfile[], totalCount = items.length) =>
  jsonResponse(200, {
    items,
    totalCount,
    pageNumber: 1,
    pageSize: 50,
    totalPages: Math.ceil(totalCount / 50),
  });

describe('EmployeesPage', () => {
  it('removes a deleted row at once and puts it back in its place with the error when the server refuses', async () => {
    let refuse: (r: Response) => void = () => undefined;
    const calls = serve((req) => {
      if (req.method === 'DELETE') return new Promise<Response>((resolve) => (refuse = resolve));
      return page(PEOPLE);
    });
    const { user, store } = render(<EmployeesPage />, { preloadedState: session });

    await screen.findByRole('table', { name: 'Employees' });
    expect(rowNames()).toEqual(['Ada Tester', 'Bob Tester', 'Cy Tester']);
    expect(screen.getByText('3 people')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Bob Tester' }));
    await confirmDelete(user);

    // Gone before the server answers.
    expect(rowNames()).toEqual(['Ada Tester', 'Cy Tester']);
    expect(screen.getByText('2 people')).toBeInTheDocument();
    expect(calls.filter((r) => r.method === 'DELETE').map((r) => new URL(r.url).pathname)).toEqual([
      `/api/CompanyUsers/user/${PEOPLE[1]?.userId}`,
    ]);

    refuse(jsonResponse(409, null, { message: MESSAGES.users.lastAdmin }));

    await vi.waitFor(() => expect(rowNames()).toEqual(['Ada Tester', 'Bob Tester', 'Cy Tester']));
    expect(screen.getByText('3 people')).toBeInTheDocument();
    expect(store.getState().toast.queue.map((t) => [t.message, t.severity])).toEqual([
      [MESSAGES.users.lastAdmin, 'error'],
    ]);
    // The list was not reloaded to restore it: the undo did.
    expect(listCalls(calls)).toHaveLength(1);
  });

  it('keeps the row out and says so when the delete succeeds', async () => {
    serve((req) => (req.method === 'DELETE' ? jsonResponse(200, null) : page(PEOPLE)));
    const { user, store } = render(<EmployeesPage />, { preloadedState: session });
    await screen.findByRole('table', { name: 'Employees' });
    await user.click(screen.getByRole('button', { name: 'Delete Ada Tester' }));
    await confirmDelete(user);
    await vi.waitFor(() =>
      expect(store.getState().toast.queue.map((t) => t.message)).toEqual([MESSAGES.users.deleted]),
    );
    expect(rowNames()).toEqual(['Bob Tester', 'Cy Tester']);
  });

  it('puts an invited employee at the top and adds one to the count, without reloading the list', async () => {
    const invited = { ...person(9, 'Zed'), status: 'invited' as const };
    let sent: unknown = null;
    const calls = serve(async (req) => {
      if (req.method === 'POST') {
        sent = await req.json();
        return jsonResponse(201, invited);
      }
      return page(PEOPLE);
    });
    const { user } = render(<EmployeesPage />, {
      preloadedState: signedIn({ permissions: ['employee:read:all', 'company:read', 'employee:create'] }),
    });
    await screen.findByRole('table', { name: 'Employees' });

    await user.click(screen.getByRole('button', { name: 'Invite employee' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(within(dialog).getByText('First name is required')).toBeInTheDocument();
    expect(calls.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /^First name/ }), 'Zed');
    await user.type(within(dialog).getByRole('textbox', { name: /^Last name/ }), 'Tester');
    await user.type(within(dialog).getByRole('textbox', { name: /^Email address/ }), 'zed@acme.test');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // No role chosen: the API gives the company's default one.
    expect(sent).toEqual({
      firstName: 'Zed',
      lastName: 'Tester',
      email: 'zed@acme.test',
      phone: null,
      jobTitle: null,
      departmentId: null,
    });
    expect(rowNames()).toEqual(['Zed Tester', 'Ada Tester', 'Bob Tester', 'Cy Tester']);
    expect(screen.getByText('4 people')).toBeInTheDocument();
    expect(listCalls(calls)).toHaveLength(1);
  });

  it('goes back to page 1 when the search or the sort changes, and searches only after typing stops', async () => {
    const many = Array.from({ length: 50 }, (_v, i) => person(i, `P${String(i).padStart(2, '0')}`));
    const calls = serve(() => page(many, 120));
    const { user } = render(<EmployeesPage />, { preloadedState: session });
    await screen.findByRole('table', { name: 'Employees' });

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await vi.waitFor(() =>
      expect(new URL(listCalls(calls).at(-1)?.url ?? '').searchParams.get('page')).toBe('2'),
    );

    const before = listCalls(calls).length;
    await user.type(screen.getByRole('textbox', { name: 'Search employees' }), 'ada');
    await vi.waitFor(() => expect(listCalls(calls).length).toBe(before + 1));
    const searched = new URL(listCalls(calls).at(-1)?.url ?? '').searchParams;
    // One request for the whole word (debounced), from page 1.
    expect(searched.get('search')).toBe('ada');
    expect(searched.get('page')).toBe('1');

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await vi.waitFor(() =>
      expect(new URL(listCalls(calls).at(-1)?.url ?? '').searchParams.get('page')).toBe('2'),
    );
    await user.click(screen.getByRole('button', { name: 'Role' }));
    await vi.waitFor(() => {
      const sorted = new URL(listCalls(calls).at(-1)?.url ?? '').searchParams;
      expect([sorted.get('sortBy'), sorted.get('page'), sorted.get('search')]).toEqual([
        'roleName',
        '1',
        'ada',
      ]);
    });
  });

  it('reads the company roles from the one cached list: no second request for CompanyRoles', async () => {
    const role = (n: number, roleName: string): CompanyRole => ({
      companyRoleId: `00000000-0000-4000-8000-3000000000${String(n).padStart(2, '0')}`,
      roleName,
      description: null,
      isActive: true,
      defaultRole: n === 1,
      isProtected: false,
      userCount: 0,
      permissions: [],
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
    const roles = [role(1, 'Employee'), role(2, 'Manager')];
    const calls = serve((req) =>
      new URL(req.url).pathname === '/api/CompanyRoles'
        ? jsonResponse(200, { items: roles, totalCount: 2, pageNumber: 1, pageSize: 100, totalPages: 1 })
        : page(PEOPLE),
    );
    const permissions = ['employee:read:all', 'company:read', 'companyrole:read'] as const;
    const { store, user } = render(<EmployeesPage />, {
      preloadedState: signedIn({ permissions: [...permissions] }),
    });
    await screen.findByRole('table', { name: 'Employees' });

    // The start-up load of the company area asks for the roles too (spec section 3).
    const loader = STARTUP_LOADERS.find((l) => l.key === 'companyRoles');
    await loader?.load(store.dispatch, store.getState().auth);

    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    expect(screen.getByRole('option', { name: 'Manager' })).toBeInTheDocument();
    const roleCalls = calls.filter((r) => new URL(r.url).pathname === '/api/CompanyRoles');
    expect(roleCalls).toHaveLength(1);
  });
});
