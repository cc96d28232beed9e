import { BOARD_MESSAGES, type CustomField, type Person, type TaskPriority } from '@taskhive/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, render, signedIn } from '../../test/render';
import {
  boardPage,
  LIST_ID,
  pathOf,
  project,
  PROJECT_ID,
  serve,
  status,
  STATUSES,
  task,
  taskList,
} from '../../test/work-fixtures';
import { laneFields } from './board-lanes';
import { ProjectBoard } from './project-board';
import { OpenTaskProvider } from './task-link';

/** Issue 23's board: filters in the URL, quick add, swimlanes, the focus after an Undo. */

const ME = '00000000-0000-4000-8000-000000000001';
const ADA: Person = { userId: ME, firstName: 'Ada', lastName: 'Lovelace', profilePhotoUrl: null };
const BOB: Person = {
  userId: '00000000-0000-4000-8000-000000000099',
  firstName: 'Bob',
  lastName: 'Byte',
  profilePhotoUrl: null,
};
const member = (p: Person) => ({ ...p, email: 'x@acme.test', jobTitle: null, addedAt: '2026-01-01' });
const PRIORITIES: TaskPriority[] = [
  { priorityId: '30000000-0000-4000-8000-000000000001', name: 'Low', sortOrder: 1 } as TaskPriority,
  { priorityId: '30000000-0000-4000-8000-000000000004', name: 'Urgent', sortOrder: 4 } as TaskPriority,
];
const TASKS = [
  task(1, 'Write brief', 'Open', { assignees: [ADA] }),
  task(2, 'Draw wireframes', 'Open'),
  task(3, 'Ship it', 'In Progress', { assignees: [BOB] }),
];

const BOARD_PATH = `/api/Tasks/projects/${PROJECT_ID}/board`;
const isBoardRead = (req: Request) => req.method === 'GET' && pathOf(req) === BOARD_PATH;

/** jsdom lays nothing out: columns 300 px apart, cards 80 px apart (see task-board.test). */
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
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

function renderBoard(route = '/', permissions = ['project:read', 'task:read', 'task:update']) {
  return render(
    <OpenTaskProvider>
      <ProjectBoard project={project({ projectMembers: [member(ADA), member(BOB)] })} />
    </OpenTaskProvider>,
    { preloadedState: signedIn({ permissions }), route },
  );
}

/** Answers statuses, priorities and the board (`board` by the request), and records the rest. */
const RISK = {
  fieldId: '50000000-0000-4000-8000-000000000001',
  name: 'Risk',
  type: 'select',
  options: [
    { id: '50000000-0000-4000-8000-0000000000a1', label: 'High' },
    { id: '50000000-0000-4000-8000-0000000000a2', label: 'Low' },
  ],
  showOnCard: false,
  position: 0,
  projectCount: 1,
} satisfies CustomField;

function api(board: (url: URL) => ReturnType<typeof boardPage>, other?: (req: Request) => Promise<Response>) {
  return serve(async (req) => {
    if (pathOf(req).startsWith('/api/CustomFields/projects/'))
      return jsonResponse(200, { projectId: PROJECT_ID, fields: [RISK], enabledFieldIds: [RISK.fieldId] });
    if (pathOf(req) === '/api/Taskstatuses') return jsonResponse(200, STATUSES);
    if (pathOf(req) === '/api/Taskpriorities') return jsonResponse(200, PRIORITIES);
    if (isBoardRead(req)) return jsonResponse(200, board(new URL(req.url)));
    return other ? other(req) : jsonResponse(404, null);
  });
}

const column = (name: string) => screen.getByRole('group', { name: `${name} column` });
const boardReads = (calls: Request[]) => calls.filter(isBoardRead).map((r) => new URL(r.url).searchParams);

