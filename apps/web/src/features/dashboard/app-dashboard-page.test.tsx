import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, render, signedIn } from '../../test/render';
import AppDashboardPage from './app-dashboard-page';

const DASHBOARD = {
  today: '2026-11-23',
  weekStart: '2026-11-23',
  tasks: { openByStatus: [], openCount: 7, dueThisWeek: 2, overdue: 1 },
  time: { thisWeekMinutes: 90, lastWeekMinutes: 60, recent: [] },
  projects: [],
  company: null,
};

afterEach(() => vi.unstubAllGlobals());

describe('AppDashboardPage', () => {
  it('keeps the cards the rights bring in place while the figures load, so nothing moves', async () => {
    let answer: (r: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (input: RequestInfo | URL) =>
          new Promise<Response>((resolve) => {
            const url = String(input instanceof Request ? input.url : input);
            if (url.includes('/dashboard/me')) answer = resolve;
            else
              resolve(
                jsonResponse(200, { items: [], totalCount: 0, pageNumber: 1, pageSize: 1, totalPages: 0 }),
              );
          }),
      ),
    );
    render(<AppDashboardPage />, {
      preloadedState: signedIn({ permissions: ['task:read', 'timelog:read'] }),
    });
    // Before the answer: the four cards are there with no figure yet.
    expect(await screen.findByLabelText('Loading the dashboard')).toBeInTheDocument();
    const titles = ['My open tasks', 'Due this week', 'Overdue', 'Hours this week'];
    for (const t of titles) expect(screen.getByLabelText(`${t} value`)).toHaveTextContent('—');
    // No company card for a user without company-wide rights.
    expect(screen.queryByText('Company')).not.toBeInTheDocument();

    answer(jsonResponse(200, DASHBOARD));
    await waitFor(() => expect(screen.getByLabelText('My open tasks value')).toHaveTextContent('7'));
    expect(screen.getByLabelText('Overdue value')).toHaveTextContent('1');
    expect(screen.getByLabelText('Hours this week value')).toHaveTextContent('01:30');
    expect(screen.queryByLabelText('Loading the dashboard')).not.toBeInTheDocument();
  });

  it('shows no task cards to a user without task rights', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { ...DASHBOARD, tasks: null, time: null })),
    );
    render(<AppDashboardPage />, { preloadedState: signedIn({ permissions: [] }) });
    await waitFor(() => expect(screen.queryByLabelText('Loading the dashboard')).not.toBeInTheDocument());
    expect(screen.queryByLabelText('My open tasks value')).not.toBeInTheDocument();
  });
});
