import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  LABEL_MESSAGES,
  type Label,
  TIMELINE_MESSAGES,
  type ProjectTimeline as Timeline,
  type TaskLabel,
  type TimelineTask,
} from '@taskhive/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runToastAction } from '../../components/toast-actions';
import { jsonResponse, render, signedIn } from '../../test/render';
import { pathOf, PROJECT_ID, serve } from '../../test/work-fixtures';
import ProjectTimeline from './project-timeline';
import { DAY_WIDTH, geometry, OVERSCAN, ROW_HEIGHT, rowsOf, shifted, windowOf } from './timeline-layout';

const LIST_A = '00000000-0000-4000-8000-00000000a001';
const LIST_B = '00000000-0000-4000-8000-00000000a002';
const session = signedIn({ permissions: ['task:read', 'task:update', 'project:read'] });

let seq = 0;
function task(key: string, title: string, extra: Partial<TimelineTask> = {}): TimelineTask {
  seq += 1;
  return {
    taskId: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    key,
    title,
    taskListId: LIST_A,
    parentTaskId: null,
    statusName: 'Open',
    statusColor: '#1976d2',
    isDone: false,
    startDate: null,
    dueDate: null,
    assigneeNames: [],
    labels: [],
    ...extra,
  };
}

function timeline(tasks: TimelineTask[], edges: Timeline['edges'] = []): Timeline {
  return {
    projectId: PROJECT_ID,
    lists: [
      { taskListId: LIST_A, name: 'Design' },
      { taskListId: LIST_B, name: 'Build' },
    ],
    tasks,
    edges,
    truncated: false,
  };
}

/** A server: the timeline, and PUT /Tasks/{id} that records the body and answers it. */
function server(data: Timeline) {
  const puts: { url: string; body: Record<string, unknown> }[] = [];
  const calls = serve(async (req) => {
    const path = pathOf(req);
    if (path === '/api/Timeline') return jsonResponse(200, data);
    if (req.method === 'PUT' && path.startsWith('/api/Tasks/')) {
      const body = (await req.json()) as Record<string, unknown>;
      puts.push({ url: path, body });
      return jsonResponse(200, { taskId: path.split('/').pop(), projectId: PROJECT_ID, ...body });
    }
    return jsonResponse(404, null);
  });
  return { calls, puts };
}

function mount(onOpenTask = vi.fn(), route = '/') {
  return {
    onOpenTask,
    ...render(<ProjectTimeline projectId={PROJECT_ID} projectName="Website" onOpenTask={onOpenTask} />, {
      route,
      preloadedState: session,
    }),
  };
}

const bar = (key: string) => screen.getByRole('button', { name: new RegExp(`^${key} .*, `) });
const px = (el: HTMLElement, prop: 'left' | 'width') => Number.parseFloat(el.style[prop]);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('timeline layout', () => {
  it('groups dated tasks by list in the project order, the undated under Unscheduled, and collapses', () => {
    const a = task('W-1', 'Plan', { startDate: '2026-03-02', dueDate: '2026-03-06' });
    const b = task('W-2', 'Build', { taskListId: LIST_B, dueDate: '2026-03-10' });
    const c = task('W-3', 'Someday');
    const d = task('W-4', 'Early', { startDate: '2026-02-20', dueDate: '2026-02-21' });
    const labels = { unscheduled: 'Unscheduled', noList: 'Other' };
    const rows = rowsOf(timeline([a, b, c, d]), new Set(), labels);
    expect(rows.map((r) => (r.kind === 'group' ? `[${r.label} ${r.count}]` : r.task.key))).toEqual([
      '[Design 2]',
      'W-4',
      'W-1',
      '[Build 1]',
      'W-2',
      '[Unscheduled 1]',
      'W-3',
    ]);
    const folded = rowsOf(timeline([a, b, c, d]), new Set([LIST_A]), labels);
    expect(folded.map((r) => (r.kind === 'group' ? r.label : r.task.key))).toEqual([
      'Design',
      'Build',
      'W-2',
      'Unscheduled',
      'W-3',
    ]);
  });

  it('places bars by date, moves and resizes without crossing ends, windows rows', () => {
    expect(geometry({ kind: 'bar', start: '2026-03-04', end: '2026-03-06' }, '2026-03-02', 10)).toEqual({
      left: 20,
      width: 30,
    });
    expect(geometry({ kind: 'milestone', day: '2026-03-03' }, '2026-03-02', 10)).toEqual({
      left: 15,
      width: 0,
    });
    const t = { startDate: '2026-03-02', dueDate: '2026-03-04' };
    expect(shifted(t, 'move', 3)).toEqual({ startDate: '2026-03-05', dueDate: '2026-03-07' });
    expect(shifted(t, 'end', -5)).toEqual({ startDate: '2026-03-02', dueDate: '2026-03-02' });
    expect(shifted(t, 'start', 1)).toEqual({ startDate: '2026-03-03', dueDate: '2026-03-04' });
    expect(shifted({ startDate: null, dueDate: '2026-03-04' }, 'move', -1)).toEqual({
      startDate: null,
      dueDate: '2026-03-03',
    });
    expect(windowOf(0, 360, 5000)).toEqual({ first: 0, last: 10 + OVERSCAN });
    expect(windowOf(100 * ROW_HEIGHT, 360, 5000)).toEqual({ first: 100 - OVERSCAN, last: 110 + OVERSCAN });
    expect(windowOf(0, 360, 3)).toEqual({ first: 0, last: 2 });
  });
});

