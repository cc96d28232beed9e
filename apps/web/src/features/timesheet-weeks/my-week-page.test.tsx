import { TIMESHEET_MESSAGES, type RunningTimer, type TimesheetGrid } from '@taskhive/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, render, signedIn } from '../../test/render';
import { grid, PROJECT, row, TASK_A, TASK_B } from './fixtures';
import MyWeekPage from './my-week-page';
import { addDays, formatDay, today, weekStartOf } from './week-days';

const session = signedIn({ permissions: ['timelog:read', 'timelog:create', 'timelog:update'] });

interface Call {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
}

/** Serves the grid (and the timer, none by default); PUT /Timesheets/cells answers `cell` (default 200). */
function serve(
  week: TimesheetGrid,
  cell: () => Response | Promise<Response> = () => jsonResponse(200, {}),
  timer: RunningTimer | null = null,
) {
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
      if (url.pathname === '/api/Timesheets/weeks/mine') return jsonResponse(200, week);
      if (url.pathname === '/api/Timelogs/timer') return jsonResponse(200, timer);
      if (url.pathname === '/api/Timesheets/cells') return cell();
      if (url.pathname === '/api/Tasks/users/mytasks')
        return jsonResponse(200, {
          items: myTasks,
          totalCount: myTasks.length,
          pageNumber: 1,
          pageSize: 100,
          totalPages: 1,
        });
      return jsonResponse(404, null, { message: 'Not found' });
    }),
  );
  return calls;
}

const cellInput = (day: string) => screen.getByRole('textbox', { name: `APL-1 Design the lander, ${day}` });
const puts = (calls: Call[]) => calls.filter((c) => c.method === 'PUT' && c.path === '/api/Timesheets/cells');

afterEach(() => vi.unstubAllGlobals());

/** The caller's tasks as the Add row picker reads them (only the fields it uses matter). */
const myTasks = [
  { taskId: TASK_A, key: 'APL-1', title: 'Design the lander', projectId: PROJECT, projectName: 'Apollo' },
  { taskId: TASK_B, key: 'APL-2', title: 'Test the engines', projectId: PROJECT, projectName: 'Apollo' },
];

