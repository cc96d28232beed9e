import { PAGE_SIZE } from '@taskhive/contract';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, render, signedIn } from '../../test/render';
import PackagesPage from './packages-page';

describe('PackagesPage', () => {
  it('sends the price range and created dates, and no bound for an empty price box', async () => {
    const lists: URLSearchParams[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const req = input instanceof Request ? input : new Request(input, init);
        lists.push(new URL(req.url).searchParams);
        return jsonResponse(200, {
          items: [],
          totalCount: 0,
          pageNumber: 1,
          pageSize: PAGE_SIZE.packages,
          totalPages: 0,
        });
      }),
    );
    const { user } = render(<PackagesPage />, {
      preloadedState: signedIn({ permissions: ['package:read'] }),
    });
    await vi.waitFor(() => expect(lists).toHaveLength(1));
    await user.type(screen.getByRole('spinbutton', { name: 'Price from' }), '10');
    await user.type(screen.getByRole('spinbutton', { name: 'Price to' }), '99.5');
    fireEvent.change(screen.getByLabelText('Created from'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('Created to'), { target: { value: '2026-02-01' } });
    await vi.waitFor(() =>
      expect(Object.fromEntries(lists.at(-1) ?? [])).toMatchObject({
        page: '1',
        priceFrom: '10',
        priceTo: '99.5',
        createdDateFrom: '2026-01-01',
        createdDateTo: '2026-02-01',
      }),
    );
    await user.clear(screen.getByRole('spinbutton', { name: 'Price from' }));
    await vi.waitFor(() => expect(lists.at(-1)?.has('priceFrom')).toBe(false));
    expect(lists.at(-1)?.get('priceTo')).toBe('99.5');
  });
});
