import { screen, waitFor, within } from '@testing-library/react';
import { type CalendarTask, LABEL_MESSAGES, type Label, type TaskLabel } from '@taskhive/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, render, signedIn } from '../../test/render';
import { pathOf, PROJECT_ID, paged, project, serve } from '../../test/work-fixtures';
import { daysOf, paramsFor, rangeOf, stateFrom } from './calendar-dates';
import CalendarPage from './calendar-page';

const session = signedIn({ permissions: ['task:read', 'task:update', 'project:read'] });

let seq = 0;
function item(key: string, title: string, dueDate: string, extra: Partial<CalendarTask> = {}): CalendarTask {
  seq += 1;
  return {
    taskId: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    key,
    title,
    projectId: PROJECT_ID,
    projectName: 'Website',
    parentTaskId: null,
    statusName: 'Open',
    statusColor: '#1976d2',
    isDone: false,
    priorityName: null,
    startDate: null,
    dueDate,
    isOverdue: false,
    assigneeNames: ['Ada Lovelace'],
    labels: [],
    ...extra,
  };
}

const companyLabel = (n: number, name: string, color: TaskLabel['color']): Label => ({
  labelId: `30000000-0000-4000-8000-00000000000${n}`,
  name,
  color,
  taskCount: 1,
  createdAt: '2026-11-01T00:00:00.000Z',
});
const bug = companyLabel(1, 'Bug', 'red');
const ui = companyLabel(2, 'UI', 'indigo');
const urgent = companyLabel(3, 'Urgent', 'orange');
const onTask = ({ labelId, name, color }: Label): TaskLabel => ({ labelId, name, color });

/**
 * A server for the page: the tasks given (those carrying any of `labelIds` when asked, as the API
 * filters), the company's labels, and a feed link that POST makes and DELETE removes.
 */
