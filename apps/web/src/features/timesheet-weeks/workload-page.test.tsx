import type { Workload } from '@taskhive/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, render, signedIn } from '../../test/render';
import WorkloadPage from './workload-page';

const session = signedIn({ permissions: ['report:read', 'report:read:all'] });

const workload: Workload = {
  weekStart: '2026-06-15',
  weekEnd: '2026-06-21',
  rows: [
    {
      userId: '00000000-0000-4000-8000-000000000011',
      userName: 'Ada Lovelace',
      departmentName: 'Engineering',
      capacityMinutes: 2400,
      plannedMinutes: 3000,
      loggedMinutes: 600,
      load: 'over',
    },
    {
      userId: '00000000-0000-4000-8000-000000000012',
      userName: 'Bob Builder',
      departmentName: null,
      capacityMinutes: 2400,
      plannedMinutes: 600,
      loggedMinutes: 0,
      load: 'under',
    },
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe('Workload', () => {
  it('shows capacity, planned and logged per person, over and under in words; the week and project in the address', async () => {
    const urls: URL[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const req = input instanceof Request ? input : new Request(input, init);
        const url = new URL(req.url);
        urls.push(url);
        if (url.pathname === '/api/Timesheets/workload') return jsonResponse(200, workload);
        if (url.pathname === '/api/Project')
          return jsonResponse(200, { items: [], totalCount: 0, pageNumber: 1, pageSize: 100, totalPages: 0 });
        return jsonResponse(404, null);
      }),
    );
    const { user, router } = render(<WorkloadPage />, {
      preloadedState: session,
      route: '/app/timesheets/workload?week=2026-06-17',
    });
    const rows = await screen.findAllByTestId('workload-row');
    expect(urls.find((u) => u.pathname === '/api/Timesheets/workload')?.searchParams.get('weekStart')).toBe(
      '2026-06-17',
    );
    const ada = within(rows[0] as HTMLElement);
    expect(ada.getByText('Over')).toBeInTheDocument();
    expect(ada.getByRole('progressbar', { name: 'Planned: 50h' })).toHaveAttribute('aria-valuenow', '100');
    expect(ada.getByRole('progressbar', { name: 'Capacity: 40h' })).toHaveAttribute('aria-valuenow', '80');
    expect(ada.getByRole('progressbar', { name: 'Logged: 10h' })).toHaveAttribute('aria-valuenow', '20');
    expect(within(rows[1] as HTMLElement).getByText('Under')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(router.state.location.search).toBe('?week=2026-06-22');
    await user.click(screen.getByRole('button', { name: 'Project' }));
    expect(router.state.location.search).toBe('?week=2026-06-22&by=project');
    await waitFor(() =>
      expect(
        urls
          .filter((u) => u.pathname === '/api/Timesheets/workload')
          .at(-1)
          ?.searchParams.get('weekStart'),
      ).toBe('2026-06-22'),
    );
  });
});
