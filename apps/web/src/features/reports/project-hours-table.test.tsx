import type { HoursReport, UserTasksByStatus } from '@taskhive/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, render, signedIn } from '../../test/render';
import ReportsPage from './reports-page';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const HOURS: HoursReport = {
  from: '2026-06-01',
  to: '2026-06-30',
  coverage: 'user',
  totalMinutes: 430,
  totalHours: 7.17,
  byProject: [
    { projectId: id(80), projectName: 'Apollo', minutes: 340, hours: 5.67, estimatedMinutes: 1080 },
    { projectId: id(81), projectName: 'Gemini', minutes: 90, hours: 1.5, estimatedMinutes: null },
  ],
  byUser: [],
  byDay: [],
};

const TASKS: UserTasksByStatus = {
  userId: id(1),
  userName: 'Ada Admin',
  from: '2026-06-01',
  to: '2026-06-30',
  totalCount: 0,
  totalMinutes: 0,
  totalHours: 0,
  items: [],
};

afterEach(() => vi.unstubAllGlobals());

describe("the user report's hours by project (issue 25)", () => {
  it("lists each project's hours in the period beside the project's estimate, names not ids", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const req = input instanceof Request ? input : new Request(input, init);
        const path = new URL(req.url).pathname;
        if (path === '/api/taskreports/company-hours') return jsonResponse(200, HOURS);
        if (path.startsWith('/api/taskreports/user-tasks-by-status/')) return jsonResponse(200, TASKS);
        return jsonResponse(404, null);
      }),
    );
    render(<ReportsPage />, {
      route: '/app/reports',
      preloadedState: signedIn({ permissions: ['report:read'] }),
    });
    const table = await screen.findByRole(
      'table',
      { name: 'Hours and estimates by project' },
      { timeout: 15_000 },
    );
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Project', 'Logged in period', 'Project estimate'],
      ['Apollo', '05:40', '18:00'],
      ['Gemini', '01:30', '—'],
    ]);
    expect(within(table).getByLabelText('No estimate')).toBeInTheDocument();
    expect(table.textContent).not.toContain(id(80));
  });
});