describe('board filters', () => {
  it('reads the filters from the URL, sends them to the board endpoint (me as my id), and counts hidden cards', async () => {
    const calls = api((url) =>
      url.searchParams.get('assignee')
        ? {
            ...boardPage([TASKS[0]].flatMap((t) => (t ? [t] : []))),
            columns: STATUSES.map((s) => ({
              statusId: s.statusId,
              totalCount: s.name === 'Open' ? 1 : 0,
              unfilteredCount: s.name === 'Open' ? 2 : s.name === 'In Progress' ? 1 : 0,
            })),
          }
        : boardPage(TASKS),
    );
    const { user, router } = renderBoard('/?tab=board&assignee=me&due=overdue');
    expect(await screen.findByText('Write brief')).toBeInTheDocument();
    const read = boardReads(calls).at(-1);
    expect(read?.get('assignee')).toBe(ME);
    expect(read?.get('due')).toBe('overdue');
    expect(screen.getByTestId('board-hidden-count')).toHaveTextContent(BOARD_MESSAGES.hidden(2));
    // An empty column says that filters hide its cards.
    expect(within(column('In Progress')).getByText(BOARD_MESSAGES.hiddenHere(1))).toBeInTheDocument();
    expect(within(column('Completed')).queryByText(/Filters hide/)).toBeNull();

    await user.click(screen.getByRole('button', { name: BOARD_MESSAGES.clearFilters }));
    expect(router.state.location.search).toBe('?tab=board');
    await vi.waitFor(() => expect(screen.getByText('Ship it')).toBeInTheDocument());
    expect(boardReads(calls).at(-1)?.get('assignee')).toBeNull();
    expect(screen.queryByTestId('board-hidden-count')).toBeNull();
  });

  it('a chosen filter goes in the URL as a new history entry; typed text after a pause', async () => {
    const calls = api(() => boardPage(TASKS));
    const { user, router } = renderBoard('/?tab=board');
    await screen.findByText('Write brief');
    await user.click(screen.getByRole('combobox', { name: 'Priority' }));
    await user.click(await screen.findByRole('option', { name: 'Urgent' }));
    expect(new URLSearchParams(router.state.location.search).get('priority')).toBe(PRIORITIES[1]?.priorityId);
    expect(router.state.historyAction).toBe('PUSH');
    await user.type(screen.getByRole('textbox', { name: 'Search cards' }), 'WEB-1');
    await vi.waitFor(() => expect(new URLSearchParams(router.state.location.search).get('q')).toBe('WEB-1'));
    await vi.waitFor(() => expect(boardReads(calls).at(-1)?.get('search')).toBe('WEB-1'));
    expect(boardReads(calls).at(-1)?.get('priority')).toBe(PRIORITIES[1]?.priorityId);
  });
});

describe('board custom-field filter (issue 26)', () => {
  it('filters the cards by an enabled field’s value, in the URL as `cf` and on the board endpoint', async () => {
    const calls = api((url) =>
      boardPage(url.searchParams.get('cf') ? TASKS.filter((t) => t.title === 'Write brief') : TASKS),
    );
    const { user, router } = renderBoard('/?tab=board');
    await screen.findByText('Ship it');
    await user.click(screen.getByRole('combobox', { name: 'Custom field' }));
    await user.click(await screen.findByRole('option', { name: 'Risk' }));
    await user.click(screen.getByRole('combobox', { name: 'Value' }));
    await user.click(await screen.findByRole('option', { name: 'High' }));
    const cf = `${RISK.fieldId}:${RISK.options[0]?.id ?? ''}`;
    expect(new URLSearchParams(router.state.location.search).get('cf')).toBe(cf);
    await vi.waitFor(() => expect(boardReads(calls).at(-1)?.get('cf')).toBe(cf));
    await vi.waitFor(() => expect(screen.queryByText('Ship it')).toBeNull());
    expect(screen.getByText('Write brief')).toBeInTheDocument();
    // Clear filters takes it out of the URL; the unfiltered board comes back (from the cache).
    await user.click(screen.getByRole('button', { name: BOARD_MESSAGES.clearFilters }));
    expect(router.state.location.search).toBe('?tab=board');
    expect(await screen.findByText('Ship it')).toBeInTheDocument();
  });

  it('a link to a field the project no longer has loads the board without it', async () => {
    const calls = api(() => boardPage(TASKS));
    renderBoard(`/?tab=board&cf=${'60000000-0000-4000-8000-000000000009'}:x`);
    await screen.findByText('Write brief');
    await vi.waitFor(() => expect(boardReads(calls).at(-1)?.get('cf')).toBeNull());
  });
});