function calendar(all: CalendarTask[], labels: Label[] = []) {
  let feed: { active: boolean; createdAt: string | null } = { active: false, createdAt: null };
  return serve((req) => {
    const path = pathOf(req);
    const q = new URL(req.url).searchParams;
    const labelIds = (q.get('labelIds') ?? '').split(',').filter(Boolean);
    const items = labelIds.length
      ? all.filter((t) => t.labels.some((l) => labelIds.includes(l.labelId)))
      : all;
    if (path === '/api/Labels') return jsonResponse(200, labels);
    if (path === '/api/Calendar/tasks')
      return jsonResponse(200, {
        from: q.get('from'),
        to: q.get('to'),
        projectId: q.get('projectId'),
        labelIds,
        items,
        truncated: false,
      });
    if (path === '/api/Project') return jsonResponse(200, paged([project()], 1, 100));
    if (path === '/api/Calendar/feed' && req.method === 'GET') return jsonResponse(200, feed);
    if (path === '/api/Calendar/feed' && req.method === 'POST') {
      feed = { active: true, createdAt: '2026-11-26T10:00:00.000Z' };
      return jsonResponse(201, {
        active: true,
        createdAt: '2026-11-26T10:00:00.000Z',
        url: 'http://localhost/api/Calendar/feed/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ.ics',
      });
    }
    if (path === '/api/Calendar/feed' && req.method === 'DELETE') {
      feed = { active: false, createdAt: null };
      return jsonResponse(200, feed);
    }
    return jsonResponse(404, null);
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('calendar dates and URL state', () => {
  it('a month is 6 weeks from the Monday on or before the 1st; a week runs Monday to Sunday', () => {
    const month = daysOf('month', '2026-11-15');
    expect(month).toHaveLength(42);
    expect(month[0]).toBe('2026-10-26');
    expect(month[41]).toBe('2026-12-06');
    expect(rangeOf('week', '2026-11-18')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
  });

  it('reads the URL, falls back on unreadable values, writes only what differs from the defaults', () => {
    const p = new URLSearchParams(`view=week&date=2026-02-30&projectId=nope&task=x`);
    expect(stateFrom(p, '2026-11-26')).toEqual({
      view: 'week',
      date: '2026-11-26',
      projectId: null,
      labelIds: [],
    });
    const next = paramsFor(
      { view: 'month', date: '2026-11-26', projectId: PROJECT_ID, labelIds: [] },
      p,
      '2026-11-26',
    );
    expect(next.get('view')).toBeNull();
    expect(next.get('date')).toBeNull();
    expect(next.get('projectId')).toBe(PROJECT_ID);
    expect(next.get('task')).toBe('x');
  });
});

describe('CalendarPage', () => {
  it('places tasks on their days in the month grid, with +N more, and opens a task', async () => {
    const copy = item('WEB-1', 'Write the copy', '2026-11-10');
    const late = item('WEB-2', 'Fix the header', '2026-11-20', { isOverdue: true });
    const done = item('WEB-3', 'Kick-off', '2026-11-02', { isDone: true, statusName: 'Completed' });
    const busy = ['WEB-4', 'WEB-5', 'WEB-6', 'WEB-7'].map((k) => item(k, `Busy ${k}`, '2026-11-12'));
    const calls = calendar([done, copy, ...busy, late]);
    const onOpenTask = vi.fn();
    const { user } = render(<CalendarPage onOpenTask={onOpenTask} />, {
      route: '/app/calendar?date=2026-11-15',
      preloadedState: session,
    });

    expect(await screen.findByRole('heading', { name: 'Calendar' })).toBeInTheDocument();
    const grid = await screen.findByTestId('month-grid');
    await waitFor(() => expect(grid.querySelector('[data-day="2026-11-10"]')).toHaveTextContent('WEB-1'));
    const cell = (day: string) => grid.querySelector<HTMLElement>(`[data-day="${day}"]`) as HTMLElement;
    expect(cell('2026-11-10')).toHaveTextContent('Write the copy');
    expect(cell('2026-11-11')).not.toHaveTextContent('WEB-1');
    expect(
      within(cell('2026-11-20')).getByRole('button', { name: /WEB-2 Fix the header \(overdue/ }),
    ).toBeInTheDocument();
    expect(
      within(cell('2026-11-02')).getByRole('button', { name: /WEB-3 Kick-off \(done/ }),
    ).toBeInTheDocument();
    // Three chips show, the fourth waits behind "+1 more".
    expect(within(cell('2026-11-12')).getAllByRole('button', { name: /^WEB-\d Busy/ })).toHaveLength(3);
    await user.click(within(cell('2026-11-12')).getByRole('button', { name: /1 more tasks/ }));
    expect(await screen.findByRole('button', { name: /WEB-7 Busy WEB-7/ })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    // 42 days, the grid's first and last.
    const get = calls.find((r) => pathOf(r) === '/api/Calendar/tasks');
    const params = new URL(get?.url ?? 'http://x').searchParams;
    expect(params.get('from')).toBe('2026-10-26');
    expect(params.get('to')).toBe('2026-12-06');
    expect(params.get('projectId')).toBeNull();
    // Days of other months are there (muted), the month's title says which month.
    expect(cell('2026-10-26')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(/2026/);

    await user.click(within(cell('2026-11-10')).getByRole('button', { name: /WEB-1 Write the copy/ }));
    expect(onOpenTask).toHaveBeenCalledWith(copy.taskId);
  });

  it('keeps view, date and project in the URL; Previous/Next/Today and the view toggle change it', async () => {
    const calls = calendar([item('WEB-9', 'Launch', '2026-11-18')]);
    const { user, router } = render(<CalendarPage onOpenTask={vi.fn()} />, {
      route: `/app/calendar?view=week&date=2026-11-18&projectId=${PROJECT_ID}`,
      preloadedState: session,
    });
    expect(await screen.findByTestId('week-grid')).toHaveTextContent('WEB-9');
    const last = () =>
      new URL(calls.filter((r) => pathOf(r) === '/api/Calendar/tasks').at(-1)?.url ?? 'http://x')
        .searchParams;
    expect(last().get('from')).toBe('2026-11-16');
    expect(last().get('to')).toBe('2026-11-22');
    expect(last().get('projectId')).toBe(PROJECT_ID);
    expect(await screen.findByRole('combobox', { name: 'Show' })).toHaveTextContent('Website');

    await user.click(screen.getByRole('button', { name: 'Next week' }));
    const search = () => new URLSearchParams(router.state.location.search);
    expect(search().get('date')).toBe('2026-11-25');
    expect(search().get('view')).toBe('week');
    expect(search().get('projectId')).toBe(PROJECT_ID);
    await waitFor(() => expect(last().get('from')).toBe('2026-11-23'));

    await user.click(screen.getByRole('button', { name: 'Month' }));
    expect(search().get('view')).toBeNull();
    expect(await screen.findByTestId('month-grid')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(search().get('date')).toBe('2026-10-25');

    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(search().get('date')).toBeNull();

    await user.click(screen.getByRole('combobox', { name: 'Show' }));
    await user.click(await screen.findByRole('option', { name: 'My tasks' }));
    expect(search().get('projectId')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Show' })).toHaveTextContent('My tasks');
  });

  it('at phone width, the month is an agenda of the days that have tasks (no 7-column grid)', async () => {
    vi.stubGlobal(
      'matchMedia',
      (query: string) =>
        ({
          matches: true,
          media: query,
          onchange: null,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
          addListener: () => undefined,
          removeListener: () => undefined,
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
    calendar([
      item('WEB-1', 'Write the copy', '2026-11-10'),
      item('WEB-2', 'Fix the header', '2026-11-20'),
      // The next month's first days are in the range, not in this month's agenda.
      item('WEB-3', 'December work', '2026-12-02'),
    ]);
    render(<CalendarPage onOpenTask={vi.fn()} />, {
      route: '/app/calendar?date=2026-11-15',
      preloadedState: session,
    });
    const agenda = await screen.findByTestId('agenda');
    await waitFor(() => expect(agenda.querySelectorAll('[data-day]')).toHaveLength(2));
    expect(screen.queryByTestId('month-grid')).toBeNull();
    expect(agenda).toHaveTextContent('WEB-1');
    expect(agenda).toHaveTextContent('WEB-2');
    expect(agenda).not.toHaveTextContent('WEB-3');
  });

  it('Subscribe: creates the link, shows it once with Copy, then reset and turn off ask first', async () => {
    const calls = calendar([]);
    const { user } = render(<CalendarPage onOpenTask={vi.fn()} />, {
      route: '/app/calendar',
      preloadedState: session,
    });
    await user.click(await screen.findByRole('button', { name: 'Subscribe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to your tasks' });
    expect(await within(dialog).findByText(/no calendar link yet/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    const link = await within(dialog).findByRole('textbox', { name: 'Your calendar link' });
    expect(link).toHaveValue(
      'http://localhost/api/Calendar/feed/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ.ics',
    );
    expect(calls.some((r) => pathOf(r) === '/api/Calendar/feed' && r.method === 'POST')).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe(
      'http://localhost/api/Calendar/feed/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ.ics',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Opened again: the link is on but not shown again; reset and turn off are offered.
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    const again = await screen.findByRole('dialog', { name: 'Subscribe to your tasks' });
    expect(await within(again).findByText(/Your calendar link is on/)).toBeInTheDocument();
    expect(within(again).queryByRole('textbox')).toBeNull();
    const posts = () => calls.filter((r) => pathOf(r) === '/api/Calendar/feed' && r.method === 'POST').length;
    await user.click(within(again).getByRole('button', { name: 'Reset link' }));
    const reset = await screen.findByRole('dialog', { name: 'Reset your calendar link?' });
    expect(posts()).toBe(1);
    await user.click(within(reset).getByRole('button', { name: 'Reset link' }));
    await waitFor(() => expect(posts()).toBe(2));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Reset your calendar link?' })).toBeNull(),
    );
    expect(await within(again).findByRole('textbox', { name: 'Your calendar link' })).toBeInTheDocument();
    await user.click(within(again).getByRole('button', { name: 'Turn off' }));
    const confirm = await screen.findByRole('dialog', { name: 'Turn off your calendar link?' });
    await user.click(within(confirm).getByRole('button', { name: 'Turn off' }));
    await waitFor(() =>
      expect(calls.some((r) => pathOf(r) === '/api/Calendar/feed' && r.method === 'DELETE')).toBe(true),
    );
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Turn off your calendar link?' })).toBeNull(),
    );
    expect(await within(again).findByText(/no calendar link yet/)).toBeInTheDocument();
    expect(within(again).getByRole('button', { name: 'Create link' })).toBeInTheDocument();
  });

  it('labels: dots on grid chips, named in the accessible name; the filter is in the URL and the request', async () => {
    const tagged = item('WEB-1', 'Write the copy', '2026-11-10', { labels: [onTask(bug), onTask(ui)] });
    const many = item('WEB-2', 'Fix the header', '2026-11-11', {
      labels: [
        onTask(bug),
        onTask(ui),
        onTask(urgent),
        onTask({ ...bug, labelId: `${bug.labelId.slice(0, -1)}9` }),
      ],
    });
    const plain = item('WEB-3', 'Kick-off', '2026-11-12');
    const calls = calendar([tagged, many, plain], [bug, ui, urgent]);
    const { user, router } = render(<CalendarPage onOpenTask={vi.fn()} />, {
      route: `/app/calendar?date=2026-11-15&labels=${ui.labelId}`,
      preloadedState: session,
    });
    const grid = await screen.findByTestId('month-grid');
    const chip = await within(grid).findByRole('button', { name: /WEB-1 Write the copy.*labels: Bug, UI$/ });
    // Two dots, no "+N"; four labels show three dots and "+1".
    expect(chip.querySelectorAll('.calendar-chip__labels > span')).toHaveLength(2);
    const crowded = within(grid).getByRole('button', { name: /WEB-2 .*labels: Bug, UI, Urgent, Bug$/ });
    expect(crowded.querySelector('.calendar-chip__labels')).toHaveTextContent('+1');
    // The filter from the URL: asked of the server, shown in the control; only labelled tasks drawn.
    const last = () =>
      new URL(calls.filter((r) => pathOf(r) === '/api/Calendar/tasks').at(-1)?.url ?? 'http://x')
        .searchParams;
    expect(last().get('labelIds')).toBe(ui.labelId);
    expect(within(grid).queryByRole('button', { name: /WEB-3/ })).toBeNull();
    const filter = await screen.findByRole('combobox', { name: LABEL_MESSAGES.filter });
    expect(filter).toHaveTextContent('UI');

    await user.click(filter);
    await user.click(within(await screen.findByRole('listbox')).getByText('Urgent'));
    const search = () => new URLSearchParams(router.state.location.search);
    await waitFor(() => expect(search().get('labels')).toBe(`${ui.labelId},${urgent.labelId}`));
    await waitFor(() => expect(last().get('labelIds')).toBe(`${ui.labelId},${urgent.labelId}`));
    await user.keyboard('{Escape}');
    // Cleared: no label in the URL nor the request, every task back.
    await user.click(screen.getByRole('combobox', { name: LABEL_MESSAGES.filter }));
    const list = within(await screen.findByRole('listbox'));
    await user.click(list.getByText('UI'));
    await user.click(list.getByText('Urgent'));
    await waitFor(() => expect(search().get('labels')).toBeNull());
    await waitFor(() => expect(last().get('labelIds')).toBeNull());
    await user.keyboard('{Escape}');
    expect(await within(grid).findByRole('button', { name: /WEB-3 Kick-off/ })).toBeInTheDocument();
  });

  it("at phone width, an agenda chip shows its first label's name and +N", async () => {
    vi.stubGlobal(
      'matchMedia',
      (query: string) =>
        ({
          matches: true,
          media: query,
          onchange: null,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
          addListener: () => undefined,
          removeListener: () => undefined,
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
    calendar(
      [item('WEB-1', 'Write the copy', '2026-11-10', { labels: [onTask(bug), onTask(ui)] })],
      [bug, ui],
    );
    render(<CalendarPage onOpenTask={vi.fn()} />, {
      route: '/app/calendar?date=2026-11-15',
      preloadedState: session,
    });
    const agenda = await screen.findByTestId('agenda');
    const chip = await within(agenda).findByRole('button', {
      name: /WEB-1 Write the copy.*labels: Bug, UI$/,
    });
    expect(chip.querySelector('.calendar-chip__labels')).toHaveTextContent('Bug+1');
  });
});
