import { BOARD_MESSAGES, type CustomField, MESSAGES } from '@taskhive/contract';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, render, signedIn } from '../../test/render';
import {
  boardPage,
  pathOf,
  project,
  PROJECT_ID,
  serve,
  status,
  STATUSES,
  task,
} from '../../test/work-fixtures';
import { ProjectBoard } from './project-board';
import { OpenTaskProvider } from './task-link';
import { tasksApi } from './tasks-api';

const TASKS = [task(1, 'Write brief'), task(2, 'Draw wireframes'), task(3, 'Ship it', 'In Progress')];
const titled = (title: string) => {
  const t = TASKS.find((x) => x.title === title);
  if (!t) throw new Error(`no task ${title}`);
  return t;
};
const session = signedIn({ permissions: ['project:read', 'task:read', 'task:update'] });

/**
 * jsdom lays nothing out: give each column and card a rectangle (columns 300 px apart, cards
 * 80 px apart) so dnd-kit's keyboard sensor can find the column to the right.
 */
function layOut(this: Element): DOMRect {
  const column = this.closest('[data-column-id]');
  const columns = Array.from(document.querySelectorAll('[data-column-id]'));
  const x = column ? columns.indexOf(column) * 300 : 0;
  if (column && this.matches('[data-testid="board-card"]')) {
    const j = Array.from(column.querySelectorAll('[data-testid="board-card"]')).indexOf(this);
    return new DOMRect(x + 10, 60 + j * 80, 260, 70);
  }
  return column ? new DOMRect(x, 0, 280, 1000) : new DOMRect(0, 0, 1200, 1000);
}