describe('quick add', () => {
  it('creates the task in the column status and its first list, keeps the field open, Escape closes it', async () => {
    const bodies: { url: string; body: unknown }[] = [];
    api(
      () => boardPage(TASKS),
      async (req) => {
        if (req.method !== 'POST') return jsonResponse(404, null);
        const body = (await req.clone().json()) as { title: string; statusId: string };
        bodies.push({ url: pathOf(req), body });
        const s = STATUSES.find((x) => x.statusId === body.statusId);
        return jsonResponse(201, {
          ...task(9, body.title, s?.name ?? 'Open'),
          subtasks: [],
          documents: [],
        });
      },
    );
    const { user } = renderBoard('/', ['project:read', 'task:read', 'task:update', 'task:create']);
    await screen.findByText('Write brief');
    const add = within(column('In Progress')).getByRole('button', {
      name: BOARD_MESSAGES.addTo('In Progress column'),
    });
    await user.click(add);
    const field = screen.getByRole('textbox', { name: BOARD_MESSAGES.newTaskTitle('In Progress column') });
    expect(field).toHaveFocus();
    await user.type(field, 'Fix login{Enter}');
    await vi.waitFor(() => expect(within(column('In Progress')).getByText('Fix login')).toBeInTheDocument());
    expect(bodies).toEqual([
      {
        url: `/api/Tasks/tasklists/${LIST_ID}/tasks`,
        body: { title: 'Fix login', statusId: status('In Progress').statusId },
      },
    ]);
    // At the top of its column, and the field stays open and empty for the next one.
    const cards = within(column('In Progress')).getAllByTestId('board-card');
    expect(cards[0]).toHaveTextContent('Fix login');
    expect(field).toHaveValue('');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: /New task in/ })).toBeNull();
    expect(add).toHaveFocus();
  });

  it('offers a list picker when the project has several lists, and no quick add without task:create', async () => {
    api(() => boardPage(TASKS));
    const { unmount, user } = render(
      <OpenTaskProvider>
        <ProjectBoard
          project={project({
            taskLists: [
              taskList({ taskListId: LIST_ID, name: 'Backlog', sortOrder: 1 }),
              taskList({ taskListId: '00000000-0000-4000-8000-000000000801', name: 'Sprint', sortOrder: 2 }),
            ],
          })}
        />
      </OpenTaskProvider>,
      { preloadedState: signedIn({ permissions: ['task:read', 'task:create'] }) },
    );
    await screen.findByText('Write brief');
    await user.click(
      within(column('Open')).getByRole('button', { name: BOARD_MESSAGES.addTo('Open column') }),
    );
    expect(screen.getByRole('combobox', { name: 'Task list' })).toHaveTextContent('Backlog');
    unmount();

    renderBoard('/', ['task:read', 'task:update']);
    await screen.findByText('Write brief');
    expect(screen.queryByRole('button', { name: /Add a task to/ })).toBeNull();
  });
});

