import { MESSAGES, PAGE_SIZE, type Module } from '@taskhive/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, render, signedIn } from '../../test/render';
import ModulesPage from './modules-page';

const PACKAGE = { packageId: '00000000-0000-4000-8000-500000000001', name: 'Business' };
const session = signedIn({ permissions: ['module:read', 'module:create', 'module:update', 'module:delete'] });

function module(n: number): Module {
  return {
    moduleId: `00000000-0000-4000-8000-6000000000${String(n).padStart(2, '0')}`,
    key: `m${n}`,
    name: `Module ${n}`,
    description: null,
    moduleType: 'addon',
    category: 'Work',
    status: 'active',
    permissionCount: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

/** 25 modules in all; the page asked for is answered with 10 of them. */
function serve(write: (req: Request) => Response = () => jsonResponse(200, null)) {
  const lists: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(input, init);
      if (req.method !== 'GET') return write(req);
      const params = new URL(req.url).searchParams;
      lists.push(params);
      const page = Number(params.get('page'));
      return jsonResponse(200, {
        items: Array.from({ length: 10 }, (_v, i) => module((page - 1) * 10 + i + 1)),
        totalCount: 25,
        pageNumber: page,
        pageSize: PAGE_SIZE.modules,
        totalPages: 3,
      });
    }),
  );
  return lists;
}

const last = (lists: URLSearchParams[]) => Object.fromEntries(lists.at(-1) ?? []);

describe('ModulesPage', () => {
  it('sends the status and type filters, each back to page 1', async () => {
    const lists = serve();
    const { user } = render(<ModulesPage packageOptions={[PACKAGE]} />, { preloadedState: session });
    await screen.findByText('Module 1');
    expect(last(lists)).toMatchObject({ page: '1', pageSize: String(PAGE_SIZE.modules) });

    const toPage2 = async () => {
      await user.click(screen.getByRole('button', { name: 'Go to next page' }));
      await screen.findByText('Module 11');
      expect(last(lists).page).toBe('2');
    };
    const pick = async (label: string, option: string) => {
      await user.click(screen.getByRole('combobox', { name: label }));
      await user.click(await screen.findByRole('option', { name: option }));
    };

    await toPage2();
    await pick('Status', 'inactive');
    await vi.waitFor(() => expect(last(lists)).toMatchObject({ page: '1', status: 'inactive' }));

    await toPage2();
    await pick('Type', 'core');
    await vi.waitFor(() => expect(last(lists)).toMatchObject({ page: '1', moduleType: 'core' }));
  });

  it('sends the package, created dates and category, each back to page 1', async () => {
    const lists = serve();
    const { user } = render(<ModulesPage packageOptions={[PACKAGE]} />, { preloadedState: session });
    await screen.findByText('Module 1');
    const toPage2 = async () => {
      await user.click(screen.getByRole('button', { name: 'Go to next page' }));
      await screen.findByText('Module 11');
      expect(last(lists).page).toBe('2');
    };

    await toPage2();
    await user.click(screen.getByRole('combobox', { name: 'Package' }));
    await user.click(await screen.findByRole('option', { name: 'Business' }));
    await vi.waitFor(() => expect(last(lists)).toMatchObject({ page: '1', packageId: PACKAGE.packageId }));

    await toPage2();
    fireEvent.change(screen.getByLabelText('Created from'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('Created to'), { target: { value: '2026-03-31' } });
    await vi.waitFor(() =>
      expect(last(lists)).toMatchObject({
        page: '1',
        createdDateFrom: '2026-01-01',
        createdDateTo: '2026-03-31',
      }),
    );

    await toPage2();
    await user.type(screen.getByRole('textbox', { name: 'Category' }), 'Work');
    await vi.waitFor(() => expect(last(lists)).toMatchObject({ page: '1', category: 'Work' }));
    expect(last(lists)).toMatchObject({
      packageId: PACKAGE.packageId,
      createdDateFrom: '2026-01-01',
    });
  });

  it('debounces the category box like the search: one request once typing stops, trimmed', async () => {
    const lists = serve();
    render(<ModulesPage packageOptions={[PACKAGE]} />, { preloadedState: session });
    await screen.findByText('Module 1');
    const before = lists.length;
    const box = screen.getByRole('textbox', { name: 'Category' });
    for (const typed of ['W', 'Wo', 'Wor', 'Work', 'Work '])
      fireEvent.change(box, { target: { value: typed } });
    expect(box).toHaveValue('Work ');
    expect(lists.length).toBe(before);

    // The debounce, then the request: allow for a loaded machine.
    await vi.waitFor(() => expect(last(lists)).toMatchObject({ page: '1', category: 'Work' }), {
      timeout: 5000,
    });
    expect(lists.slice(before).map((p) => p.get('category'))).toEqual(['Work']);
  });

  it('edits a module with "Module Updated Successfully" and deletes one with "Module Deleted Successfully"', async () => {
    const writes: { method: string; path: string; body: unknown }[] = [];
    serve((req) => {
      writes.push({ method: req.method, path: new URL(req.url).pathname, body: null });
      return jsonResponse(200, module(1));
    });
    const { user, store } = render(<ModulesPage packageOptions={[]} />, { preloadedState: session });
    await user.click(await screen.findByRole('button', { name: 'Edit Module 1' }));
    const dialog = screen.getByRole('dialog');
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'Invoices');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(store.getState().toast.queue.map((t) => t.message)).toEqual([MESSAGES.modules.updated]),
    );

    await user.click(await screen.findByRole('button', { name: 'Delete Module 2' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete module?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await vi.waitFor(() =>
      expect(store.getState().toast.queue.map((t) => t.message)).toContain(MESSAGES.modules.deleted),
    );
    expect(writes.map((w) => [w.method, w.path])).toEqual([
      ['PUT', `/api/Modules/${module(1).moduleId}`],
      ['DELETE', `/api/Modules/${module(2).moduleId}`],
    ]);
  });
});