beforeEach(() => {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(layOut);
  // jsdom scrolls nothing: the board scrolls a card it moves by the keyboard into view.
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

const column = (name: string) => screen.getByRole('group', { name: `${name} column` });
const titlesIn = (name: string) =>
  within(column(name))
    .queryAllByTestId('board-card')
    .map(
      (c) =>
        within(c)
          .getAllByRole('button')
          .find((b) => !b.hasAttribute('aria-haspopup'))?.textContent,
    );

async function moveRightWithKeyboard(user: ReturnType<typeof render>['user'], title: string) {
  const card = screen.getByText(title).closest('[data-testid="board-card"]');
  if (!(card instanceof HTMLElement)) throw new Error('no card');
  card.focus();
  await user.keyboard('[Space]');
  await user.keyboard('[ArrowRight]');
  await user.keyboard('[Space]');
}

const BOARD_PATH = `/api/Tasks/projects/${PROJECT_ID}/board`;
const isBoardRead = (req: Request) => req.method === 'GET' && pathOf(req) === BOARD_PATH;

/** The board of the first load (no column loaded further) as the cache holds it. */
const selectBoard = tasksApi.endpoints.projectBoard.select({
  projectId: PROJECT_ID,
  limits: {},
  filters: {},
});
const cachedBoard = (store: ReturnType<typeof render>['store']) =>
  // The store's type knows the tags the app declares up front, not the ones the tasks API adds.
  selectBoard(store.getState() as Parameters<typeof selectBoard>[0]).data;
const nameOf = (statusId: string) => STATUSES.find((s) => s.statusId === statusId)?.name ?? statusId;

/** Each column's cached total, by status name. */
const cachedTotals = (store: ReturnType<typeof render>['store']) =>
  Object.fromEntries((cachedBoard(store)?.columns ?? []).map((c) => [nameOf(c.statusId), c.totalCount]));

/** The cached cards in their order, each with its status. */
const cachedTitles = (store: ReturnType<typeof render>['store']) =>
  cachedBoard(store)?.items.map((t) => `${t.title} (${t.statusName})`);

function renderBoard() {
  return render(
    <OpenTaskProvider>
      <ProjectBoard project={project()} />
    </OpenTaskProvider>,
    { preloadedState: session },
  );
}

describe('ProjectBoard', () => {
  it('moves a card to the next column at once, with the counts, before the server answers', async () => {
    let answer: (r: Response) => void = () => undefined;
    const calls = serve((req) => {
      if (req.method === 'PUT') return new Promise<Response>((resolve) => (answer = resolve));
      if (pathOf(req) === '/api/Taskstatuses') return jsonResponse(200, STATUSES);
      if (isBoardRead(req)) return jsonResponse(200, boardPage(TASKS));
      return jsonResponse(404, null);
    });
    const { user, store } = renderBoard();
    await screen.findByText('Write brief');
    expect(titlesIn('Open')).toEqual(['Write brief', 'Draw wireframes']);
    expect(within(column('Open')).getByLabelText('2 in Open')).toBeInTheDocument();
    const unmoved = () => cachedBoard(store)?.items.filter((t) => t.title !== 'Draw wireframes') ?? [];
    const kept = unmoved();

    await moveRightWithKeyboard(user, 'Draw wireframes');

    // Moved before any answer: the column (second there as here, so at its end) and the counts.
    expect(titlesIn('Open')).toEqual(['Write brief']);
    expect(titlesIn('In Progress')).toEqual(['Ship it', 'Draw wireframes']);
    expect(within(column('In Progress')).getByLabelText('2 in In Progress')).toBeInTheDocument();
    expect(within(column('Open')).getByLabelText('1 in Open')).toBeInTheDocument();
    // The cached board itself: the card among In Progress's cards, one moved between the totals.
    expect(cachedTitles(store)).toEqual([
      'Write brief (Open)',
      'Ship it (In Progress)',
      'Draw wireframes (In Progress)',
    ]);
    expect(cachedTotals(store)).toEqual({ Open: 1, 'In Progress': 2, Completed: 0 });
    // The cards that did not move keep their objects: their memoised cards do not render again.
    expect(kept).toHaveLength(2);
    unmoved().forEach((t, i) => expect(t).toBe(kept[i]));
    await vi.waitFor(() => expect(calls.some((r) => r.method === 'PUT')).toBe(true));
    const put = calls.find((r) => r.method === 'PUT');
    expect(put && pathOf(put)).toBe(`/api/Tasks/${TASKS[1]?.taskId}`);
    // After the last card of the column: its sortOrder + 1.
    expect(await put?.clone().json()).toEqual({ statusId: status('In Progress').statusId, sortOrder: 4 });

    answer(
      jsonResponse(200, { ...TASKS[1], statusId: status('In Progress').statusId, statusName: 'In Progress' }),
    );
    // The toast names the task and its new column, with an Undo.
    await vi.waitFor(() =>
      expect(store.getState().toast.queue.map((t) => [t.message, t.action?.label])).toEqual([
        [BOARD_MESSAGES.moved('Draw wireframes', 'In Progress'), 'Undo'],
      ]),
    );
    expect(titlesIn('In Progress')).toEqual(['Ship it', 'Draw wireframes']);
    expect(cachedTotals(store)).toEqual({ Open: 1, 'In Progress': 2, Completed: 0 });
  });

  it('puts the card back where it was and shows the error when the server refuses the move', async () => {
    let refuse: (r: Response) => void = () => undefined;
    const calls = serve((req) => {
      if (req.method === 'PUT') return new Promise<Response>((resolve) => (refuse = resolve));
      if (pathOf(req) === '/api/Taskstatuses') return jsonResponse(200, STATUSES);
      if (isBoardRead(req)) return jsonResponse(200, boardPage(TASKS, { Open: 30, 'In Progress': 7 }));
      return jsonResponse(404, null);
    });
    const { user, store } = renderBoard();
    await screen.findByText('Write brief');

    await moveRightWithKeyboard(user, 'Write brief');
    expect(titlesIn('Open')).toEqual(['Draw wireframes']);
    // An arrow to the side keeps the card's place: first there too.
    expect(titlesIn('In Progress')).toEqual(['Write brief', 'Ship it']);
    expect(within(column('Open')).getByLabelText('29 in Open')).toBeInTheDocument();
    expect(within(column('In Progress')).getByLabelText('8 in In Progress')).toBeInTheDocument();
    expect(cachedTotals(store)).toEqual({ Open: 29, 'In Progress': 8, Completed: 0 });

    refuse(jsonResponse(403, null, { message: MESSAGES.forbidden }));

    await vi.waitFor(() => expect(titlesIn('Open')).toEqual(['Write brief', 'Draw wireframes']));
    expect(titlesIn('In Progress')).toEqual(['Ship it']);
    expect(within(column('Open')).getByLabelText('30 in Open')).toBeInTheDocument();
    expect(within(column('In Progress')).getByLabelText('7 in In Progress')).toBeInTheDocument();
    expect(cachedTotals(store)).toEqual({ Open: 30, 'In Progress': 7, Completed: 0 });
    expect(cachedTitles(store)).toEqual([
      'Write brief (Open)',
      'Draw wireframes (Open)',
      'Ship it (In Progress)',
    ]);
    expect(store.getState().toast.queue.map((t) => [t.message, t.severity])).toEqual([
      [MESSAGES.forbidden, 'error'],
    ]);
    // The undo restored the cache: the board was not reloaded.
    expect(calls.filter(isBoardRead)).toHaveLength(1);
  });

  const highId = '50000000-0000-4000-8000-0000000000a1';
  const risk = {
    fieldId: '50000000-0000-4000-8000-000000000001',
    name: 'Risk',
    type: 'select',
    options: [{ id: highId, label: 'High' }],
    showOnCard: true,
    position: 0,
    projectCount: 1,
  } satisfies CustomField;
  const high = { customFields: { [risk.fieldId]: highId } };
  const PROJECT_FIELDS = `/api/CustomFields/projects/${PROJECT_ID}`;
  /** The board with two cards carrying a Risk value; `projectFields`: how the project's fields answer. */
  const serveFieldValues = (projectFields: Response) =>
    serve((req) => {
      if (pathOf(req) === '/api/Taskstatuses') return jsonResponse(200, STATUSES);
      if (pathOf(req) === '/api/CustomFields') return jsonResponse(200, [risk]);
      if (pathOf(req) === PROJECT_FIELDS) return projectFields.clone();
      if (isBoardRead(req))
        return jsonResponse(200, boardPage(TASKS.map((t, i) => (i < 2 ? { ...t, ...high } : t))));
      return jsonResponse(404, null);
    });

  it("shows the values of the fields shown on cards from the project's fields, without a read of their own", async () => {
    // The project's fields name the company's (enabled or not): the board reads them anyway.
    const calls = serveFieldValues(
      jsonResponse(200, { projectId: PROJECT_ID, fields: [risk], enabledFieldIds: [] }),
    );
    renderBoard();
    await screen.findByText('Write brief');
    await vi.waitFor(() => expect(screen.getAllByText('Risk: High')).toHaveLength(2));
    expect(within(column('In Progress')).queryByText(/^Risk:/)).toBeNull();
    expect(calls.filter((r) => pathOf(r) === PROJECT_FIELDS)).toHaveLength(1);
    expect(calls.filter((r) => pathOf(r) === '/api/CustomFields')).toHaveLength(0);
  });

  it("reads the company's fields once for the whole board when the project's are refused", async () => {
    // (a refusal, not a 5xx: the API client retries those before it gives up)
    const calls = serveFieldValues(jsonResponse(403, null));
    const { store } = renderBoard();
    await screen.findByText('Write brief');
    await vi.waitFor(() => expect(screen.getAllByText('Risk: High')).toHaveLength(2));
    expect(calls.filter((r) => pathOf(r) === '/api/CustomFields')).toHaveLength(1);
    // One subscription for the board, not one per card: each store action runs every subscriber.
    const subscriptions = store.dispatch(
      tasksApi.internalActions.internal_getRTKQSubscriptions(),
    ) as unknown as { getSubscriptionCount(key: string): number };
    expect(subscriptions.getSubscriptionCount('listCustomFields(undefined)')).toBe(1);
  });

  it('shows every column with its first cards and its total from the board answer', async () => {
    const calls = serve((req) => {
      if (pathOf(req) === '/api/Taskstatuses') return jsonResponse(200, STATUSES);
      if (isBoardRead(req)) return jsonResponse(200, boardPage(TASKS, { Open: 12 }));
      return jsonResponse(404, null);
    });
    renderBoard();
    await screen.findByText('Write brief');

    expect(
      within(screen.getByRole('region', { name: 'Board of Website' }))
        .getAllByRole('group')
        .map((g) => g.getAttribute('aria-label')),
    ).toEqual(['Open column', 'In Progress column', 'Completed column']);
    expect(titlesIn('Open')).toEqual(['Write brief', 'Draw wireframes']);
    expect(titlesIn('In Progress')).toEqual(['Ship it']);
    expect(titlesIn('Completed')).toEqual([]);
    expect(within(column('Open')).getByLabelText('12 in Open')).toBeInTheDocument();
    expect(within(column('In Progress')).getByLabelText('1 in In Progress')).toBeInTheDocument();
    expect(within(column('Completed')).getByLabelText('0 in Completed')).toBeInTheDocument();
    // Only the column with cards it has not loaded offers more.
    expect(within(column('Open')).getByRole('button', { name: 'Show 10 more' })).toBeInTheDocument();
    expect(within(column('In Progress')).queryByRole('button', { name: /^Show/ })).toBeNull();
    expect(screen.getByText(/Drag a card to change its status/)).toBeInTheDocument();
    expect(screen.queryByText(/Showing the first/)).toBeNull();

    // One read: the board endpoint, each column's first page, no column loaded further.
    const reads = calls.filter(isBoardRead);
    expect(reads).toHaveLength(1);
    const params = new URL(reads[0]?.url ?? '').searchParams;
    expect(params.get('perColumn')).toBe('50');
    expect(params.has('limits')).toBe(false);
    expect(calls.some((r) => pathOf(r).endsWith('/tasks'))).toBe(false);
  });

  it('shows the next cards of a column: the loaded ones first, then more from the server', async () => {
    const open = Array.from({ length: 53 }, (_, i) => task(i + 1, `Card ${i + 1}`));
    const shipIt = task(100, 'Ship it', 'In Progress');
    let answerMore: (r: Response) => void = () => undefined;
    const calls = serve((req) => {
      if (pathOf(req) === '/api/Taskstatuses') return jsonResponse(200, STATUSES);
      if (isBoardRead(req) && new URL(req.url).searchParams.has('limits')) {
        return new Promise<Response>((resolve) => (answerMore = resolve));
      }
      if (isBoardRead(req)) return jsonResponse(200, boardPage([...open.slice(0, 50), shipIt], { Open: 53 }));
      return jsonResponse(404, null);
    });
    const { user } = renderBoard();
    await screen.findByText('Card 1');
    expect(within(column('Open')).getByLabelText('53 in Open')).toBeInTheDocument();
    // A screenful first, the column's first 40 just after that paint (Board's FIRST_PAINT_CARDS).
    await vi.waitFor(() => expect(titlesIn('Open')).toHaveLength(40));

    // The 10 loaded cards not shown yet show without a request.
    await user.click(within(column('Open')).getByRole('button', { name: 'Show 10 more' }));
    expect(titlesIn('Open')).toEqual(open.slice(0, 50).map((t) => t.title));
    expect(calls.filter(isBoardRead)).toHaveLength(1);

    // The last 3 are not loaded: the column asks for its next page.
    await user.click(within(column('Open')).getByRole('button', { name: 'Show 3 more' }));
    await vi.waitFor(() => expect(calls.filter(isBoardRead)).toHaveLength(2));
    const more = new URL(calls.filter(isBoardRead)[1]?.url ?? '').searchParams;
    expect(more.get('limits')).toBe(`${status('Open').statusId}:100`);
    expect(more.get('perColumn')).toBe('50');

    // Meanwhile the board stays, and the column's button says it is loading (and sends nothing more).
    const waiting = await within(column('Open')).findByRole('button', { name: 'Loading more cards…' });
    expect(waiting).toHaveAttribute('aria-disabled', 'true');
    expect(titlesIn('Open')).toHaveLength(50);
    expect(titlesIn('In Progress')).toEqual(['Ship it']);
    await user.click(waiting);
    expect(calls.filter(isBoardRead)).toHaveLength(2);

    answerMore(jsonResponse(200, boardPage([...open, shipIt])));
    await vi.waitFor(() => expect(titlesIn('Open')).toEqual(open.map((t) => t.title)));
    expect(within(column('Open')).getByLabelText('53 in Open')).toBeInTheDocument();
    expect(within(column('Open')).queryByRole('button', { name: /^(Show|Loading)/ })).toBeNull();
  });

  it('keeps the board and offers a retry when more cards of a column do not load', async () => {
    const open = Array.from({ length: 3 }, (_, i) => task(i + 1, `Card ${i + 1}`));
    let failMore = true;
    const calls = serve((req) => {
      if (pathOf(req) === '/api/Taskstatuses') return jsonResponse(200, STATUSES);
      if (isBoardRead(req) && new URL(req.url).searchParams.has('limits')) {
        return failMore
          ? jsonResponse(403, null, { message: MESSAGES.forbidden })
          : jsonResponse(200, boardPage([...open, task(4, 'Card 4')], { Open: 4 }));
      }
      if (isBoardRead(req)) return jsonResponse(200, boardPage(open, { Open: 4 }));
      return jsonResponse(404, null);
    });
    const { user } = renderBoard();
    await screen.findByText('Card 1');

    await user.click(within(column('Open')).getByRole('button', { name: 'Show 1 more' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.forbidden);
    expect(titlesIn('Open')).toEqual(['Card 1', 'Card 2', 'Card 3']);

    failMore = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await vi.waitFor(() => expect(titlesIn('Open')).toEqual(['Card 1', 'Card 2', 'Card 3', 'Card 4']));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls.filter(isBoardRead).map((r) => new URL(r.url).searchParams.get('limits'))).toEqual([
      null,
      `${status('Open').statusId}:100`,
      `${status('Open').statusId}:100`,
    ]);
  });

  it('shows the error with a retry when the board does not load, and the empty state for no tasks', async () => {
    let fail = true;
    serve((req) => {
      if (pathOf(req) === '/api/Taskstatuses') return jsonResponse(200, STATUSES);
      if (isBoardRead(req)) {
        return fail
          ? jsonResponse(403, null, { message: MESSAGES.forbidden })
          : jsonResponse(200, boardPage([]));
      }
      return jsonResponse(404, null);
    });
    const { user } = renderBoard();
    const panel = await screen.findByRole('alert');
    expect(panel).toHaveTextContent(MESSAGES.forbidden);

    fail = false;
    await user.click(within(panel).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No tasks yet')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Board of Website' })).toBeNull();
  });

  it('moves a card whose status changed elsewhere, with the totals, and drops a deleted one, undoing refusals', async () => {
    const answers: ((r: Response) => void)[] = [];
    serve((req) => {
      if (req.method === 'PUT' || req.method === 'DELETE') {
        return new Promise<Response>((resolve) => answers.push(resolve));
      }
      if (pathOf(req) === '/api/Taskstatuses') return jsonResponse(200, STATUSES);
      if (isBoardRead(req)) return jsonResponse(200, boardPage(TASKS, { Open: 9 }));
      return jsonResponse(404, null);
    });
    /** Answers the oldest request still waiting (once it was sent). */
    const respond = async (r: Response) => {
      await vi.waitFor(() => expect(answers.length).toBeGreaterThan(0));
      await act(async () => answers.shift()?.(r));
    };
    const { store } = renderBoard();
    await screen.findByText('Write brief');
    const done = status('Completed');

    // The task drawer's status menu, say: the new status shows at once.
    act(() => {
      void store.dispatch(
        tasksApi.endpoints.updateTask.initiate({
          taskId: titled('Write brief').taskId,
          body: { statusId: done.statusId },
          patch: { statusId: done.statusId, statusName: done.name, statusColor: done.color },
        }),
      );
    });
    await vi.waitFor(() => expect(titlesIn('Completed')).toEqual(['Write brief']));
    expect(titlesIn('Open')).toEqual(['Draw wireframes']);
    expect(within(column('Open')).getByLabelText('8 in Open')).toBeInTheDocument();
    expect(within(column('Completed')).getByLabelText('1 in Completed')).toBeInTheDocument();
    expect(cachedTotals(store)).toEqual({ Open: 8, 'In Progress': 1, Completed: 1 });

    await respond(jsonResponse(403, null, { message: MESSAGES.forbidden }));
    await vi.waitFor(() => expect(titlesIn('Open')).toEqual(['Write brief', 'Draw wireframes']));
    expect(titlesIn('Completed')).toEqual([]);
    expect(cachedTotals(store)).toEqual({ Open: 9, 'In Progress': 1, Completed: 0 });

    act(() => {
      void store.dispatch(tasksApi.endpoints.deleteTask.initiate(titled('Ship it')));
    });
    await vi.waitFor(() => expect(titlesIn('In Progress')).toEqual([]));
    expect(cachedTotals(store)).toEqual({ Open: 9, 'In Progress': 0, Completed: 0 });
    await respond(jsonResponse(403, null, { message: MESSAGES.forbidden }));
    await vi.waitFor(() => expect(titlesIn('In Progress')).toEqual(['Ship it']));
    expect(cachedTotals(store)).toEqual({ Open: 9, 'In Progress': 1, Completed: 0 });
  });

  it('moves one column per arrow, keeps the focus on the card, and tells screen readers titles and columns, never ids', async () => {
    const calls = serve((req) => {
      if (req.method === 'PUT') {
        return jsonResponse(200, {
          ...TASKS[0],
          statusId: status('Completed').statusId,
          statusName: 'Completed',
        });
      }
      if (pathOf(req) === '/api/Taskstatuses') return jsonResponse(200, STATUSES);
      if (isBoardRead(req)) return jsonResponse(200, boardPage(TASKS));
      return jsonResponse(404, null);
    });
    const { user } = renderBoard();
    await screen.findByText('Write brief');
    const live = () => document.querySelector('[id^="DndLiveRegion"]')?.textContent ?? '';
    const board = screen.getByRole('region', { name: 'Board of Website' });
    const cardOf = (title: string) => within(board).getByText(title).closest('[data-testid="board-card"]');

    const card = cardOf('Write brief');
    if (!(card instanceof HTMLElement)) throw new Error('no card');
    card.focus();
    await user.keyboard('[Space]');
    expect(live()).toBe('Picked up Write brief in the Open column, place 1 of 2.');

    // One press, one column: the first press too.
    await user.keyboard('[ArrowRight]');
    expect(titlesIn('In Progress')).toEqual(['Write brief', 'Ship it']);
    expect(live()).toBe('Write brief moved to the In Progress column, place 1 of 2.');
    expect(document.activeElement).toBe(cardOf('Write brief'));
    await user.keyboard('[ArrowRight]');
    expect(titlesIn('Completed')).toEqual(['Write brief']);
    expect(live()).toBe('Write brief moved to the Completed column, place 1 of 1.');
    // Past the last column: it stays.
    await user.keyboard('[ArrowRight]');
    expect(titlesIn('Completed')).toEqual(['Write brief']);
    expect(calls.some((r) => r.method === 'PUT')).toBe(false);

    await user.keyboard('[Space]');
    expect(live()).toBe('Write brief was dropped in the Completed column, place 1 of 1.');
    expect(live()).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    await vi.waitFor(() => expect(document.activeElement).toBe(cardOf('Write brief')));
    expect(titlesIn('Completed')).toEqual(['Write brief']);
    // The write follows the drop's paint (lib/after-paint.ts): wait for it, or it lands in the
    // next test's calls.
    await vi.waitFor(() => expect(calls.some((r) => r.method === 'PUT')).toBe(true));
    const put = calls.find((r) => r.method === 'PUT');
    expect(await put?.clone().json()).toEqual({ statusId: status('Completed').statusId, sortOrder: 0 });
    // The instructions every card points to name keys, not ids.
    const described = card.getAttribute('aria-describedby');
    expect(described && document.getElementById(described)?.textContent).toMatch(
      /^To move a card, press Space/,
    );
  });

  it('Escape puts the card back where it was and keeps the focus on it', async () => {
    const calls = serve((req) => {
      if (pathOf(req) === '/api/Taskstatuses') return jsonResponse(200, STATUSES);
      if (isBoardRead(req)) return jsonResponse(200, boardPage(TASKS));
      return jsonResponse(404, null);
    });
    const { user } = renderBoard();
    await screen.findByText('Write brief');
    const card = screen.getByText('Draw wireframes').closest('[data-testid="board-card"]');
    if (!(card instanceof HTMLElement)) throw new Error('no card');
    card.focus();
    await user.keyboard('[Space][ArrowRight][ArrowDown]');
    expect(titlesIn('In Progress')).toEqual(['Ship it', 'Draw wireframes']);
    await user.keyboard('[Escape]');
    expect(titlesIn('Open')).toEqual(['Write brief', 'Draw wireframes']);
    await vi.waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByText('Draw wireframes').closest('[data-testid="board-card"]'),
      ),
    );
    expect(document.querySelector('[id^="DndLiveRegion"]')?.textContent).toBe(
      'Moving Draw wireframes was cancelled. It stays in the Open column, place 2 of 2.',
    );
    expect(calls.filter((r) => r.method === 'PUT').map((r) => r.url)).toEqual([]);
  });

  it('Undo on the toast puts the card back in its column at its place', async () => {
    const bodies: unknown[] = [];
    serve(async (req) => {
      if (req.method === 'PUT') {
        const body = (await req.clone().json()) as { statusId: string };
        bodies.push(body);
        const s = STATUSES.find((x) => x.statusId === body.statusId);
        return jsonResponse(200, { ...TASKS[0], statusId: s?.statusId, statusName: s?.name });
      }
      if (pathOf(req) === '/api/Taskstatuses') return jsonResponse(200, STATUSES);
      if (isBoardRead(req)) return jsonResponse(200, boardPage(TASKS));
      return jsonResponse(404, null);
    });
    const { user, store } = renderBoard();
    await screen.findByText('Write brief');
    await moveRightWithKeyboard(user, 'Write brief');
    expect(titlesIn('In Progress')).toEqual(['Write brief', 'Ship it']);
    const toast = await screen.findByText(BOARD_MESSAGES.moved('Write brief', 'In Progress'));
    const alert = toast.closest('[role="alert"]');
    if (!(alert instanceof HTMLElement)) throw new Error('no alert');

    // Long after the drop (the drop's own hold on the focus is over).
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 60_000);
    await user.click(within(alert).getByRole('button', { name: 'Undo' }));

    // Back first in Open, before the card that followed it: that card's place is sent.
    await vi.waitFor(() => expect(titlesIn('Open')).toEqual(['Write brief', 'Draw wireframes']));
    // The focus is on the card, in its old column (defect 5: it went to the page with the toast).
    await vi.waitFor(() => {
      const focused = document.activeElement;
      expect(focused?.getAttribute('data-testid')).toBe('board-card');
      expect(focused).toHaveAccessibleName('Write brief');
      expect(column('Open').contains(focused)).toBe(true);
    });
    expect(titlesIn('In Progress')).toEqual(['Ship it']);
    expect(bodies).toEqual([
      { statusId: status('In Progress').statusId, sortOrder: 3 },
      { statusId: status('Open').statusId, sortOrder: 2 },
    ]);
    await vi.waitFor(() =>
      expect(store.getState().toast.queue.map((t) => t.message)).toContain(
        BOARD_MESSAGES.movedBack('Write brief', 'Open'),
      ),
    );
  });

  it('moves a card from its menu, to the end of the column chosen, with the same toast', async () => {
    const calls = serve((req) => {
      if (req.method === 'PUT') {
        // The server answers the moved task's row, with the sparse key it took at the column's end.
        return jsonResponse(200, {
          ...titled('Write brief'),
          statusId: status('In Progress').statusId,
          statusName: 'In Progress',
          sortOrder: 4096,
        });
      }
      if (pathOf(req) === '/api/Taskstatuses') return jsonResponse(200, STATUSES);
      if (isBoardRead(req)) return jsonResponse(200, boardPage(TASKS));
      return jsonResponse(404, null);
    });
    const { user, store } = renderBoard();
    await screen.findByText('Write brief');

    await user.click(screen.getByRole('button', { name: 'Move Write brief' }));
    const menu = screen.getByRole('menu', { name: 'Move Write brief to' });
    // Every other column, in the board's order.
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Move to In Progress', 'Move to Completed']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Move to In Progress' }));

    expect(titlesIn('In Progress')).toEqual(['Ship it', 'Write brief']);
    expect(titlesIn('Open')).toEqual(['Draw wireframes']);
    // The write follows the drop's paint (lib/after-paint.ts).
    await vi.waitFor(() => expect(calls.some((r) => r.method === 'PUT')).toBe(true));
    const put = calls.find((r) => r.method === 'PUT');
    expect(await put?.clone().json()).toEqual({ statusId: status('In Progress').statusId, sortOrder: 4 });
    await vi.waitFor(() =>
      expect(store.getState().toast.queue.map((t) => [t.message, t.action?.label])).toEqual([
        [BOARD_MESSAGES.moved('Write brief', 'In Progress'), 'Undo'],
      ]),
    );
    // The answer's row is in the cache (task-cache.ts): the key the server took, not the guess; the
    // column totals moved once.
    expect(cachedBoard(store)?.items.find((t) => t.title === 'Write brief')?.sortOrder).toBe(4096);
    expect(cachedTotals(store)).toEqual({ Open: 1, 'In Progress': 2, Completed: 0 });
    expect(titlesIn('In Progress')).toEqual(['Ship it', 'Write brief']);
    await vi.waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByText('Write brief').closest('[data-testid="board-card"]'),
      ),
    );
  });

  it('offers no move menu to someone who may not move tasks', async () => {
    serve((req) => {
      if (pathOf(req) === '/api/Taskstatuses') return jsonResponse(200, STATUSES);
      if (isBoardRead(req)) return jsonResponse(200, boardPage(TASKS));
      return jsonResponse(404, null);
    });
    render(
      <OpenTaskProvider>
        <ProjectBoard project={project()} />
      </OpenTaskProvider>,
      { preloadedState: signedIn({ permissions: ['project:read', 'task:read'] }) },
    );
    await screen.findByText('Write brief');
    expect(screen.queryByRole('button', { name: /^Move / })).toBeNull();
  });
});
