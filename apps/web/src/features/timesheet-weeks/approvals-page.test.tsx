import type { TimesheetWeek } from '@taskhive/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, render, signedIn } from '../../test/render';
import ApprovalsPage from './approvals-page';
import { week } from './fixtures';

const session = signedIn({ permissions: ['timelog:read', 'timelog:read:all'] });
const W1 = '00000000-0000-4000-8000-500000000001';
const W2 = '00000000-0000-4000-8000-500000000002';
const BOB = '00000000-0000-4000-8000-000000000009';

const waiting: TimesheetWeek[] = [
  week({ id: W1, status: 'submitted', canApprove: true, canSubmit: false, locked: true, totalMinutes: 2400 }),
  week({
    id: W2,
    userId: BOB,
    userName: 'Bob Builder',
    status: 'submitted',
    canApprove: true,
    canSubmit: false,
    locked: true,
    totalMinutes: 1800,
  }),
];

interface Call {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
}

function serve(items: TimesheetWeek[] = waiting) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(input, init);
      const url = new URL(req.url);
      const text = req.method === 'GET' ? '' : await req.text();
      calls.push({
        method: req.method,
        path: url.pathname,
        search: url.searchParams,
        body: text ? JSON.parse(text) : null,
      });
      if (url.pathname === '/api/Timesheets/approvals')
        return jsonResponse(200, {
          items,
          totalCount: items.length,
          pageNumber: 1,
          pageSize: 25,
          totalPages: 1,
        });
      if (
        url.pathname === '/api/Timesheets/weeks/approve' ||
        url.pathname === '/api/Timesheets/weeks/reject'
      ) {
        const body = JSON.parse(text) as { weekIds: string[] };
        return jsonResponse(200, { count: body.weekIds.length });
      }
      if (url.pathname.endsWith('/reopen')) return jsonResponse(200, week({ id: W1 }));
      return jsonResponse(404, null, { message: 'Not found' });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('Approvals', () => {
  it('lists the weeks waiting, with totals against expected; select all and approve them in one call', async () => {
    const calls = serve();
    const { user } = render(<ApprovalsPage />, {
      preloadedState: session,
      route: '/app/timesheets/approvals',
    });
    const rows = await screen.findAllByTestId('approval-row');
    expect(rows).toHaveLength(2);
    expect(calls[0]?.search.get('status')).toBe('submitted');
    expect(within(rows[1] as HTMLElement).getByText(/30h \/ 40h/)).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('10h short')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Select every week on this page' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/Timesheets/weeks/approve')?.body).toEqual({
        weekIds: [W1, W2],
      }),
    );
    expect(await screen.findByText('2 weeks approved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('2 selected')).not.toBeInTheDocument());
  });

  it('rejects the selected week only with a reason', async () => {
    const calls = serve();
    const { user } = render(<ApprovalsPage />, {
      preloadedState: session,
      route: '/app/timesheets/approvals',
    });
    await user.click(await screen.findByRole('checkbox', { name: /Select Bob Builder/ }));
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject this week' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('A reason is required')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/Timesheets/weeks/reject')).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Wednesday is missing');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/Timesheets/weeks/reject')?.body).toEqual({
        weekIds: [W2],
        reason: 'Wednesday is missing',
      }),
    );
    expect(await screen.findByText('Week rejected')).toBeInTheDocument();
  });

  it('the status tab and department are in the address; a decided week can be reopened', async () => {
    const decided = [week({ id: W1, status: 'approved', canReopen: true, canSubmit: false, locked: true })];
    const calls = serve(decided);
    const { user, router } = render(<ApprovalsPage />, {
      preloadedState: session,
      route: '/app/timesheets/approvals?status=approved',
    });
    await user.click(await screen.findByRole('button', { name: /^Reopen Ada Lovelace/ }));
    const dialog = screen.getByRole('dialog', { name: 'Reopen this week' });
    await user.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === `/api/Timesheets/weeks/${W1}/reopen`)?.body).toEqual({}),
    );
    expect(await screen.findByText('Week reopened')).toBeInTheDocument();
    expect(calls[0]?.search.get('status')).toBe('approved');
    await user.click(screen.getByRole('tab', { name: 'Rejected' }));
    expect(router.state.location.search).toBe('?status=rejected');
    await waitFor(() => expect(calls.at(-1)?.search.get('status')).toBe('rejected'));
  });
});
