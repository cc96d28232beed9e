import { MESSAGES, type CompanyModule, type Package, type Purchase } from '@taskhive/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, render, signedIn } from '../../test/render';
import { CompanySubscriptionCard } from './company-subscription-card';

const COMPANY = '00000000-0000-4000-8000-000000000003';
const mod = (key: string, name: string, i: number): CompanyModule => ({
  companyId: COMPANY,
  moduleId: `00000000-0000-4000-8000-00000000010${i}`,
  key,
  name,
  category: 'Work',
  status: 'active',
  accessLevel: 'full',
  assignedAt: '2026-01-01T00:00:00.000Z',
});
const modules = [mod('reports', 'Reports', 1), mod('tasks', 'Tasks', 2)];
const business: Package = {
  packageId: '00000000-0000-4000-8000-000000000201',
  name: 'Business',
  description: null,
  monthlyPrice: 129,
  yearlyPrice: 1290,
  trialDays: 30,
  currency: 'USD',
  packageType: 'premium',
  status: 'active',
  purchaseCount: 1,
  moduleCount: 8,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const purchase: Purchase = {
  purchaseId: '00000000-0000-4000-8000-000000000301',
  companyId: COMPANY,
  companyName: 'Acme',
  packageId: business.packageId,
  packageName: 'Business',
  amount: 129,
  billingCycle: 'monthly',
  paymentStatus: 'paid',
  status: 'active',
  purchasedAt: '2026-02-01T00:00:00.000Z',
};

/** A fake API: answers by method and path; `revoke` and `purchase` decide those answers. */
function api(o: { revoke: number; purchase: number }) {
  let granted = modules;
  return vi.fn(async (input: RequestInfo | URL) => {
    const req = input instanceof Request ? input : new Request(input);
    const path = new URL(req.url).pathname;
    if (req.method === 'DELETE') {
      if (o.revoke >= 400) return jsonResponse(o.revoke, null, { message: 'Nope' });
      granted = granted.filter((m) => !path.endsWith(m.moduleId));
      return jsonResponse(200, { companyId: COMPANY, moduleId: path.split('/').pop() });
    }
    if (req.method === 'POST')
      return o.purchase < 400
        ? jsonResponse(201, purchase)
        : jsonResponse(o.purchase, null, { message: 'Card declined' });
    if (path.endsWith('/modules')) return jsonResponse(200, granted);
    if (path.endsWith('/packages')) return jsonResponse(200, []);
    if (path.endsWith('/Package'))
      return jsonResponse(200, {
        items: [business],
        totalCount: 1,
        pageNumber: 1,
        pageSize: 10,
        totalPages: 1,
      });
    return jsonResponse(200, {});
  });
}

const state = signedIn({ permissions: ['company:read', 'company:update', 'package:read', 'module:update'] });

describe('CompanySubscriptionCard', () => {
  it('asks before narrowing a module to read: Cancel sends nothing, Change sends the level', async () => {
    const serve = api({ revoke: 200, purchase: 201 });
    const puts: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request) => {
        if (input.method === 'PUT') puts.push(await input.clone().json());
        return serve(input);
      }),
    );
    const { user, store } = render(
      <CompanySubscriptionCard companyId={COMPANY} manageModules canPurchase={false} />,
      { preloadedState: state },
    );
    await screen.findByText('Reports');
    const pick = async () => {
      await user.click(screen.getByRole('combobox', { name: 'Access level of Reports' }));
      await user.click(await screen.findByRole('option', { name: 'read' }));
      return screen.findByRole('dialog', { name: 'Change access level' });
    };
    await user.click(within(await pick()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(puts).toEqual([]);

    await user.click(within(await pick()).getByRole('button', { name: 'Change' }));
    await waitFor(() =>
      expect(store.getState().toast.queue.map((t) => t.message)).toContain(MESSAGES.modules.accessUpdated),
    );
    expect(puts).toEqual([{ accessLevel: 'read' }]);
  });

  it('revokes after confirmation, removing the row at once; a failure restores it with "Revocation Failed"', async () => {
    vi.stubGlobal('fetch', api({ revoke: 500, purchase: 201 }));
    const { user } = render(
      <CompanySubscriptionCard companyId={COMPANY} manageModules canPurchase={false} />,
      {
        preloadedState: state,
      },
    );
    await screen.findByText('Reports');
    await user.click(screen.getByRole('button', { name: 'Revoke Reports' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke module' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Revocation Failed')).toBeInTheDocument();
    expect(screen.getByText('Reports')).toBeInTheDocument();
  });

  it('a successful revoke leaves the row out', async () => {
    vi.stubGlobal('fetch', api({ revoke: 200, purchase: 201 }));
    const { user } = render(
      <CompanySubscriptionCard companyId={COMPANY} manageModules canPurchase={false} />,
      {
        preloadedState: state,
      },
    );
    await screen.findByText('Reports');
    await user.click(screen.getByRole('button', { name: 'Revoke Reports' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Module Revoked Successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Reports')).not.toBeInTheDocument());
    expect(screen.getByText('Tasks')).toBeInTheDocument();
  });

  it('purchases: "Package Purchased Successfully", or "Purchase Failed: " with the server message', async () => {
    vi.stubGlobal('fetch', api({ revoke: 200, purchase: 402 }));
    const { user } = render(
      <CompanySubscriptionCard companyId={COMPANY} manageModules={false} canPurchase />,
      {
        preloadedState: state,
      },
    );
    await user.click(await screen.findByRole('combobox', { name: /Package/ }));
    await user.click(await screen.findByRole('option', { name: /^Business/ }));
    await user.click(screen.getByRole('button', { name: 'Purchase' }));
    expect(await screen.findByText('Purchase Failed: Card declined')).toBeInTheDocument();

    vi.stubGlobal('fetch', api({ revoke: 200, purchase: 201 }));
    await user.click(screen.getByRole('button', { name: 'Purchase' }));
    // The toaster shows one toast at a time: this one follows the failure's.
    expect(
      await screen.findByText('Package Purchased Successfully', {}, { timeout: 6000 }),
    ).toBeInTheDocument();
  });

  it('sends an Idempotency-Key with a purchase, the same on a retry of it', async () => {
    const keys: (string | null)[] = [];
    const record = (serve: ReturnType<typeof api>) =>
      vi.fn(async (input: Request) => {
        if (input.method === 'POST') keys.push(input.headers.get('idempotency-key'));
        return serve(input);
      });
    vi.stubGlobal('fetch', record(api({ revoke: 200, purchase: 502 })));
    const { user } = render(
      <CompanySubscriptionCard companyId={COMPANY} manageModules={false} canPurchase />,
      { preloadedState: state },
    );
    await user.click(await screen.findByRole('combobox', { name: /Package/ }));
    await user.click(await screen.findByRole('option', { name: /^Business/ }));
    await user.click(screen.getByRole('button', { name: 'Purchase' }));
    await screen.findByText('Purchase Failed: Card declined');
    vi.stubGlobal('fetch', record(api({ revoke: 200, purchase: 201 })));
    await user.click(screen.getByRole('button', { name: 'Purchase' }));
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    // The retry of the same purchase carries the same key: the server answers it once.
    expect(keys[1]).toBe(keys[0]);
  });
});
