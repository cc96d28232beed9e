import type { HoursReport, UserTasksByStatus } from '@taskhive/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
  projectCount: 2,
  otherProjectsMinutes: 0,
  otherProjectsHours: 0,
  byUser: [],
  userCount: 0,
  otherUsersMinutes: 0,
  otherUsersHours: 0,
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

/** The CSV downloads `serve` answered. */
const downloads: Request[] = [];
afterEach(() => {
  vi.unstubAllGlobals();
  downloads.length = 0;
});

/** Answers the user report's two requests; `calls` records every path and query asked. */
function serve(hours: HoursReport, people: { userId: string; userName: string }[] = []) {
  const calls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(input, init);
      const url = new URL(req.url);
      calls.push(url);
      if (url.pathname === '/api/taskreports/company-hours') return jsonResponse(200, hours);
      if (url.pathname === '/api/taskreports/company-hours/export.csv') {
        downloads.push(req);
        return new Response('Project,Code,Minutes,Hours,Estimated hours\r\n', {
          status: 200,
          headers: { 'Content-Type': 'text/csv' },
        });
      }
      if (url.pathname === '/api/taskreports/people') {
        const term = (url.searchParams.get('search') ?? '').toLowerCase();
        return jsonResponse(
          200,
          people.filter((p) => p.userName.toLowerCase().startsWith(term)),
        );
      }
      if (url.pathname.startsWith('/api/taskreports/user-tasks-by-status/')) return jsonResponse(200, TASKS);
      return jsonResponse(404, null);
    }),
  );
  return calls;
}

const cells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));

/** The reports page as a report:read user, once its hours table shows. */
async function openHoursTable() {
  render(<ReportsPage />, {
    route: '/app/reports',
    preloadedState: signedIn({ permissions: ['report:read'] }),
  });
  return screen.findByRole('table', { name: 'Hours and estimates by project' }, { timeout: 15_000 });
}

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
    const table = await openHoursTable();
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

describe('the hours report bounded (issue 28)', () => {
  const many: HoursReport = {
    ...HOURS,
    // The API lists the first projects by minutes; 3 more are summed.
    byProject: Array.from({ length: 12 }, (_, i) => ({
      projectId: id(100 + i),
      projectName: `Project ${String.fromCharCode(65 + i)}`,
      minutes: 600 - i * 30,
      hours: (600 - i * 30) / 60,
      estimatedMinutes: null,
    })),
    projectCount: 15,
    otherProjectsMinutes: 95,
    otherProjectsHours: 1.58,
  };

  it('the table ends with "N more projects" and their hours; the chart draws the first 10 and says so', async () => {
    serve(many);
    const table = await openHoursTable();
    const rows = cells(table);
    expect(rows).toHaveLength(1 + 12 + 1);
    expect(rows[1]).toEqual(['Project A', '10:00', '—']);
    expect(rows[12]).toEqual(['Project L', '04:30', '—']);
    expect(rows[13]).toEqual(['3 more projects — download all as CSV', '01:35', '']);
    expect(
      await screen.findByText(
        'The 10 projects with the most hours, of 15: the table below lists the rest.',
        {},
        {
          timeout: 15_000,
        },
      ),
    ).toBeInTheDocument();
  });

  it('no "more" row and no caption when every project is listed', async () => {
    serve(HOURS);
    const table = await openHoursTable();
    expect(cells(table)).toHaveLength(3);
    expect(table.textContent).not.toContain('more');
    expect(screen.queryByText(/projects with the most hours/)).not.toBeInTheDocument();
  });
});

