import type { MemberReport, TeamReport } from '@taskhive/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, render, signedIn } from '../../test/render';
import ReportsPage from './reports-page';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const OPEN = id(50);
const DONE = id(51);

const member = (
  n: number,
  name: string,
  open: number,
  done: number,
  minutes: number,
  estimatedMinutes = 0,
) => ({
  userId: id(n),
  userName: name,
  departmentName: n === 2 ? 'Sales' : null,
  byStatus: [
    { statusId: OPEN, taskCount: open },
    { statusId: DONE, taskCount: done },
  ],
  taskCount: open + done,
  doneCount: done,
  minutes,
  hours: minutes / 60,
  estimatedMinutes,
});

const TEAM: TeamReport = {
  from: '2026-06-01',
  to: '2026-06-30',
  coverage: 'company',
  statuses: [
    { statusId: OPEN, statusName: 'Open', color: null, builtIn: null },
    { statusId: DONE, statusName: 'Completed', color: null, builtIn: 'completed' },
  ],
  summary: { members: 3, taskCount: 7, doneCount: 2, minutes: 690, hours: 11.5, estimatedMinutes: 1380 },
  members: [
    member(1, 'Ada Admin', 0, 0, 0),
    member(2, 'Carl Colleague', 1, 0, 240, 600),
    member(3, 'Eve Employee', 4, 2, 450, 780),
  ],
};

const MEMBER: MemberReport = {
  userId: id(3),
  userName: 'Eve Employee',
  from: '2026-06-01',
  to: '2026-06-30',
  taskCount: 2,
  doneCount: 1,
  minutes: 450,
  hours: 7.5,
  estimatedMinutes: 600,
  byStatus: [],
  tasks: [
    {
      taskId: id(70),
      title: 'Write the brief',
      projectId: id(80),
      projectName: 'Apollo',
      statusId: DONE,
      statusName: 'Completed',
      color: null,
      dueDate: '2026-06-10',
      minutesLogged: 90,
      hoursLogged: 1.5,
      estimatedMinutes: 600,
    },
    {
      taskId: id(71),
      title: 'Someday',
      projectId: id(80),
      projectName: 'Apollo',
      statusId: OPEN,
      statusName: 'Open',
      color: null,
      dueDate: null,
      minutesLogged: 360,
      hoursLogged: 6,
      estimatedMinutes: null,
    },
  ],
  byDay: [],
};

const paged = (items: unknown[]) => ({
  items,
  totalCount: items.length,
  page: 1,
  pageSize: 200,
  totalPages: 1,
});

function serve() {
  const calls: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(input, init);
      calls.push(req);
      const path = new URL(req.url).pathname;
      if (path === '/api/taskreports/team') return jsonResponse(200, TEAM);
      if (path === `/api/taskreports/member/${id(3)}`) return jsonResponse(200, MEMBER);
      if (path === '/api/Department' || path === '/api/Project') return jsonResponse(200, paged([]));
      return jsonResponse(404, null);
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

const admin = signedIn({ permissions: ['report:read', 'report:read:all'] });
const teamRoute = '/app/reports?view=team&from=2026-06-01&to=2026-06-30';

describe('the team report', () => {
  it('shows the sums, a row per member by name with tasks by status and hours, sorted as asked', async () => {
    const calls = serve();
    const { user, router } = render(<ReportsPage />, { route: teamRoute, preloadedState: admin });
    const table = await screen.findByRole('table', { name: 'Team report' }, { timeout: 15_000 });
    const views = screen.getByRole('navigation', { name: 'Report views' });
    expect(within(views).getByRole('link', { name: 'Team' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByLabelText('Members: 3')).toBeInTheDocument();
    expect(screen.getByLabelText('Done: 2')).toBeInTheDocument();
    expect(screen.getByLabelText('Hours: 11:30')).toBeInTheDocument();
    const names = () =>
      within(table)
        .getAllByRole('link')
        .map((a) => a.textContent);
    expect(names()).toEqual(['Ada Admin', 'Carl Colleague', 'Eve Employee']);
    const eve = within(table).getByRole('link', { name: 'Eve Employee' }).closest('tr') as HTMLElement;
    expect(
      within(eve)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Eve Employee', '—', '4', '2', '6', '2', '07:30', '13:00']);
    expect(table.textContent).not.toContain(id(3));
    const asked = new URL(calls.find((r) => r.url.includes('/taskreports/team'))?.url ?? '');
    expect(asked.searchParams.get('startDateTo')).toBe('2026-06-01');
    expect(asked.searchParams.get('endDateTo')).toBe('2026-06-30');

    await user.click(within(table).getByRole('button', { name: 'Hours' }));
    await user.click(within(table).getByRole('button', { name: 'Hours' }));
    await waitFor(() => expect(names()).toEqual(['Eve Employee', 'Carl Colleague', 'Ada Admin']));
    expect(router.state.location.search).toContain('sort=hours&order=desc');
  });

  it("shows each member's estimate beside the hours (issue 25), a named dash for none, sortable", async () => {
    serve();
    const route = `${teamRoute}&sort=estimated&order=desc`;
    const { user, router } = render(<ReportsPage />, { route, preloadedState: admin });
    const table = await screen.findByRole('table', { name: 'Team report' }, { timeout: 15_000 });
    expect(screen.getByLabelText('Estimated: 23:00')).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').at(-1)?.textContent)).toEqual([
      '13:00',
      '10:00',
      '—',
    ]);
    expect(within(rows[2] as HTMLElement).getByLabelText('No estimate')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Estimated' }));
    expect(router.state.location.search).toContain('sort=estimated&order=asc');
  });

  it("a member's row opens their report: tasks grouped by due date (none last), the period kept", async () => {
    serve();
    const { user, router } = render(<ReportsPage />, { route: teamRoute, preloadedState: admin });
    const table = await screen.findByRole('table', { name: 'Team report' }, { timeout: 15_000 });
    await user.click(within(table).getByRole('link', { name: 'Eve Employee' }));
    expect(
      await screen.findByRole('heading', { name: 'Eve Employee', level: 2 }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    const params = new URLSearchParams(router.state.location.search);
    expect([params.get('view'), params.get('member'), params.get('from')]).toEqual([
      'member',
      id(3),
      '2026-06-01',
    ]);
    expect(screen.getByText(/^Tasks grouped by due date\./)).toBeInTheDocument();
    const groups = screen.getAllByRole('region');
    expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual([
      expect.stringMatching(/^Due .*2026/),
      'No due date',
    ]);
    expect(within(groups[1] as HTMLElement).getByText('Someday')).toBeInTheDocument();
    // Issue 25: each task's hours against its estimate, and the member's estimate.
    expect(screen.getByLabelText('Hours logged: 01:30, estimated 10:00')).toHaveTextContent('01:30 of 10:00');
    expect(screen.getByLabelText('Hours logged: 06:00, no estimate')).toHaveTextContent(/^06:00$/);
    expect(screen.getByLabelText('Estimated: 10:00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Team report' }).getAttribute('href')).toMatch(
      /\?view=team&from=2026-06-01&to=2026-06-30$/,
    );
  });

  it('has no Team tab without report:read:all', async () => {
    serve();
    render(<ReportsPage />, {
      route: '/app/reports',
      preloadedState: signedIn({ permissions: ['report:read'] }),
    });
    expect(await screen.findByRole('link', { name: 'Tasks by date' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Report views' })).not.toBeInTheDocument();
  });
});