describe('ProjectTimeline', () => {
  it('draws bars from start to due by date, a milestone, the unscheduled, the arrows and today', async () => {
    const a = task('W-1', 'Plan', { startDate: '2026-03-02', dueDate: '2026-03-06' });
    const b = task('W-2', 'Build', { taskListId: LIST_B, startDate: '2026-03-09', dueDate: '2026-03-10' });
    const m = task('W-3', 'Launch', { taskListId: LIST_B, dueDate: '2026-03-12' });
    const u = task('W-4', 'Someday');
    server(
      timeline(
        [a, b, m, u],
        [
          { blockerTaskId: a.taskId, blockedTaskId: b.taskId },
          { blockerTaskId: b.taskId, blockedTaskId: m.taskId },
        ],
      ),
    );
    const { container } = mount();
    const planBar = await waitFor(() => bar('W-1'));
    const day = DAY_WIDTH.month;
    expect(px(planBar, 'width')).toBe(5 * day);
    const buildBar = bar('W-2');
    expect(px(buildBar, 'left') - px(planBar, 'left')).toBe(7 * day);
    expect(px(buildBar, 'width')).toBe(2 * day);
    const launch = bar('W-3');
    expect(launch).toHaveAttribute('data-kind', 'milestone');
    // The diamond (14 px) is centred on its day: 10 days and a half after the first bar's start.
    expect(px(launch, 'left') + 7 - px(planBar, 'left')).toBe(10.5 * day);
    expect(planBar).toHaveAccessibleName(/W-1 Plan, .*2.* to .*6/);
    expect(screen.getByRole('button', { name: 'Collapse Unscheduled' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /W-4 Someday/ })).toBeInTheDocument();
    expect(container.querySelectorAll('path[data-edge]')).toHaveLength(2);
    expect(screen.getByTestId('timeline-today')).toBeInTheDocument();
    // Collapsing a list hides its rows (and their arrows).
    fireEvent.click(screen.getByRole('button', { name: 'Collapse Build' }));
    expect(screen.queryByRole('button', { name: /^W-2 .*, / })).not.toBeInTheDocument();
    expect(container.querySelectorAll('path[data-edge]')).toHaveLength(0);
  });

  it('keyboard: arrows move the bar a day, Shift+arrows its end, Enter opens; Undo moves it back', async () => {
    const a = task('W-1', 'Plan', { startDate: '2026-03-02', dueDate: '2026-03-06' });
    const { puts } = server(timeline([a]));
    const { onOpenTask, store } = mount();
    const planBar = await waitFor(() => bar('W-1'));
    const left = px(planBar, 'left');
    planBar.focus();
    fireEvent.keyDown(planBar, { key: 'ArrowRight' });
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      url: `/api/Tasks/${a.taskId}`,
      body: { startDate: '2026-03-03', dueDate: '2026-03-07' },
    });
    // Shown at once on its new days.
    expect(px(bar('W-1'), 'left')).toBe(left + DAY_WIDTH.month);
    const toast = await waitFor(() => {
      const last = store.getState().toast.queue.at(-1);
      expect(last?.action?.label).toBe(TIMELINE_MESSAGES.undo);
      return last;
    });
    expect(toast?.message).toMatch(/^Moved W-1:/);
    fireEvent.keyDown(bar('W-1'), { key: 'ArrowLeft', shiftKey: true });
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]?.body).toEqual({ startDate: '2026-03-03', dueDate: '2026-03-06' });
    expect(px(bar('W-1'), 'width')).toBe(4 * DAY_WIDTH.month);
    // Undo of the last change: back to the dates before it.
    // The second change's toast replaced the first's.
    await waitFor(() => expect(store.getState().toast.queue.at(-1)?.id).not.toBe(toast?.id));
    expect(store.getState().toast.queue.some((t) => t.id === toast?.id)).toBe(false);
    const undo = store.getState().toast.queue.at(-1)?.action;
    expect(undo).toBeDefined();
    runToastAction(undo?.id ?? '');
    await waitFor(() => expect(puts).toHaveLength(3));
    expect(puts[2]?.body).toEqual({ startDate: '2026-03-03', dueDate: '2026-03-07' });
    fireEvent.keyDown(bar('W-1'), { key: 'Enter' });
    expect(onOpenTask).toHaveBeenCalledWith(a.taskId);
  });

  it('drags a bar to move it and its end to resize it', async () => {
    const a = task('W-1', 'Plan', { startDate: '2026-03-02', dueDate: '2026-03-06' });
    const { puts } = server(timeline([a]));
    mount(vi.fn(), '/?zoom=week');
    const planBar = await waitFor(() => bar('W-1'));
    const day = DAY_WIDTH.week;
    expect(px(planBar, 'width')).toBe(5 * day);
    fireEvent.pointerDown(planBar, { button: 0, clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(planBar, { clientX: 100 + 2 * day + 3, pointerId: 1 });
    fireEvent.pointerUp(planBar, { clientX: 100 + 2 * day + 3, pointerId: 1 });
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]?.body).toEqual({ startDate: '2026-03-04', dueDate: '2026-03-08' });
    const end = bar('W-1').querySelector('[data-handle="end"]') as HTMLElement;
    fireEvent.pointerDown(end, { button: 0, clientX: 300, pointerId: 2 });
    fireEvent.pointerMove(end, { clientX: 300 + 3 * day, pointerId: 2 });
    fireEvent.pointerUp(end, { clientX: 300 + 3 * day, pointerId: 2 });
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]?.body).toEqual({ startDate: '2026-03-04', dueDate: '2026-03-11' });
  });

  it('windows the rows: of 5,000 tasks only those in view are in the page, and scrolling brings others', async () => {
    const many = Array.from({ length: 5000 }, (_, i) =>
      task(`B-${i + 1}`, `Task ${i + 1}`, {
        startDate: `2026-0${1 + (i % 9)}-01`,
        dueDate: `2026-0${1 + (i % 9)}-10`,
      }),
    );
    server(
      timeline(many, [{ blockerTaskId: many[0]?.taskId ?? '', blockedTaskId: many[4999]?.taskId ?? '' }]),
    );
    const { container } = mount();
    await waitFor(() => expect(container.querySelectorAll('[data-row="task"]').length).toBeGreaterThan(0));
    const drawn = () => container.querySelectorAll('[data-row="task"]').length;
    expect(drawn()).toBeLessThan(40);
    const scroller = screen.getByTestId('timeline-scroll');
    const firstKeys = [...container.querySelectorAll('[data-row="task"]')].map((r) => r.textContent);
    scroller.scrollTop = 3000 * ROW_HEIGHT;
    fireEvent.scroll(scroller);
    await waitFor(() => {
      const keys = [...container.querySelectorAll('[data-row="task"]')].map((r) => r.textContent);
      expect(keys).not.toEqual(firstKeys);
    });
    expect(drawn()).toBeLessThan(40);
    // Rows are placed at their index: the first drawn is near row 3,000.
    const tops = [...container.querySelectorAll<HTMLElement>('[data-row]')].map((r) =>
      Number.parseFloat(r.style.top),
    );
    expect(Math.min(...tops)).toBeGreaterThanOrEqual((3000 - OVERSCAN - 1) * ROW_HEIGHT);
    // An arrow whose ends are both out of view is not drawn.
    expect(container.querySelectorAll('path[data-edge]')).toHaveLength(0);
    expect(within(scroller).getAllByRole('button').length).toBeLessThan(100);
  });

  it('zoom comes from the URL; without task:update, keys do not move', async () => {
    const a = task('W-1', 'Plan', { startDate: '2026-03-02', dueDate: '2026-03-06' });
    const { puts } = server(timeline([a]));
    render(<ProjectTimeline projectId={PROJECT_ID} projectName="Website" onOpenTask={vi.fn()} />, {
      route: '/?zoom=quarter',
      preloadedState: signedIn({ permissions: ['task:read'] }),
    });
    const planBar = await waitFor(() => bar('W-1'));
    expect(px(planBar, 'width')).toBe(5 * DAY_WIDTH.quarter);
    expect(screen.getByRole('button', { name: 'Quarter', pressed: true })).toBeInTheDocument();
    fireEvent.keyDown(planBar, { key: 'ArrowRight' });
    await new Promise((r) => setTimeout(r, 50));
    expect(puts).toHaveLength(0);
  });

  it('labels: dots and names on each row; the filter is in the URL and the request; filtered out, not drawn', async () => {
    const companyLabel = (n: number, name: string, color: TaskLabel['color']): Label => ({
      labelId: `30000000-0000-4000-8000-00000000000${n}`,
      name,
      color,
      taskCount: 1,
      createdAt: '2026-11-01T00:00:00.000Z',
    });
    const bug = companyLabel(1, 'Bug', 'red');
    const ui = companyLabel(2, 'UI', 'indigo');
    const on = ({ labelId, name, color }: Label): TaskLabel => ({ labelId, name, color });
    const a = task('W-1', 'Plan', {
      startDate: '2026-03-02',
      dueDate: '2026-03-06',
      labels: [on(bug), on(ui)],
    });
    const b = task('W-2', 'Build', { startDate: '2026-03-09', dueDate: '2026-03-12', labels: [on(ui)] });
    const c = task('W-3', 'Ship', { dueDate: '2026-03-13' });
    const all = timeline(
      [a, b, c],
      [
        { blockerTaskId: a.taskId, blockedTaskId: b.taskId },
        { blockerTaskId: b.taskId, blockedTaskId: c.taskId },
      ],
    );
    // As the API answers: only the tasks carrying any of labelIds, and the edges among them.
    const calls = serve((req) => {
      const path = pathOf(req);
      if (path === '/api/Labels') return jsonResponse(200, [bug, ui]);
      if (path !== '/api/Timeline') return jsonResponse(404, null);
      const ids = (new URL(req.url).searchParams.get('labelIds') ?? '').split(',').filter(Boolean);
      if (!ids.length) return jsonResponse(200, all);
      const tasks = all.tasks.filter((t) => t.labels.some((l) => ids.includes(l.labelId)));
      const kept = new Set(tasks.map((t) => t.taskId));
      const edges = all.edges.filter((e) => kept.has(e.blockerTaskId) && kept.has(e.blockedTaskId));
      return jsonResponse(200, { ...all, tasks, edges });
    });
    const last = () =>
      new URL(calls.filter((r) => pathOf(r) === '/api/Timeline').at(-1)?.url ?? 'http://x').searchParams;
    const { user, router } = mount(vi.fn(), `/?labels=${bug.labelId}`);

    // From the URL: asked of the server; only W-1 is drawn, its row names its labels, no arrow.
    const row = await screen.findByRole('button', { name: 'W-1 Plan, labels: Bug, UI' });
    expect(last().get('labelIds')).toBe(bug.labelId);
    expect(row.querySelectorAll('.timeline-row__labels > span')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /^W-2 Build/ })).toBeNull();
    expect(document.querySelectorAll('[data-edge]')).toHaveLength(0);
    const filter = screen.getByRole('combobox', { name: LABEL_MESSAGES.filter });
    expect(filter).toHaveTextContent('Bug');

    // UI instead: W-1 and W-2 and the arrow between them; W-3 (no label) and its arrow are not drawn.
    await user.click(filter);
    const list = within(await screen.findByRole('listbox'));
    await user.click(list.getByText('UI'));
    await user.click(list.getByText('Bug'));
    await user.keyboard('{Escape}');
    const search = () => new URLSearchParams(router.state.location.search);
    await waitFor(() => expect(search().get('labels')).toBe(ui.labelId));
    expect(await screen.findByRole('button', { name: 'W-2 Build, labels: UI' })).toBeInTheDocument();
    await waitFor(() => expect(document.querySelectorAll('[data-edge]')).toHaveLength(1));
    expect(document.querySelector(`[data-edge="${a.taskId}>${b.taskId}"]`)).not.toBeNull();
    expect(screen.queryByRole('button', { name: /^W-3 Ship/ })).toBeNull();
  });

  it('filtered to nothing: says so and keeps the filter to change', async () => {
    const bug: Label = {
      labelId: '30000000-0000-4000-8000-000000000001',
      name: 'Bug',
      color: 'red',
      taskCount: 0,
      createdAt: '2026-11-01T00:00:00.000Z',
    };
    serve((req) => {
      const path = pathOf(req);
      if (path === '/api/Labels') return jsonResponse(200, [bug]);
      if (path === '/api/Timeline') return jsonResponse(200, timeline([]));
      return jsonResponse(404, null);
    });
    mount(vi.fn(), `/?labels=${bug.labelId}`);
    expect(await screen.findByText(TIMELINE_MESSAGES.emptyFiltered)).toBeInTheDocument();
    // The control is there at once ("Any label") and names the label once the labels answer.
    const control = await screen.findByRole('combobox', { name: LABEL_MESSAGES.filter });
    await waitFor(() => expect(control).toHaveTextContent('Bug'));
  });
});
