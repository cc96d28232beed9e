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
  totalCount: 2,
  pageNumber: 1,
  pageSize: 25,
  totalPages: 1,
};

/** The answer's fetch: the workload by `answer`, every request's URL kept in `urls`. */
function stubFetch(answer: (url: URL) => Workload): URL[] {
  const urls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(input, init);
      const url = new URL(req.url);
      urls.push(url);
      if (url.pathname === '/api/Timesheets/workload') return jsonResponse(200, answer(url));
      if (url.pathname === '/api/Project' || url.pathname === '/api/Department')
        return jsonResponse(200, { items: [], totalCount: 0, pageNumber: 1, pageSize: 100, totalPages: 0 });
      return jsonResponse(404, null);
    }),
  );
  return urls;
}

const lastWorkload = (urls: URL[]) => urls.filter((u) => u.pathname === '/api/Timesheets/workload').at(-1);

afterEach(() => vi.unstubAllGlobals());

describe('Workload', () => {
  it('shows capacity, planned and logged per person, over and under in words; the week and project in the address', async () => {
    const urls = stubFetch(() => workload);
    const { user, router } = render(<WorkloadPage />, {
      preloadedState: session,
      route: '/app/timesheets/workload?week=2026-06-17',
    });
    const rows = await screen.findAllByTestId('workload-row');
    const first = urls.find((u) => u.pathname === '/api/Timesheets/workload');
    expect(first?.searchParams.get('weekStart')).toBe('2026-06-17');
    expect(first?.searchParams.get('page')).toBe('1');
    expect(first?.searchParams.get('pageSize')).toBe('25');
    expect(first?.searchParams.has('search')).toBe(false);
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

  it('names the department filter’s empty choice in the select, not a bare label', async () => {
    stubFetch(() => workload);
    render(<WorkloadPage />, {
      preloadedState: signedIn({ permissions: ['report:read', 'report:read:all', 'department:read:all'] }),
      route: '/app/timesheets/workload?week=2026-06-17',
    });
    await screen.findAllByTestId('workload-row');
    const select = screen.getByRole('combobox', { name: 'Department' });
    expect(select).toHaveTextContent('All I can see');
  });

  it('pages through the people: the page in the address and the request, back to page 1 on a new week', async () => {
    const people = (page: number): Workload['rows'] =>
      Array.from({ length: page === 1 ? 25 : 5 }, (_, i) => ({
        userId: `00000000-0000-4000-8000-0000000${page}${String(i).padStart(4, '0')}`,
        userName: `Person ${page}-${i}`,
        departmentName: null,
        capacityMinutes: 2400,
        plannedMinutes: 0,
        loggedMinutes: 0,
        load: 'under',
      }));
    const urls = stubFetch((url) => {
      const page = Number(url.searchParams.get('page'));
      return { ...workload, rows: people(page), totalCount: 30, pageNumber: page, totalPages: 2 };
    });
    const { user, router } = render(<WorkloadPage />, {
      preloadedState: session,
      route: '/app/timesheets/workload?week=2026-06-17',
    });
    expect(await screen.findAllByTestId('workload-row')).toHaveLength(25);
    expect(screen.getByText('1–25 of 30')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(router.state.location.search).toBe('?week=2026-06-17&page=2');
    expect(await screen.findByText('Person 2-0')).toBeInTheDocument();
    expect(screen.getAllByTestId('workload-row')).toHaveLength(5);
    expect(screen.getByText('26–30 of 30')).toBeInTheDocument();
    expect(lastWorkload(urls)?.searchParams.get('page')).toBe('2');
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(router.state.location.search).toBe('?week=2026-06-22');
    await waitFor(() => expect(lastWorkload(urls)?.searchParams.get('page')).toBe('1'));
    expect(lastWorkload(urls)?.searchParams.get('weekStart')).toBe('2026-06-22');
  });

  it('searches by name (?q= in the address, back to page 1), and says when no one matches', async () => {
    const urls = stubFetch((url) => {
      const search = url.searchParams.get('search');
      if (search === 'zzz') return { ...workload, rows: [], totalCount: 0, totalPages: 0 };
      if (search === 'bob')
        return { ...workload, rows: workload.rows.slice(1), totalCount: 1, totalPages: 1 };
      return { ...workload, totalCount: 60, pageNumber: 2, totalPages: 3 };
    });
    const { user, router } = render(<WorkloadPage />, {
      preloadedState: session,
      route: '/app/timesheets/workload?page=2',
    });
    await screen.findAllByTestId('workload-row');
    expect(lastWorkload(urls)?.searchParams.get('page')).toBe('2');
    await user.type(screen.getByRole('textbox', { name: 'Search people' }), ' bob ');
    await waitFor(() => expect(router.state.location.search).toBe('?q=bob'));
    await waitFor(() => expect(screen.getAllByTestId('workload-row')).toHaveLength(1));
    const sent = lastWorkload(urls);
    expect(sent?.searchParams.get('search')).toBe('bob');
    expect(sent?.searchParams.get('page')).toBe('1');
    expect(sent?.searchParams.get('pageSize')).toBe('25');
    expect(screen.getByText('Bob Builder')).toBeInTheDocument();
    // Typing settles into one search: no request for each letter.
    expect(urls.filter((u) => u.searchParams.get('search') === 'b')).toHaveLength(0);

    const box = screen.getByRole('textbox', { name: 'Search people' });
    await user.clear(box);
    await user.type(box, 'zzz');
    expect(await screen.findByText('No one matches “zzz”')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=zzz');
    expect(screen.queryByTestId('workload-row')).not.toBeInTheDocument();
  });
});
