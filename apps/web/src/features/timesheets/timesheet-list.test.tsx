import { MESSAGES, type TimeLog } from '@taskhive/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, render, signedIn } from '../../test/render';
import { TimesheetList } from './timesheet-list';

const session = signedIn({
  permissions: ['timelog:read', 'timelog:create', 'timelog:update', 'timelog:delete'],
});

function entry(n: number, description: string): TimeLog {
  return {
    timeLogId: `00000000-0000-4000-8000-2000000000${String(n).padStart(2, '0')}`,
    userId: '00000000-0000-4000-8000-000000000001',
    userName: 'Ada Lovelace',
    projectId: '00000000-0000-4000-8000-300000000000',
    projectName: 'Apollo',
    taskId: '00000000-0000-4000-8000-400000000000',
    taskTitle: 'Design the lander',
    loggedAt: `2026-06-${String((n % 28) + 1).padStart(2, '0')}`,
    duration: '01:00',
    durationMinutes: 60,
    durationHours: 1,
    description,
    billable: true,
    createdAt: '2026-06-01T00:00:00.000Z',
    updatedAt: '2026-06-01T00:00:00.000Z',
    canEdit: true,
    canDelete: true,
  };
}

const ALL = Array.from({ length: 15 }, (_, i) => entry(i, `entry ${i}`));

