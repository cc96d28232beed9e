import { MESSAGES, PAGE_SIZE, type PermissionItem } from '@taskhive/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, render, signedIn } from '../../test/render';
import PermissionsPage from './permissions-page';
import { permissionsApi } from './permissions-api';

const MODULE = { moduleId: '00000000-0000-4000-8000-300000000001', name: 'Billing' };
const session = signedIn({
  permissions: ['permission:read', 'permission:create', 'permission:update', 'permission:delete'],
});

function permission(n: number): PermissionItem {
  return {
    permissionId: `00000000-0000-4000-8000-4000000000${String(n).padStart(2, '0')}`,
    name: `invoice:p${n}`,
    permissionType: 'read',
    category: 'Invoices',
    moduleId: MODULE.moduleId,
    moduleName: MODULE.name,
    description: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

interface Call {
  method: string;
  url: URL;
  body: unknown;
}

/** Answers the list with two permissions (total 2) and each write with `write`. */
function serve(write: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(input, init);
      const text = await req.text();
      const call = { method: req.method, url: new URL(req.url), body: text ? JSON.parse(text) : null };
      calls.push(call);
      if (req.method !== 'GET') return write(call);
      return jsonResponse(200, {
        items: [permission(1), permission(2)],
        totalCount: 2,
        pageNumber: 1,
        pageSize: PAGE_SIZE.permissions,
        totalPages: 1,
      });
    }),
  );
  return calls;
}

const messages = (store: ReturnType<typeof render>['store']) =>
  store.getState().toast.queue.map((t) => [t.message, t.severity]);

describe('PermissionsPage', () => {
  it('creates a permission through the contract schema, showing its field error before sending', async () => {
    const calls = serve(() =>
      jsonResponse(201, permission(3), { message: MESSAGES.permissionsAdmin.created }),
    );
    const { user, store } = render(<PermissionsPage moduleOptions={[MODULE]} />, { preloadedState: session });
    await screen.findByText('invoice:p1');
    expect(calls[0]?.url.searchParams.get('pageSize')).toBe(String(PAGE_SIZE.permissions));

    await user.click(screen.getByRole('button', { name: 'New permission' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Invoice Read');
    await user.type(within(dialog).getByRole('textbox', { name: /^Category/ }), 'Invoices');
    await user.click(within(dialog).getByRole('combobox', { name: /^Module/ }));
    await user.click(await screen.findByRole('option', { name: 'Billing' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Use resource:action, e.g. invoice:read')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'invoice:export');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'invoice:export',
      permissionType: 'read',
      category: 'Invoices',
      moduleId: MODULE.moduleId,
      description: null,
    });
    expect(messages(store)).toEqual([[MESSAGES.permissionsAdmin.created, 'success']]);
  });

  it('edits a permission with a PUT of its fields and says so', async () => {
    const calls = serve(() => jsonResponse(200, { ...permission(1), category: 'Billing' }));
    const { user, store } = render(<PermissionsPage moduleOptions={[MODULE]} />, { preloadedState: session });
    await user.click(await screen.findByRole('button', { name: 'Edit invoice:p1' }));
    const dialog = screen.getByRole('dialog');
    const category = within(dialog).getByRole('textbox', { name: /^Category/ });
    expect(category).toHaveValue('Invoices');
    await user.clear(category);
    await user.type(category, 'Billing');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(messages(store)).toEqual([[MESSAGES.permissionsAdmin.updated, 'success']]));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url.pathname).toBe(`/api/Permissions/${permission(1).permissionId}`);
    expect(put?.body).toMatchObject({ name: 'invoice:p1', category: 'Billing', moduleId: MODULE.moduleId });
  });

  it('shows the API’s failure of an edit and keeps the dialog open', async () => {
    serve(() =>
      jsonResponse(409, null, {
        message: MESSAGES.permissionsAdmin.nameTaken,
        errors: { name: [MESSAGES.permissionsAdmin.nameTaken] },
      }),
    );
    const { user, store } = render(<PermissionsPage moduleOptions={[MODULE]} />, { preloadedState: session });
    await user.click(await screen.findByRole('button', { name: 'Edit invoice:p1' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(messages(store)).toEqual([[MESSAGES.permissionsAdmin.nameTaken, 'error']]));
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveAttribute('aria-invalid', 'true');
  });

  it('deletes after confirming: the row and one from the count go at once, and come back on failure', async () => {
    let answer = jsonResponse(500, null, { message: MESSAGES.toasts.deleteFailed });
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const calls: Call[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const req = input instanceof Request ? input : new Request(input, init);
        calls.push({ method: req.method, url: new URL(req.url), body: null });
        if (req.method === 'DELETE') {
          await held;
          return answer;
        }
        return jsonResponse(200, {
          items: [permission(1), permission(2)],
          totalCount: 2,
          pageNumber: 1,
          pageSize: PAGE_SIZE.permissions,
          totalPages: 1,
        });
      }),
    );
    const { user, store } = render(<PermissionsPage moduleOptions={[MODULE]} />, { preloadedState: session });
    const cached = () =>
      permissionsApi.endpoints.listPermissions.select({ page: 1, pageSize: PAGE_SIZE.permissions })(
        store.getState(),
      ).data;

    await user.click(await screen.findByRole('button', { name: 'Delete invoice:p1' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(screen.queryByText('invoice:p1')).not.toBeInTheDocument());
    expect(cached()?.totalCount).toBe(1);
    release();
    await vi.waitFor(() => expect(messages(store)).toEqual([[MESSAGES.toasts.deleteFailed, 'error']]));
    expect(screen.getByText('invoice:p1')).toBeInTheDocument();
    expect(cached()?.totalCount).toBe(2);

    answer = jsonResponse(200, null, { message: MESSAGES.permissionsAdmin.deleted });
    await user.click(await screen.findByRole('button', { name: 'Delete invoice:p2' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() =>
      expect(messages(store)).toContainEqual([MESSAGES.permissionsAdmin.deleted, 'success']),
    );
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url.pathname)).toEqual([
      `/api/Permissions/${permission(1).permissionId}`,
      `/api/Permissions/${permission(2).permissionId}`,
    ]);
  });
});