describe('My week', () => {
  it.each(['1:30', '1.5', '90m'])(
    'typing %s in a cell saves 90 minutes, and the totals follow at once',
    async (typed) => {
      let answer: (r: Response) => void = () => undefined;
      const calls = serve(grid(), () => new Promise<Response>((resolve) => (answer = resolve)));
      const { user } = render(<MyWeekPage />, {
        preloadedState: session,
        route: '/app/timesheets/week?week=2026-06-16',
      });
      const tue = await screen.findByRole('textbox', { name: 'APL-1 Design the lander, Tue Jun 16' });
      expect(calls.find((c) => c.path === '/api/Timesheets/weeks/mine')?.search.get('weekStart')).toBe(
        '2026-06-16',
      );
      await user.click(tue);
      await user.keyboard(`${typed}{Enter}`);
      await waitFor(() => expect(puts(calls)).toHaveLength(1));
      expect(puts(calls)[0]?.body).toEqual({
        day: '2026-06-16',
        projectId: PROJECT,
        taskId: TASK_A,
        duration: '01:30',
      });
      // Enter moved on to the next day's cell; the grid shows the new time before the server answers.
      expect(cellInput('Wed Jun 17')).toHaveFocus();
      expect(tue).toHaveValue('01:30');
      expect(screen.getByTestId('day-total-2026-06-16')).toHaveTextContent('01:30');
      expect(screen.getByTestId('week-total')).toHaveTextContent('2h 30m / 40h');
      answer(jsonResponse(200, {}));
    },
  );

  it('a refused save is undone and its reason shown', async () => {
    const calls = serve(grid(), () =>
      jsonResponse(409, null, { message: TIMESHEET_MESSAGES.lockedBefore('2026-06-17') }),
    );
    const { user } = render(<MyWeekPage />, { preloadedState: session });
    const mon = await screen.findByRole('textbox', { name: 'APL-1 Design the lander, Mon Jun 15' });
    expect(mon).toHaveValue('01:00');
    await user.clear(mon);
    await user.type(mon, '3h');
    await user.tab();
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]?.body).toMatchObject({ day: '2026-06-15', duration: '03:00' });
    expect(await screen.findByText(TIMESHEET_MESSAGES.lockedBefore('2026-06-17'))).toBeInTheDocument();
    await waitFor(() => expect(mon).toHaveValue('01:00'));
    expect(screen.getByTestId('day-total-2026-06-15')).toHaveTextContent('01:00');
  });

  it('clearing a cell sends an empty duration; a typo is not sent', async () => {
    const calls = serve(grid());
    const { user } = render(<MyWeekPage />, { preloadedState: session });
    const mon = await screen.findByRole('textbox', { name: 'APL-1 Design the lander, Mon Jun 15' });
    await user.clear(mon);
    await user.type(cellInput('Tue Jun 16'), 'soon');
    await user.tab();
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]?.body).toMatchObject({ day: '2026-06-15', duration: '' });
    expect(cellInput('Tue Jun 16')).toHaveAttribute('aria-invalid', 'true');
  });

  it('totals per day and for the week against the expected hours', async () => {
    serve(
      grid({
        rows: [
          row(),
          row({
            taskId: null,
            taskKey: null,
            taskTitle: null,
            minutes: [30, 120, 0, 0, 0, 0, 0],
            entryCounts: [1, 1, 0, 0, 0, 0, 0],
          }),
        ],
        dayMinutes: [90, 120, 0, 0, 0, 0, 0],
        totalMinutes: 210,
        expectedMinutes: 1800,
      }),
    );
    render(<MyWeekPage />, { preloadedState: session });
    expect(await screen.findByTestId('day-total-2026-06-15')).toHaveTextContent('01:30');
    expect(screen.getByTestId('day-total-2026-06-16')).toHaveTextContent('02:00');
    expect(screen.getByTestId('week-total')).toHaveTextContent('3h 30m / 30h');
    expect(screen.getByTestId('week-summary')).toHaveTextContent('3h 30m of 30h expected');
    expect(screen.getByRole('rowheader', { name: /Apollo \(no task\)/ })).toBeInTheDocument();
  });

  it('a submitted week is read-only, with the reason, and cannot be submitted again', async () => {
    serve(grid({ status: 'submitted', locked: true, canSubmit: false }));
    render(<MyWeekPage />, { preloadedState: session });
    expect(await screen.findByText(TIMESHEET_MESSAGES.lockedSubmitted)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'My week' });
    expect(within(table).queryAllByRole('textbox')).toHaveLength(0);
    expect(within(table).getByLabelText('APL-1 Design the lander, Mon Jun 15: 01:00')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit week' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add row' })).not.toBeInTheDocument();
  });

  it('days before the lock date are read-only, the others typed; a cell of several entries links to them', async () => {
    serve(
      grid({
        lockedBefore: '2026-06-17',
        rows: [row({ minutes: [60, 0, 0, 120, 0, 0, 0], entryCounts: [1, 0, 0, 2, 0, 0, 0] })],
      }),
    );
    render(<MyWeekPage />, { preloadedState: session });
    expect(await screen.findByRole('alert')).toHaveTextContent(TIMESHEET_MESSAGES.lockedBefore('2026-06-17'));
    // The two locked days' headings carry a lock named with the reason.
    expect(screen.getAllByRole('img', { name: TIMESHEET_MESSAGES.lockedBefore('2026-06-17') })).toHaveLength(
      2,
    );
    expect(
      screen.queryByRole('textbox', { name: 'APL-1 Design the lander, Mon Jun 15' }),
    ).not.toBeInTheDocument();
    expect(
      screen.queryByRole('textbox', { name: 'APL-1 Design the lander, Tue Jun 16' }),
    ).not.toBeInTheDocument();
    expect(cellInput('Wed Jun 17')).toBeInTheDocument();
    const several = screen.getByRole('link', { name: /Thu Jun 18: 02:00 in 2 entries/ });
    expect(several).toHaveAttribute('href', '/app/t/APL-1');
  });

  it('days another week holds (after a change of the first day of the week) are read-only with the reason', async () => {
    const held = TIMESHEET_MESSAGES.heldByWeek('2026-06-10', 'approved');
    serve(grid({ heldDays: [held, held, null, null, null, null, null] }));
    render(<MyWeekPage />, { preloadedState: session });
    expect(await screen.findAllByRole('img', { name: held })).toHaveLength(2);
    expect(
      screen.queryByRole('textbox', { name: 'APL-1 Design the lander, Mon Jun 15' }),
    ).not.toBeInTheDocument();
    expect(
      screen.queryByRole('textbox', { name: 'APL-1 Design the lander, Tue Jun 16' }),
    ).not.toBeInTheDocument();
    expect(cellInput('Wed Jun 17')).toBeInTheDocument();
  });

  it('Submit asks first, then submits the week', async () => {
    const calls = serve(grid());
    const { user } = render(<MyWeekPage />, { preloadedState: session });
    await user.click(await screen.findByRole('button', { name: 'Submit week' }));
    const dialog = screen.getByRole('dialog', { name: 'Submit this week?' });
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/Timesheets/weeks/submit')?.body).toEqual({
        weekStart: '2026-06-15',
      }),
    );
  });

  it('a week wholly before the lock date is read-only and says from when time is open', async () => {
    serve(grid({ locked: true, lockedBefore: null, canSubmit: false }));
    render(<MyWeekPage />, { preloadedState: session });
    expect(await screen.findByText(TIMESHEET_MESSAGES.lockedBefore('2026-06-22'))).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'My week' })).queryAllByRole('textbox')).toHaveLength(0);
  });

  it('Add row finds one of my tasks by key, without the ones shown; its cells save on that task', async () => {
    const calls = serve(grid());
    const { user } = render(<MyWeekPage />, { preloadedState: session });
    await user.click(await screen.findByRole('button', { name: 'Add row' }));
    await user.type(screen.getByRole('combobox', { name: 'Task to add' }), 'apl');
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['APL-2 Test the engines']);
    await user.click(within(listbox).getByRole('option', { name: 'APL-2 Test the engines' }));
    const wed = screen.getByRole('textbox', { name: 'APL-2 Test the engines, Wed Jun 17' });
    await user.type(wed, '45m');
    await user.tab();
    await waitFor(() =>
      expect(puts(calls)[0]?.body).toEqual({
        day: '2026-06-17',
        projectId: PROJECT,
        taskId: TASK_B,
        duration: '00:45',
      }),
    );
  });

  it('the running timer shows in today’s cell of its task, with a row of its own when the task has none', async () => {
    const start = weekStartOf(today(), 1);
    serve(grid({ weekStart: start, weekEnd: addDays(start, 6) }), undefined, {
      timerId: '00000000-0000-4000-8000-600000000001',
      taskId: TASK_B,
      taskTitle: 'Test the engines',
      projectId: PROJECT,
      projectName: 'Apollo',
      description: null,
      billable: true,
      startedAt: new Date().toISOString(),
    });
    render(<MyWeekPage />, { preloadedState: session });
    const cell = await screen.findByRole('textbox', { name: `Test the engines, ${formatDay(today())}` });
    const icon = await within(cell.closest('td') as HTMLElement).findByRole('img', { name: 'Timer running' });
    expect(icon).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: 'Timer running' })).toHaveLength(1);
  });

  it('a rejected week shows the reason', async () => {
    serve(grid({ status: 'rejected', reason: 'Tuesday is missing', decidedByName: 'Mark Manager' }));
    render(<MyWeekPage />, { preloadedState: session });
    expect(await screen.findByTestId('rejection')).toHaveTextContent(
      'Rejected by Mark Manager: Tuesday is missing',
    );
  });

  it('in the evening west of UTC, this week is the person’s own and an evening entry lands on their day', async () => {
    // Sunday 21 June, 21:00 in Los Angeles: already Monday 22 June in UTC.
    const tz = process.env.TZ;
    process.env.TZ = 'America/Los_Angeles';
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-22T04:00:00Z'));
    try {
      expect(today()).toBe('2026-06-21');
      // The server answers the week of the person's today in their profile's zone: 15-21 June.
      const calls = serve(grid(), undefined, {
        timerId: '00000000-0000-4000-8000-600000000001',
        taskId: TASK_A,
        taskTitle: 'Design the lander',
        projectId: PROJECT,
        projectName: 'Apollo',
        description: null,
        billable: true,
        startedAt: new Date().toISOString(),
      });
      const { user } = render(<MyWeekPage />, { preloadedState: session });
      const sun = await screen.findByRole('textbox', { name: 'APL-1 Design the lander, Sun Jun 21' });
      // No day named: the server decides this week by the person's zone, not the UTC Monday.
      expect(calls.find((c) => c.path === '/api/Timesheets/weeks/mine')?.search.get('weekStart')).toBeNull();
      // The running timer is in Sunday's cell, the local today.
      expect(
        await within(sun.closest('td') as HTMLElement).findByRole('img', { name: 'Timer running' }),
      ).toBeInTheDocument();
      await user.click(sun);
      await user.keyboard('2h{Enter}');
      await waitFor(() => expect(puts(calls)).toHaveLength(1));
      // The entry is Sunday's, as the person sees their week: the day is sent as the cell's date.
      expect(puts(calls)[0]?.body).toEqual({
        day: '2026-06-21',
        projectId: PROJECT,
        taskId: TASK_A,
        duration: '02:00',
      });
    } finally {
      vi.useRealTimers();
      process.env.TZ = tz;
    }
  });
});