function serve(handler: (req: Request) => Response | Promise<Response>) {
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

/** GET /Timelogs: 10 a page; `search` keeps the entries whose description contains it. */
function timelogs(req: Request, items: TimeLog[] = ALL): Response {
  const url = new URL(req.url);
  const search = url.searchParams.get('search');
  const matching = search ? items.filter((e) => e.description?.includes(search)) : items;
  const page = Number(url.searchParams.get('pageNumber') ?? '1');
  const size = Number(url.searchParams.get('pageSize') ?? '10');
  return jsonResponse(200, {
    items: matching.slice((page - 1) * size, page * size),
    totalCount: matching.length,
    pageNumber: page,
    pageSize: size,
    totalPages: Math.ceil(matching.length / size),
  });
}

const rows = () =>
  within(screen.getByRole('table', { name: 'Time entries', hidden: true })).getAllByTestId('time-entry');
const listCalls = (calls: Request[]) =>
  calls.filter((r) => r.method === 'GET' && new URL(r.url).pathname === '/api/Timelogs');

describe('TimesheetList', () => {
  it('appends page 2 to page 1, and a new query replaces the list from page 1', async () => {
    const calls = serve((req) => timelogs(req));
    const { user } = render(<TimesheetList />, { preloadedState: session });
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(new URL(listCalls(calls)[0]?.url ?? '').searchParams.get('pageSize')).toBe('10');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(15));
    expect(screen.getByText('Showing 15 of 15')).toBeInTheDocument();
    expect(new URL(listCalls(calls).at(-1)?.url ?? '').searchParams.get('pageNumber')).toBe('2');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByText('entry 0')).toBeInTheDocument();
    expect(screen.getByText('entry 14')).toBeInTheDocument();

    await user.click(screen.getByRole('textbox', { name: 'Search entries' }));
    await user.paste('entry 1');
    await waitFor(() => expect(rows()).toHaveLength(6));
    const last = new URL(listCalls(calls).at(-1)?.url ?? '');
    expect(last.searchParams.get('pageNumber')).toBe('1');
    expect(last.searchParams.get('search')).toBe('entry 1');
    expect(screen.queryByText('entry 14')).toBeInTheDocument();
    expect(screen.queryByText('entry 2')).not.toBeInTheDocument();
  });

  it('deletes an entry with the spec toast and reloads the stored query; a failure shows the failure text', async () => {
    let items = ALL.slice(0, 3);
    let refuse = true;
    serve((req) => {
      if (req.method === 'DELETE') {
        if (refuse) return jsonResponse(500, null, { message: '' });
        items = items.slice(1);
        return jsonResponse(200, { timeLogId: ALL[0]?.timeLogId }, { message: MESSAGES.timesheets.deleted });
      }
      return timelogs(req, items);
    });
    const { user, store } = render(<TimesheetList />, { preloadedState: session });
    await waitFor(() => expect(rows()).toHaveLength(3));
    const del = () => user.click(screen.getAllByRole('button', { name: /^Delete entry/ })[0] as HTMLElement);

    await del();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(store.getState().toast.queue.at(-1)?.message).toBe(MESSAGES.timesheets.deleteFailed),
    );
    expect(rows()).toHaveLength(3);

    refuse = false;
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(store.getState().toast.queue.at(-1)?.message).toBe(MESSAGES.timesheets.deleted);
  });

  it('keeps its filters, sort and loaded pages in the address: a new visit of the link shows the same list', async () => {
    const calls = serve((req) => timelogs(req));
    const { user, router } = render(<TimesheetList />, {
      route: '/app/tasks?view=timesheet',
      preloadedState: session,
    });
    await waitFor(() => expect(rows()).toHaveLength(10));
    await user.click(screen.getByRole('button', { name: 'Duration' }));
    await user.type(screen.getByLabelText('From'), '2026-06-01');
    await user.click(screen.getByRole('textbox', { name: 'Search entries' }));
    await user.paste('entry');
    await waitFor(() => expect(router.state.location.search).toContain('ts.search=entry'));
    // The search's own answer, not the last filter's ten rows.
    await waitFor(() => expect(listCalls(calls).at(-1)?.url).toContain('search=entry'));
    await waitFor(() => expect(rows()).toHaveLength(10));
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(15));
    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toEqual({
      view: 'timesheet',
      'ts.search': 'entry',
      'ts.from': '2026-06-01',
      'ts.sortBy': 'duration',
      'ts.pages': '2',
    });

    // The same address again (a reload): the same query, and both pages loaded again.
    cleanup();
    calls.length = 0;
    const again = render(<TimesheetList />, {
      route: `/app/tasks?${params.toString()}`,
      preloadedState: session,
    });
    await waitFor(() => expect(rows()).toHaveLength(15));
    expect(again.router.state.location.search).toBe(`?${params.toString()}`);
    expect(screen.getByRole('textbox', { name: 'Search entries' })).toHaveValue('entry');
    expect(screen.getByLabelText('From')).toHaveValue('2026-06-01');
    const first = new URL(listCalls(calls)[0]?.url ?? '').searchParams;
    expect(first.get('search')).toBe('entry');
    expect(first.get('sortBy')).toBe('duration');
    expect(first.get('loggedAtFrom')).toBe('2026-06-01');
    expect(listCalls(calls).map((r) => new URL(r.url).searchParams.get('pageNumber'))).toEqual(['1', '2']);
  });

  it('a date picked while the search still waits keeps both in the address', async () => {
    serve((req) => timelogs(req));
    const { user, router } = render(<TimesheetList />, {
      route: '/app/tasks?view=timesheet',
      preloadedState: session,
    });
    await waitFor(() => expect(rows()).toHaveLength(10));
    await user.click(screen.getByRole('textbox', { name: 'Search entries' }));
    await user.paste('entry');
    await user.type(screen.getByLabelText('To'), '2026-06-30');
    await waitFor(() => expect(router.state.location.search).toContain('ts.search=entry'));
    expect(new URLSearchParams(router.state.location.search).get('ts.to')).toBe('2026-06-30');
  });

  it("a task's entries (the drawer) keep their state off the address", async () => {
    serve((req) => timelogs(req));
    const { router } = render(<TimesheetList taskId="00000000-0000-4000-8000-400000000000" />, {
      route: '/app/tasks?ts.search=nothing-matches',
      preloadedState: session,
    });
    await waitFor(() => expect(screen.getAllByTestId('time-entry')).toHaveLength(10));
    expect(router.state.location.search).toBe('?ts.search=nothing-matches');
  });
});
