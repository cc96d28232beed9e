import { MESSAGES } from '@taskhive/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, render, signedIn } from '../../test/render';
import { paged, pathOf, project, serve, status, STATUSES, task } from '../../test/work-fixtures';
import { ProjectBoard } from './project-board';
import { OpenTaskProvider } from './task-link';

const TASKS = [task(1, 'Write brief'), task(2, 'Draw wireframes'), task(3, 'Ship it', 'In Progress')];
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
});
afterEach(() => vi.restoreAllMocks());

const column = (name: string) => screen.getByRole('group', { name: `${name} column` });
const titlesIn = (name: string) =>
  within(column(name))
    .queryAllByTestId('board-card')
    .map((c) => within(c).getByRole('button', { name: /./ }).textContent);

async function moveRightWithKeyboard(user: ReturnType<typeof render>['user'], title: string) {
  const card = screen.getByText(title).closest('[data-testid="board-card"]');
  if (!(card instanceof HTMLElement)) throw new Error('no card');
  card.focus();
  await user.keyboard('[Space]');
  await user.keyboard('[ArrowRight]');
  await user.keyboard('[Space]');
}

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
      return jsonResponse(200, paged(TASKS, TASKS.length, 500));
    });
    const { user, store } = renderBoard();
    await screen.findByText('Write brief');
    expect(titlesIn('Open')).toEqual(['Write brief', 'Draw wireframes']);
    expect(within(column('Open')).getByLabelText('2 in Open')).toBeInTheDocument();

    await moveRightWithKeyboard(user, 'Draw wireframes');

    // Moved before any answer: the column (dropped on the column, so at its end) and the counts.
    expect(titlesIn('Open')).toEqual(['Write brief']);
    expect(titlesIn('In Progress')).toEqual(['Ship it', 'Draw wireframes']);
    expect(within(column('In Progress')).getByLabelText('2 in In Progress')).toBeInTheDocument();
    const put = calls.find((r) => r.method === 'PUT');
    expect(put && pathOf(put)).toBe(`/api/Tasks/${TASKS[1]?.taskId}`);
    // After the last card of the column: its sortOrder + 1.
    expect(await put?.clone().json()).toEqual({ statusId: status('In Progress').statusId, sortOrder: 4 });

    answer(
      jsonResponse(200, { ...TASKS[1], statusId: status('In Progress').statusId, statusName: 'In Progress' }),
    );
    await vi.waitFor(() =>
      expect(store.getState().toast.queue.map((t) => t.message)).toEqual([MESSAGES.tasks.updated]),
    );
    expect(titlesIn('In Progress')).toEqual(['Ship it', 'Draw wireframes']);
  });

  it('puts the card back where it was and shows the error when the server refuses the move', async () => {
    let refuse: (r: Response) => void = () => undefined;
    const calls = serve((req) => {
      if (req.method === 'PUT') return new Promise<Response>((resolve) => (refuse = resolve));
      if (pathOf(req) === '/api/Taskstatuses') return jsonResponse(200, STATUSES);
      return jsonResponse(200, paged(TASKS, TASKS.length, 500));
    });
    const { user, store } = renderBoard();
    await screen.findByText('Write brief');

    await moveRightWithKeyboard(user, 'Write brief');
    expect(titlesIn('Open')).toEqual(['Draw wireframes']);
    expect(titlesIn('In Progress')).toEqual(['Ship it', 'Write brief']);

    refuse(jsonResponse(403, null, { message: MESSAGES.forbidden }));

    await vi.waitFor(() => expect(titlesIn('Open')).toEqual(['Write brief', 'Draw wireframes']));
    expect(titlesIn('In Progress')).toEqual(['Ship it']);
    expect(within(column('Open')).getByLabelText('2 in Open')).toBeInTheDocument();
    expect(store.getState().toast.queue.map((t) => [t.message, t.severity])).toEqual([
      [MESSAGES.forbidden, 'error'],
    ]);
    // The undo restored the cache: the board was not reloaded.
    expect(calls.filter((r) => r.method === 'GET' && pathOf(r).endsWith('/tasks'))).toHaveLength(1);
  });
});
