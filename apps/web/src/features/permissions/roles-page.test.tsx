import { MESSAGES, PAGE_SIZE, ROLES, type Role } from '@taskhive/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, render, signedIn } from '../../test/render';
import RolesPage from './roles-page';

const COMPANY = { companyId: '00000000-0000-4000-8000-700000000001', name: 'Acme' };
const session = signedIn({
  user: { role: ROLES.superAdmin, roleName: ROLES.superAdmin },
  permissions: ['role:read', 'role:create', 'role:update', 'role:delete'],
});

function role(n: number, name: string): Role {
  return {
    roleId: `00000000-0000-4000-8000-8000000000${String(n).padStart(2, '0')}`,
    name,
    roleType: 'platform',
    companyId: null,
    description: null,
    isActive: true,
    permissionCount: 3,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}
const roles = [role(1, ROLES.superAdmin), role(2, 'Support')];

function serve() {
  const calls: { method: string; url: URL; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(input, init);
      const text = await req.text();
      calls.push({ method: req.method, url: new URL(req.url), body: text ? JSON.parse(text) : null });
      if (req.method === 'PUT')
        return jsonResponse(200, { ...role(2, 'Support'), ...(JSON.parse(text) as object) });
      return jsonResponse(200, {
        items: roles,
        totalCount: 2,
        pageNumber: 1,
        pageSize: PAGE_SIZE.roles,
        totalPages: 1,
      });
    }),
  );
  return calls;
}

describe('RolesPage', () => {
  it('locks the protected role and renames and deactivates another with "Role Updated Successfully"', async () => {
    const calls = serve();
    const { user, store } = render(<RolesPage companyOptions={[COMPANY]} />, { preloadedState: session });
    await screen.findByText('Support');

    expect(screen.getByLabelText(`${ROLES.superAdmin} is protected`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Rename ${ROLES.superAdmin}` })).toBeDisabled();
    expect(screen.getByRole('button', { name: `Delete ${ROLES.superAdmin}` })).toBeDisabled();
    expect(screen.getByRole('switch', { name: `${ROLES.superAdmin} active` })).toBeDisabled();
    expect(screen.queryByLabelText('Support is protected')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Rename Support' }));
    const dialog = screen.getByRole('dialog');
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Helpdesk');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('switch', { name: 'Support active' }));
    await vi.waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts.map((c) => [c.url.pathname, c.body])).toEqual([
      [`/api/Roles/${roles[1]?.roleId}`, { name: 'Helpdesk' }],
      [`/api/Roles/${roles[1]?.roleId}`, { isActive: false }],
    ]);
    await vi.waitFor(() =>
      expect(store.getState().toast.queue.map((t) => t.message)).toEqual([
        MESSAGES.roles.updated,
        MESSAGES.roles.updated,
      ]),
    );
  });

  it("lets the Super Admin pick a company and lists that company's roles", async () => {
    const calls = serve();
    const { user } = render(<RolesPage companyOptions={[COMPANY]} />, { preloadedState: session });
    await screen.findByText('Support');
    expect(calls[0]?.url.searchParams.has('companyId')).toBe(false);
    await user.click(screen.getByRole('combobox', { name: 'Company' }));
    await user.click(await screen.findByRole('option', { name: 'Acme' }));
    await vi.waitFor(() => expect(calls.at(-1)?.url.searchParams.get('companyId')).toBe(COMPANY.companyId));
  });

  it('creates a new role in the picked company, and a platform role when none is picked', async () => {
    const calls = serve();
    const { user } = render(<RolesPage companyOptions={[COMPANY]} />, { preloadedState: session });
    await screen.findByText('Support');
    const posts = () => calls.filter((c) => c.method === 'POST');
    const createRole = async (title: string, name: string) => {
      await user.click(screen.getByRole('button', { name: 'New role' }));
      const dialog = await screen.findByRole('dialog', { name: title });
      await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), name);
      await user.click(within(dialog).getByRole('button', { name: 'Create' }));
      await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    };

    await createRole('New platform role', 'Auditors');
    expect(posts().map((c) => [c.url.pathname, c.body])).toEqual([['/api/Roles', { name: 'Auditors' }]]);

    await user.click(screen.getByRole('combobox', { name: 'Company' }));
    await user.click(await screen.findByRole('option', { name: 'Acme' }));
    await vi.waitFor(() => expect(calls.at(-1)?.url.searchParams.get('companyId')).toBe(COMPANY.companyId));
    await createRole('New role in Acme', 'Field crew');
    expect(posts().at(-1)?.body).toEqual({ name: 'Field crew', companyId: COMPANY.companyId });
  });
});
