import { ACCESS_MESSAGES, MESSAGES, type CompanyRole } from '@taskhive/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, render, signedIn } from '../../test/render';
import { RoleFormDialog } from './role-form-dialog';

const role = (o: Partial<CompanyRole>): CompanyRole => ({
  companyRoleId: '00000000-0000-4000-8000-000000000001',
  roleName: 'Manager',
  description: null,
  isActive: true,
  defaultRole: false,
  isProtected: false,
  userCount: 0,
  permissions: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...o,
});

const defaultSwitch = () => screen.getByRole('switch', { name: 'Default role for new employees' });

describe('RoleFormDialog: the default role follows the grants rule', () => {
  it('offers the default to someone who may assign roles', () => {
    render(<RoleFormDialog role={role({})} onClose={() => {}} />, {
      preloadedState: signedIn({ permissions: ['companyrole:update', 'companyrole:assign'] }),
    });
    expect(defaultSwitch()).toBeEnabled();
  });

  it('not to someone who may edit roles but not assign them, and says why', () => {
    render(<RoleFormDialog role={role({})} onClose={() => {}} />, {
      preloadedState: signedIn({ permissions: ['companyrole:update'] }),
    });
    expect(defaultSwitch()).toBeDisabled();
    expect(screen.getByText('Only someone who may assign roles can change the default role.')).toBeVisible();
  });

  it('never on the Company Admin role', () => {
    render(
      <RoleFormDialog role={role({ roleName: 'Company Admin', isProtected: true })} onClose={() => {}} />,
      {
        preloadedState: signedIn({ permissions: ['companyrole:update', 'companyrole:assign'] }),
      },
    );
    expect(defaultSwitch()).toBeDisabled();
    expect(screen.getByText(`${MESSAGES.companyRoles.protectedNotDefault}.`)).toBeVisible();
  });
});

describe('RoleFormDialog: permissions in words, in the same form (issue 23, defect 12)', () => {
  const editor = signedIn({
    permissions: ['companyrole:create', 'companyrole:update', 'task:read', 'task:create', 'project:read'],
  });

  it('offers what the editor holds, by name and grouped by module; never the raw key', () => {
    render(<RoleFormDialog onClose={() => {}} />, { preloadedState: editor });
    const tasks = screen.getByRole('region', { name: 'Tasks' });
    expect(within(tasks).getByRole('checkbox', { name: 'Read their own tasks' })).toBeEnabled();
    expect(within(tasks).getByRole('checkbox', { name: 'Create tasks' })).not.toBeChecked();
    expect(screen.getByRole('region', { name: 'Company Roles' })).toBeVisible();
    expect(screen.queryByText('task:read')).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Delete projects' })).toBeNull();
    expect(screen.getByText(new RegExp(ACCESS_MESSAGES.noPermissions.replace(/[.:]/g, '.')))).toBeVisible();
  });

  it('creates the role with the permissions ticked', async () => {
    const fetch = vi.fn(async (_req: Request) => jsonResponse(201, role({ permissions: ['task:create'] })));
    vi.stubGlobal('fetch', fetch);
    const { user } = render(<RoleFormDialog onClose={() => {}} />, { preloadedState: editor });
    await user.type(screen.getByRole('textbox', { name: /Role name/ }), 'Reviewer');
    await user.click(screen.getByRole('checkbox', { name: 'Create tasks' }));
    await user.click(screen.getByRole('button', { name: 'Create role' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const req = fetch.mock.calls[0]?.[0];
    if (!req) throw new Error('no request sent');
    expect(req.method).toBe('POST');
    expect(await req.json()).toMatchObject({ roleName: 'Reviewer', permissions: ['task:create'] });
  });

  it('on edit, shows what the role has; one the editor lacks stays ticked but locked, and is sent back unchanged', async () => {
    const fetch = vi.fn(async (_req: Request) => jsonResponse(200, role({})));
    vi.stubGlobal('fetch', fetch);
    const { user } = render(
      <RoleFormDialog role={role({ permissions: ['project:delete', 'task:read'] })} onClose={() => {}} />,
      { preloadedState: editor },
    );
    const locked = screen.getByRole('checkbox', { name: 'Delete projects' });
    expect(locked).toBeChecked();
    expect(locked).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Read their own tasks' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Read their own tasks' }));
    await user.click(screen.getByRole('checkbox', { name: 'Read their own projects' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const req = fetch.mock.calls[0]?.[0];
    if (!req) throw new Error('no request sent');
    expect(req.method).toBe('PUT');
    expect((await req.json()).permissions).toEqual(['project:read', 'project:delete']);
  });

  it("shows the API's refusal beside the permissions", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(403, null, {
          message: MESSAGES.grants.beyondOwn,
          errors: { permissions: [MESSAGES.grants.beyondOwn] },
        }),
      ),
    );
    const { user } = render(<RoleFormDialog onClose={() => {}} />, { preloadedState: editor });
    await user.type(screen.getByRole('textbox', { name: /Role name/ }), 'Reviewer');
    await user.click(screen.getByRole('button', { name: 'Create role' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.grants.beyondOwn);
  });
});
