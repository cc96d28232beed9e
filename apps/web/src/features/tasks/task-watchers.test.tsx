import { type TaskWatchers as Watchers, WATCHER_MESSAGES } from '@taskhive/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, render, signedIn } from '../../test/render';
import { pathOf, serve } from '../../test/work-fixtures';
import { TaskWatchers } from './task-watchers';

const TASK = '20000000-0000-4000-8000-000000000001';
const person = (id: string, firstName: string) => ({
  userId: `00000000-0000-4000-8000-0000000000${id}`,
  firstName,
  lastName: 'Doe',
  profilePhotoUrl: null,
});
const ada = person('aa', 'Ada');
const me = person('01', 'Mia');

/** A server holding the task's watchers; `me` watches and unwatches. */
function serveWatchers(initial: Watchers['watchers'], refuse = false) {
  let watchers = initial;
  const answer = () =>
    jsonResponse(200, {
      taskId: TASK,
      watching: watchers.some((w) => w.userId === me.userId),
      count: watchers.length,
      watchers,
    });
  return serve((req) => {
    const path = pathOf(req);
    if (path === `/api/Tasks/${TASK}/watchers` && req.method === 'GET') return answer();
    if (path === `/api/Tasks/${TASK}/watch`) {
      if (refuse) return jsonResponse(403, null);
      watchers =
        req.method === 'POST'
          ? [...watchers.filter((w) => w.userId !== me.userId), me]
          : watchers.filter((w) => w.userId !== me.userId);
      return answer();
    }
    return jsonResponse(404, null);
  });
}

/** A watcher's name as its chip shows it (the avatar's initials left out). */
const nameOf = (li: HTMLElement) => within(li).getByText(/ Doe$/).textContent;

describe('TaskWatchers', () => {
  it('watches and unwatches, with the count and the names', async () => {
    const calls = serveWatchers([ada]);
    const { user, store } = render(<TaskWatchers taskId={TASK} />, { preloadedState: signedIn() });
    const watch = await screen.findByRole('button', { name: WATCHER_MESSAGES.watch });
    expect(watch).toHaveAttribute('aria-pressed', 'false');
    const count = screen.getByRole('button', { name: '1 watcher' });
    await user.click(count);
    const names = await screen.findByRole('list', { name: WATCHER_MESSAGES.watchers });
    expect(within(names).getAllByRole('listitem').map(nameOf)).toEqual(['Ada Doe']);

    await user.click(watch);
    const unwatch = await screen.findByRole('button', { name: WATCHER_MESSAGES.unwatch });
    expect(unwatch).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: '2 watchers' })).toBeInTheDocument();
    expect(within(screen.getByRole('list')).getAllByRole('listitem').map(nameOf)).toEqual([
      'Ada Doe',
      'Mia Doe',
    ]);
    expect(calls.filter((r) => r.method === 'POST').map((r) => pathOf(r))).toEqual([
      `/api/Tasks/${TASK}/watch`,
    ]);
    expect(store.getState().toast.queue.map((t) => t.message)).toEqual([WATCHER_MESSAGES.watched]);

    await user.click(unwatch);
    expect(await screen.findByRole('button', { name: WATCHER_MESSAGES.watch })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(calls.filter((r) => r.method === 'DELETE')).toHaveLength(1);
    expect(screen.getByRole('button', { name: '1 watcher' })).toBeInTheDocument();
  });

  it('a refused watch says so and keeps the toggle as it was', async () => {
    serveWatchers([], true);
    const { user, store } = render(<TaskWatchers taskId={TASK} />, { preloadedState: signedIn() });
    await user.click(await screen.findByRole('button', { name: WATCHER_MESSAGES.watch }));
    await vi.waitFor(() => expect(store.getState().toast.queue.map((t) => t.severity)).toEqual(['error']));
    expect(screen.getByRole('button', { name: WATCHER_MESSAGES.watch })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    // No one watches: the count names none and opens nothing.
    expect(screen.getByRole('button', { name: '0 watchers' })).toBeDisabled();
  });
});
