import type { Company } from '@taskhive/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, render, signedIn } from '../../test/render';
import CompaniesPage from './companies-page';

function company(n: number): Company {
  return {
    companyId: `00000000-0000-4000-8000-2000000000${String(n).padStart(2, '0')}`,
    name: `Company ${n}`,
    email: null,
    phone: null,
    website: null,
    address: null,
    industry: null,
    description: null,
    isActive: true,
    isApproved: true,
    approvedAt: null,
    companyLogoUrl: null,
    userCount: n,
    vision: null,
    mission: null,
    goals: null,
    coreValues: [],
    companySize: null,
    celebrationsWidget: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

function serve() {
  const calls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(input, init);
      calls.push(new URL(req.url));
      return jsonResponse(200, {
        items: [1, 2, 3, 4, 5].map(company),
        totalCount: 20,
        pageNumber: 1,
        pageSize: 5,
        totalPages: 4,
      });
    }),
  );
  return calls;
}

const lastList = (calls: URL[]) => {
  const last = calls.filter((u) => u.pathname === '/api/Companies').at(-1);
  return [
    last?.searchParams.get('sortBy'),
    last?.searchParams.get('sortOrder'),
    last?.searchParams.get('page'),
  ];
};

describe('CompaniesPage', () => {
  it('goes back to page 1 when the sort changes', async () => {
    const calls = serve();
    const { user } = render(<CompaniesPage />, {
      preloadedState: signedIn({ permissions: ['company:read'] }),
    });
    const table = await screen.findByRole('table', { name: 'Companies' });
    expect(lastList(calls)).toEqual(['name', 'asc', '1']);

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await vi.waitFor(() => expect(lastList(calls)).toEqual(['name', 'asc', '2']));

    await user.click(within(table).getByRole('button', { name: 'Created' }));
    await vi.waitFor(() => expect(lastList(calls)).toEqual(['createdAt', 'asc', '1']));

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await vi.waitFor(() => expect(lastList(calls)).toEqual(['createdAt', 'asc', '2']));
    await user.click(
      within(screen.getByRole('table', { name: 'Companies' })).getByRole('button', { name: 'Created' }),
    );
    await vi.waitFor(() => expect(lastList(calls)).toEqual(['createdAt', 'desc', '1']));
  });
});