describe('the hours report as CSV, every row (not only the first ones)', () => {
  const many: HoursReport = {
    ...HOURS,
    byProject: Array.from({ length: 3 }, (_, i) => ({
      projectId: id(200 + i),
      projectName: `Project ${i}`,
      minutes: 300 - i * 60,
      hours: (300 - i * 60) / 60,
      estimatedMinutes: null,
    })),
    projectCount: 53,
    otherProjectsMinutes: 500,
    otherProjectsHours: 8.33,
  };
  const me = '00000000-0000-4000-8000-000000000001';

  /** The one CSV request: its path, range, person and `by`, with the bearer token. */
  async function downloaded() {
    await waitFor(() => expect(downloads).toHaveLength(1));
    const req = downloads[0] as Request;
    const url = new URL(req.url);
    expect(url.pathname).toBe('/api/taskreports/company-hours/export.csv');
    expect(req.headers.get('authorization')).toMatch(/^Bearer /);
    const p = url.searchParams;
    expect(p.get('startDateTo')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(p.get('endDateTo')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The range the page shows (its From and To fields).
    expect(p.get('startDateTo')).toBe((screen.getByLabelText('From') as HTMLInputElement).value);
    expect(p.get('endDateTo')).toBe((screen.getByLabelText('To') as HTMLInputElement).value);
    expect(p.get('userId')).toBe(me);
    return p.get('by');
  }

  it('"N more projects" downloads every project', async () => {
    Object.assign(URL, { createObjectURL: () => 'blob:csv', revokeObjectURL: () => undefined });
    serve(many);
    const user = userEvent.setup();
    const table = await openHoursTable();
    await user.click(within(table).getByRole('button', { name: '50 more projects — download all as CSV' }));
    expect(await downloaded()).toBe('project');
  });

  it('the hours cards offer every project and every person as CSV (icon buttons with a tooltip)', async () => {
    Object.assign(URL, { createObjectURL: () => 'blob:csv', revokeObjectURL: () => undefined });
    serve(many);
    const user = userEvent.setup();
    await openHoursTable();
    const projects = screen.getByRole('button', { name: 'Download all projects as CSV' });
    await user.hover(projects);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Download all projects as CSV');
    await user.click(projects);
    expect(await downloaded()).toBe('project');
    downloads.length = 0;
    await user.click(screen.getByRole('button', { name: 'Download all people as CSV' }));
    expect(await downloaded()).toBe('person');
  });
});

describe("the user report's person picker", () => {
  const grace = { userId: id(7), userName: 'Grace Hopper' };
  const alan = { userId: id(8), userName: 'Alan Turing' };
  const me = { userId: '00000000-0000-4000-8000-000000000001', userName: 'Ada Lovelace' };

  it('lists the caller as "(me)" first, searches the people the caller may report on, and shows the chosen one', async () => {
    const calls = serve(HOURS, [me, alan, grace]);
    const user = userEvent.setup();
    render(<ReportsPage />, {
      route: '/app/reports',
      preloadedState: signedIn({ permissions: ['report:read:all'] }),
    });
    const picker = await screen.findByRole('combobox', { name: 'User' }, { timeout: 15_000 });
    expect(picker).toHaveValue('Ada Lovelace (me)');
    // Nothing asked before the list opens.
    expect(calls.some((u) => u.pathname === '/api/taskreports/people')).toBe(false);
    await user.click(picker);
    const list = await screen.findByRole('listbox');
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Ada Lovelace (me)', 'Alan Turing', 'Grace Hopper']),
    );
    await user.clear(picker);
    await user.type(picker, 'gr');
    await waitFor(() => expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(1));
    expect(
      calls.some((u) => u.pathname === '/api/taskreports/people' && u.searchParams.get('search') === 'gr'),
    ).toBe(true);
    await user.click(screen.getByRole('option', { name: 'Grace Hopper' }));
    expect(picker).toHaveValue('Grace Hopper');
    await waitFor(() =>
      expect(
        calls.some(
          (u) =>
            u.pathname === '/api/taskreports/company-hours' && u.searchParams.get('userId') === grace.userId,
        ),
      ).toBe(true),
    );
    // The whole company's hours are never loaded to build the list.
    expect(
      calls.some((u) => u.pathname === '/api/taskreports/company-hours' && !u.searchParams.get('userId')),
    ).toBe(false);
  });
});