describe('swimlanes', () => {
  it('groups by assignee from the URL: lanes with names and counts, fold, the move menu stays in the lane', async () => {
    api(() => boardPage(TASKS));
    const { user } = renderBoard('/?group=assignee');
    await screen.findByText('Write brief');
    const lanes = screen.getAllByRole('region', { name: / lane$/ });
    expect(lanes.map((l) => l.getAttribute('aria-label'))).toEqual([
      'Ada Lovelace lane',
      'Bob Byte lane',
      'Unassigned lane',
    ]);
    const unassigned = screen.getByRole('region', { name: 'Unassigned lane' });
    expect(within(unassigned).getByRole('button', { name: /Unassigned/ })).toHaveTextContent('Unassigned1');
    expect(
      within(screen.getByRole('group', { name: 'Open column, Unassigned lane' })).getByText(
        'Draw wireframes',
      ),
    ).toBeInTheDocument();

    await user.click(within(unassigned).getByRole('button', { name: /Move Draw wireframes/ }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((m) => m.textContent),
    ).toEqual(['Move to In Progress', 'Move to Completed']);
    await user.keyboard('{Escape}');

    const fold = within(unassigned).getByRole('button', { name: /Unassigned/ });
    await user.click(fold);
    expect(fold).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Draw wireframes')).toBeNull();
  });

  it('the keyboard moves a card within its lane: next column, same assignee', async () => {
    const bodies: unknown[] = [];
    api(
      () => boardPage(TASKS),
      async (req) => {
        if (req.method !== 'PUT') return jsonResponse(404, null);
        const body = (await req.clone().json()) as { statusId: string };
        bodies.push(body);
        return jsonResponse(200, { ...TASKS[1], statusId: body.statusId, subtasks: [], documents: [] });
      },
    );
    const { user } = renderBoard('/?group=assignee');
    await screen.findByText('Write brief');
    const card = within(screen.getByRole('group', { name: 'Open column, Unassigned lane' })).getByTestId(
      'board-card',
    );
    card.focus();
    await user.keyboard('[Space]');
    await user.keyboard('[ArrowRight]');
    await user.keyboard('[Space]');
    await vi.waitFor(() =>
      expect(
        within(screen.getByRole('group', { name: 'In Progress column, Unassigned lane' })).getByText(
          'Draw wireframes',
        ),
      ).toBeInTheDocument(),
    );
    // Only the status and place: no assignee change within a lane.
    expect(bodies).toEqual([{ statusId: status('In Progress').statusId, sortOrder: 0 }]);
  });
});

describe('swimlanes by priority', () => {
  it('shows a lane per priority, highest first, then No priority; quick add in a lane sets its priority', async () => {
    const bodies: unknown[] = [];
    api(
      () =>
        boardPage([
          task(4, 'Hot', 'Open', { priorityId: PRIORITIES[1]?.priorityId ?? null, priorityName: 'Urgent' }),
          ...TASKS,
        ]),
      async (req) => {
        if (req.method !== 'POST') return jsonResponse(404, null);
        const body = (await req.clone().json()) as { title: string };
        bodies.push(body);
        return jsonResponse(201, {
          ...task(9, body.title, 'Open', {
            priorityId: PRIORITIES[0]?.priorityId ?? null,
            priorityName: 'Low',
          }),
          subtasks: [],
          documents: [],
        });
      },
    );
    const { user } = renderBoard('/?group=priority', ['task:read', 'task:update', 'task:create']);
    await screen.findByText('Hot');
    expect(
      screen.getAllByRole('region', { name: / lane$/ }).map((l) => l.getAttribute('aria-label')),
    ).toEqual(['Urgent lane', 'Low lane', 'No priority lane']);
    expect(
      within(screen.getByRole('group', { name: 'Open column, Urgent lane' })).getByText('Hot'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: BOARD_MESSAGES.addTo('Open column, Low lane') }));
    await user.type(
      screen.getByRole('textbox', { name: BOARD_MESSAGES.newTaskTitle('Open column, Low lane') }),
      'Cool{Enter}',
    );
    await vi.waitFor(() =>
      expect(bodies).toEqual([
        { title: 'Cool', statusId: status('Open').statusId, priorityId: PRIORITIES[0]?.priorityId },
      ]),
    );
    await vi.waitFor(() =>
      expect(
        within(screen.getByRole('group', { name: 'Open column, Low lane' })).getByText('Cool'),
      ).toBeInTheDocument(),
    );
  });
});

describe('laneFields', () => {
  const people = new Map([ADA, BOB].map((p) => [p.userId, p]));
  const name = (id: string) => PRIORITIES.find((p) => p.priorityId === id)?.name ?? null;
  const both = task(5, 'Pair', 'Open', { assignees: [ADA, BOB] });

  it('assignee lanes: the new person first in place of the lane left; Unassigned clears them', () => {
    expect(laneFields('assignee', both, BOB.userId, people, name)).toEqual({ assignees: [BOB] });
    expect(
      laneFields('assignee', task(6, 'Solo', 'Open', { assignees: [ADA] }), BOB.userId, people, name),
    ).toEqual({
      assignees: [BOB],
    });
    expect(laneFields('assignee', both, 'none', people, name)).toEqual({ assignees: [] });
    const three = task(7, 'Three', 'Open', { assignees: [BOB, { ...ADA, userId: 'c' }] });
    expect(laneFields('assignee', three, ADA.userId, people, name)).toEqual({
      assignees: [ADA, { ...ADA, userId: 'c' }],
    });
    expect(laneFields('assignee', both, 'someone-unknown', people, name)).toBeNull();
  });

  it("priority lanes: the lane's priority, or none", () => {
    const id = PRIORITIES[1]?.priorityId ?? '';
    expect(laneFields('priority', both, id, people, name)).toEqual({
      priorityId: id,
      priorityName: 'Urgent',
    });
    expect(laneFields('priority', both, 'none', people, name)).toEqual({
      priorityId: null,
      priorityName: null,
    });
  });
});
