import { act } from '@testing-library/react';
import type { Task } from '@taskhive/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { customFieldsApi } from '../api/custom-fields-api';
import { liveApi } from '../api/live-updates';
import { rememberOwnChanges } from '../api/own-changes';
import { authActions } from '../app/slices/auth-slice';
import { savedViewsApi } from '../features/saved-views/saved-views-api';
import { DEFAULT_TASK_QUERY, tasksApi } from '../features/tasks/tasks-api';
import { jsonResponse, render, signedIn } from '../test/render';
import { boardPage, status, task } from '../test/work-fixtures';
import { useLiveUpdates } from './use-live-updates';

function Probe() {
  useLiveUpdates();
  return null;
}

/** A stream the test writes frames into and may end. */
function sseStream() {
  let push: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (push = c) });
  const enc = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    frame: (event: string, data: unknown, id?: string) =>
      push?.enqueue(
        enc.encode(`${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
      ),
    end: () => push?.close(),
  };
}

type Call = { path: string; auth: string | null; lastEventId?: string | null };

/** Serves the event stream from `streams` in turn (a thrown error when none is left: "server down"). */
function serve(streams: (ReturnType<typeof sseStream> | 401)[], auth?: (req: Request) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(input, init);
      const path = new URL(req.url).pathname;
      const lastEventId = req.headers.get('last-event-id');
      calls.push({ path, auth: req.headers.get('authorization'), ...(lastEventId ? { lastEventId } : {}) });
      if (path === '/api/events') {
        const next = streams.shift();
        if (next === undefined) throw new TypeError('Failed to fetch');
        return next === 401 ? jsonResponse(401, null, { message: 'Session expired' }) : next.response;
      }
      if (path.startsWith('/api/auth/') && auth) return auth(req);
      return jsonResponse(404, null);
    }),
  );
  return calls;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Lets the fake-timer tests' streams and promises run (vi.waitFor would move the fake clock). */
async function until(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i++) await act(() => new Promise<void>((r) => setImmediate(r)));
  expect(check()).toBe(true);
}

const events = (calls: Call[]) => calls.filter((c) => c.path === '/api/events');

describe('useLiveUpdates', () => {
  it('opens one stream with the bearer token and invalidates the tags of each change', async () => {
    const s = sseStream();
    const calls = serve([s]);
    const invalidate = vi.spyOn(liveApi.util, 'invalidateTags');
    render(<Probe />, { preloadedState: signedIn() });
    await vi.waitFor(() => expect(events(calls)).toEqual([{ path: '/api/events', auth: 'Bearer access-1' }]));
    s.frame('ready', {});
    s.frame('change', { type: 'comment', action: 'created', id: 'c1', projectId: 'p1', taskId: 't1' });
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledWith([{ type: 'Timeline', id: 't1' }]));
    // The first ready is not a reconnect: nothing else was invalidated.
    expect(invalidate).toHaveBeenCalledTimes(1);
  });

  it('reconnects with back-off after the server went away, then invalidates everything live', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.spyOn(Math, 'random').mockReturnValue(1);
    const first = sseStream();
    const second = sseStream();
    // The first stream, then the server is down twice, then it is back.
    const streams: (ReturnType<typeof sseStream> | 401)[] = [first];
    const calls = serve(streams);
    const invalidate = vi.spyOn(liveApi.util, 'invalidateTags');
    render(<Probe />, { preloadedState: signedIn() });
    await until(() => events(calls).length === 1);
    first.frame('ready', {});
    first.end();
    await until(() => vi.getTimerCount() > 0);
    // 1 s, then (down) 2 s, then (down) 4 s.
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(events(calls)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    await until(() => events(calls).length === 2 && vi.getTimerCount() > 0);
    await act(() => vi.advanceTimersByTimeAsync(1999));
    expect(events(calls)).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(1));
    await until(() => events(calls).length === 3 && vi.getTimerCount() > 0);
    streams.push(second);
    await act(() => vi.advanceTimersByTimeAsync(3999));
    expect(events(calls)).toHaveLength(3);
    await act(() => vi.advanceTimersByTimeAsync(1));
    await until(() => events(calls).length === 4);
    expect(invalidate).not.toHaveBeenCalled();
    second.frame('ready', {});
    await until(() => invalidate.mock.calls.length > 0);
    await vi.waitFor(() =>
      expect(invalidate).toHaveBeenCalledWith([
        'Task',
        'TaskList',
        'Project',
        'Timeline',
        'TimeLog',
        'Timer',
        'Notification',
        // Live since every write records its change (issue 22).
        'TaskStatus',
        'Employee',
        'UserProfile',
        'CompanyRole',
        'Department',
        'Purchase',
        'CompanyModule',
        // A personal to-do's owner (issue 24).
        'Todo',
        // Timesheet weeks and settings (issue 25).
        'TimesheetWeek',
        'TimesheetSettings',
        // The company's labels, custom fields and saved views (issue 26).
        'Label',
        'CustomField',
        'SavedView',
      ]),
    );
  });

  it('a saved view changed refetches its place’s Views list only; a custom field, the fields', async () => {
    const s = sseStream();
    const fetched: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const req = input instanceof Request ? input : new Request(input, init);
        const url = new URL(req.url);
        if (url.pathname === '/api/events') return s.response;
        fetched.push(url.pathname + url.search);
        if (url.pathname === '/api/SavedViews')
          return jsonResponse(200, { place: url.searchParams.get('place'), items: [] });
        if (url.pathname === '/api/CustomFields') return jsonResponse(200, []);
        return jsonResponse(404, null);
      }),
    );
    const { store } = render(<Probe />, { preloadedState: signedIn() });
    const subs = [
      store.dispatch(savedViewsApi.endpoints.savedViews.initiate('p1')),
      store.dispatch(savedViewsApi.endpoints.savedViews.initiate('p2')),
      store.dispatch(customFieldsApi.endpoints.listCustomFields.initiate()),
    ];
    const count = (path: string) => fetched.filter((p) => p === path).length;
    const counts = () => [
      count('/api/SavedViews?place=p1'),
      count('/api/SavedViews?place=p2'),
      count('/api/CustomFields'),
    ];
    await vi.waitFor(() => expect(counts()).toEqual([1, 1, 1]));
    await vi.waitFor(() => expect(s.response.bodyUsed).toBe(true));
    s.frame('ready', {});
    s.frame('change', { type: 'savedview', action: 'created', id: 'v1', projectId: 'p1', taskId: null }, '7');
    await vi.waitFor(() => expect(counts()).toEqual([2, 1, 1]));
    s.frame(
      'change',
      { type: 'customfield', action: 'updated', id: 'f1', projectId: null, taskId: null },
      '8',
    );
    await vi.waitFor(() => expect(counts()).toEqual([2, 1, 2]));
    // A personal page view's change names no project: every Views list of the reader reads again.
    s.frame('change', { type: 'savedview', action: 'deleted', id: 'v2', projectId: null, taskId: null }, '9');
    await vi.waitFor(() => expect(counts()).toEqual([3, 2, 2]));
    for (const sub of subs) sub.unsubscribe();
  });

  it('on 401 asks /api/auth/me once (the normal refresh), then reconnects with the new token', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const s = sseStream();
    // The expired token gets 401 from /api/auth/me too; the refresh cookie gives a new one.
    const calls = serve([401, s], (req) => {
      if (new URL(req.url).pathname === '/api/auth/refresh-token')
        return jsonResponse(200, { token: 'access-2', accessToken: 'access-2', refreshToken: '' });
      return req.headers.get('authorization') === 'Bearer access-2'
        ? jsonResponse(200, { user: signedIn().auth.user, permissions: [] })
        : jsonResponse(401, null, { message: 'Session expired' });
    });
    render(<Probe />, { preloadedState: signedIn() });
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/api/auth/me')).toBe(true));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await vi.waitFor(() => expect(events(calls)).toHaveLength(2));
    expect(events(calls).map((c) => c.auth)).toEqual(['Bearer access-1', 'Bearer access-2']);
    expect(calls.filter((c) => c.path === '/api/auth/refresh-token')).toHaveLength(1);
  });

  it('closes the stream on sign-out and opens none without a token', async () => {
    const s = sseStream();
    const calls = serve([s]);
    const { store } = render(<Probe />, { preloadedState: signedIn() });
    await vi.waitFor(() => expect(events(calls)).toHaveLength(1));
    const aborted = vi.fn();
    const fetchMock = vi.mocked(fetch);
    const init = fetchMock.mock.calls[0]?.[1];
    init?.signal?.addEventListener('abort', aborted);
    act(() => {
      store.dispatch(authActions.sessionCleared());
    });
    await vi.waitFor(() => expect(aborted).toHaveBeenCalled());
    expect(events(calls)).toHaveLength(1);
  });

  it('resumes after a reconnect from the last change heard: the missed changes, nothing refetched wholesale', async () => {
    const first = sseStream();
    const second = sseStream();
    const third = sseStream();
    const calls = serve([first, second, third]);
    const invalidate = vi.spyOn(liveApi.util, 'invalidateTags');
    vi.spyOn(Math, 'random').mockReturnValue(0);
    render(<Probe />, { preloadedState: signedIn() });
    await vi.waitFor(() => expect(events(calls)).toHaveLength(1));
    first.frame('ready', {});
    first.frame('change', { type: 'task', action: 'updated', id: 't1', projectId: 'p1', taskId: null }, '41');
    first.frame(
      'change',
      { type: 'timelog', action: 'created', id: 'l1', projectId: 'p1', taskId: null },
      '42',
    );
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledTimes(2));
    first.end();
    await vi.waitFor(() => expect(events(calls)).toHaveLength(2), { timeout: 3000 });
    expect(events(calls)[1]?.lastEventId).toBe('42');
    second.frame('ready', { resumed: true });
    second.frame(
      'change',
      { type: 'comment', action: 'created', id: 'c9', projectId: 'p1', taskId: 't1' },
      '43',
    );
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledWith([{ type: 'Timeline', id: 't1' }]));
    // Resumed: no wholesale invalidation.
    expect(invalidate).not.toHaveBeenCalledWith(expect.arrayContaining(['Notification', 'TimeLog']));
    second.end();
    await vi.waitFor(() => expect(events(calls)).toHaveLength(3), { timeout: 3000 });
    expect(events(calls)[2]?.lastEventId).toBe('43');
    // Too far back for the server: everything live is refetched.
    third.frame('ready', { resumed: false });
    await vi.waitFor(() =>
      expect(invalidate).toHaveBeenCalledWith(expect.arrayContaining(['Notification', 'TimeLog'])),
    );
  });

  it("skips the echo of this tab's own change where its screens are already right, never another tab's", async () => {
    const s = sseStream();
    serve([s]);
    const invalidate = vi.spyOn(liveApi.util, 'invalidateTags');
    // This tab's writes answered change ids 7 and 8 (LIVE_CHANGE_IDS_HEADER); 10 was another tab's.
    rememberOwnChanges('7,8,12');
    render(<Probe />, { preloadedState: signedIn() });
    await vi.waitFor(() => expect(s.response.bodyUsed).toBe(true));
    s.frame('ready', {});
    const none = { projectId: null, taskId: null };
    s.frame('change', { type: 'employee', action: 'created', id: 'u1', ...none, mine: true }, '7');
    s.frame(
      'change',
      { type: 'task', action: 'updated', id: 't1', projectId: 'p1', taskId: null, mine: true },
      '8',
    );
    // The same session's other tab renamed a role: this tab did not, so it refetches (once its own
    // answers had time to name the id).
    s.frame('change', { type: 'companyrole', action: 'updated', id: 'r1', ...none, mine: true }, '10');
    // This tab's department change whose echo came before the write's answer: skipped once the
    // answer names it.
    s.frame('change', { type: 'department', action: 'updated', id: 'd2', ...none, mine: true }, '11');
    rememberOwnChanges('11');
    s.frame('change', { type: 'department', action: 'updated', id: 'd1', ...none }, '9');
    // This tab renamed project p7 (its mutation refetched its own tags); another user renamed p8.
    s.frame(
      'change',
      { type: 'project', action: 'updated', id: 'p7', projectId: 'p7', taskId: null, mine: true },
      '12',
    );
    s.frame('change', { type: 'project', action: 'updated', id: 'p8', projectId: 'p8', taskId: null }, '13');
    await vi.waitFor(() =>
      expect(invalidate).toHaveBeenCalledWith(expect.arrayContaining([{ type: 'Project', id: 'p8' }])),
    );
    expect(invalidate).not.toHaveBeenCalledWith(expect.arrayContaining([{ type: 'Project', id: 'p7' }]));
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledWith(['Department', 'Employee']));
    // This tab's task change (8) refetches in part (next test), never through the tags wholesale.
    expect(invalidate).not.toHaveBeenCalledWith(expect.arrayContaining(['Task']));
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledWith(['CompanyRole', 'Role', 'UserAccess']), {
      timeout: 4000,
    });
    // The other department frame (d1, not this session's) was applied once; d2, this tab's, never.
    expect(
      invalidate.mock.calls.filter(([tags]) => JSON.stringify(tags) === '["Department","Employee"]'),
    ).toHaveLength(1);
    expect(invalidate).not.toHaveBeenCalledWith(expect.arrayContaining([{ type: 'UserProfile', id: 'u1' }]));
  });

  it("refetches the lists on this tab's own task echo, not the board or the detail its answer filled; another tab's echo reads the task once and moves its card", async () => {
    const s = sseStream();
    const fetched: string[] = [];
    const moved = task(1, 'Write brief');
    const other = task(2, 'Stay put');
    let detail: Task = moved;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const req = input instanceof Request ? input : new Request(input, init);
        const path = new URL(req.url).pathname;
        fetched.push(path);
        if (path === '/api/events') return s.response;
        if (path.endsWith('/board')) return jsonResponse(200, boardPage([moved, other]));
        if (path === '/api/Tasks/users/mytasks')
          return jsonResponse(200, {
            items: [moved],
            totalCount: 1,
            pageNumber: 1,
            pageSize: 25,
            totalPages: 1,
          });
        if (path === `/api/Tasks/${moved.taskId}`)
          return jsonResponse(200, { ...detail, subtasks: [], documents: [] });
        return jsonResponse(404, null);
      }),
    );
    const { store } = render(<Probe />, { preloadedState: signedIn() });
    const boardArgs = { projectId: moved.projectId, limits: {} };
    const subs = [
      store.dispatch(tasksApi.endpoints.projectBoard.initiate(boardArgs)),
      store.dispatch(tasksApi.endpoints.listMyTasks.initiate(DEFAULT_TASK_QUERY)),
      store.dispatch(tasksApi.endpoints.getTask.initiate(moved.taskId)),
    ];
    const count = (end: string) => fetched.filter((p) => p.endsWith(end)).length;
    await vi.waitFor(() =>
      expect([count('/board'), count('/mytasks'), count(moved.taskId)]).toEqual([1, 1, 1]),
    );
    await vi.waitFor(() => expect(s.response.bodyUsed).toBe(true));
    s.frame('ready', {});
    rememberOwnChanges('21');
    const change = {
      type: 'task',
      action: 'updated',
      id: moved.taskId,
      projectId: moved.projectId,
      taskId: null,
    };
    s.frame('change', { ...change, mine: true }, '21');
    await vi.waitFor(() => expect(count('/mytasks')).toBe(2));
    expect([count('/board'), count(moved.taskId)]).toEqual([1, 1]);
    // Another user moved the task to In Progress: the task is read once and its card moves on the
    // board, which is not read again; the lists still refetch.
    const progress = status('In Progress');
    detail = {
      ...moved,
      statusId: progress.statusId,
      statusName: progress.name,
      updatedAt: '2026-01-02T00:00:00.000Z',
    };
    const cached = () => tasksApi.endpoints.projectBoard.select(boardArgs)(store.getState()).data;
    const before = cached()?.items.find((t) => t.taskId === other.taskId);
    s.frame('change', change, '22');
    await vi.waitFor(() =>
      expect([count('/board'), count('/mytasks'), count(moved.taskId)]).toEqual([1, 3, 2]),
    );
    const board = cached();
    expect(board?.items.map((t) => [t.title, t.statusName])).toEqual([
      ['Stay put', 'Open'],
      ['Write brief', 'In Progress'],
    ]);
    expect(board?.columns.map((c) => c.totalCount)).toEqual([1, 1, 0]);
    // The card that did not move keeps its object (its memoised card does not render again).
    expect(before).toBeDefined();
    expect(board?.items.find((t) => t.taskId === other.taskId)).toBe(before);
    for (const sub of subs) sub.unsubscribe();
  });

  it("reads a board again when the task's read cannot place it: a filtered board, a new task", async () => {
    const s = sseStream();
    const fetched: string[] = [];
    const moved = task(1, 'Write brief');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const req = input instanceof Request ? input : new Request(input, init);
        const url = new URL(req.url);
        fetched.push(url.pathname + url.search);
        if (url.pathname === '/api/events') return s.response;
        if (url.pathname.endsWith('/board')) return jsonResponse(200, boardPage([moved]));
        if (url.pathname === `/api/Tasks/${moved.taskId}`)
          return jsonResponse(200, { ...moved, subtasks: [], documents: [] });
        return jsonResponse(404, null);
      }),
    );
    const { store } = render(<Probe />, { preloadedState: signedIn() });
    const sub = store.dispatch(
      tasksApi.endpoints.projectBoard.initiate({
        projectId: moved.projectId,
        limits: {},
        filters: { priority: 'none' },
      }),
    );
    const boards = () => fetched.filter((p) => p.includes('/board')).length;
    const reads = () => fetched.filter((p) => p === `/api/Tasks/${moved.taskId}`).length;
    await vi.waitFor(() => expect(boards()).toBe(1));
    await vi.waitFor(() => expect(s.response.bodyUsed).toBe(true));
    s.frame('ready', {});
    const change = {
      type: 'task',
      action: 'updated',
      id: moved.taskId,
      projectId: moved.projectId,
      taskId: null,
    };
    // Filtered: whether the task still passes the filters only the board's read can tell.
    s.frame('change', change, '31');
    await vi.waitFor(() => expect(boards()).toBe(2));
    expect(reads()).toBe(1);
    // A created task: its tags invalidated (the board reads again), no read of the task.
    s.frame('change', { ...change, action: 'created' }, '32');
    await vi.waitFor(() => expect(boards()).toBe(3));
    expect(reads()).toBe(1);
    sub.unsubscribe();
  });
});
