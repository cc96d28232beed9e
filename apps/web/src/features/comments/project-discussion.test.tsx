import { MESSAGES, PAGE_SIZE, type Comment } from '@taskhive/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, render, signedIn } from '../../test/render';
import { paged, pathOf, PROJECT_ID, serve } from '../../test/work-fixtures';
import { ProjectDiscussion } from './project-discussion';

const ADA = '00000000-0000-4000-8000-000000000001'; // the signed-in user
const GRACE = '00000000-0000-4000-8000-0000000000aa';
const person = (userId: string, firstName: string, lastName: string) => ({
  userId,
  firstName,
  lastName,
  profilePhotoUrl: null,
});
const ada = person(ADA, 'Ada', 'Lovelace');
const graceP = person(GRACE, 'Grace', 'Hopper');

function comment(n: number, author = ada, extra: Partial<Comment> = {}): Comment {
  return {
    commentId: `40000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    taskId: null,
    projectId: PROJECT_ID,
    body: `Comment ${n}`,
    author,
    mentions: [],
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
    editedAt: null,
    ...extra,
  };
}

const COMMENTS_URL = `/api/Project/${PROJECT_ID}/comments`;

/** The API's window: the newest `pageSize` of `all` (oldest first), listed newest last. */
function windowOf(all: Comment[], req: Request) {
  const pageSize = Number(new URL(req.url).searchParams.get('pageSize'));
  return paged(all.slice(Math.max(0, all.length - pageSize)), all.length, pageSize);
}

const bodies = () =>
  within(screen.getByRole('list', { name: 'Discussion' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent ?? '');

/** A promise settled from the test, to look at the screen while a write is in flight. */
function deferred() {
  let settle: (r: Response) => void = () => undefined;
  const promise = new Promise<Response>((resolve) => {
    settle = resolve;
  });
  return { promise, settle };
}

describe('ProjectDiscussion', () => {
  it('shows the newest comments last and widens the window with "Load older"', async () => {
    const all = Array.from({ length: 25 }, (_v, i) => comment(i + 1));
    const calls = serve((req) =>
      pathOf(req) === COMMENTS_URL ? jsonResponse(200, windowOf(all, req)) : jsonResponse(200, paged([])),
    );
    const { user } = render(<ProjectDiscussion projectId={PROJECT_ID} />, {
      preloadedState: signedIn({ permissions: ['comment:read'] }),
    });
    await screen.findByText('Comment 25');
    const shown = bodies();
    expect(shown).toHaveLength(PAGE_SIZE.comments);
    expect(shown[0]).toContain('Comment 6');
    expect(shown.at(-1)).toContain('Comment 25');
    expect(screen.queryByText('Comment 5')).toBeNull();
    // Without comment:create there is no box.
    expect(screen.queryByRole('textbox', { name: 'Comment' })).toBeNull();

    await user.click(screen.getByRole('button', { name: MESSAGES.comments.loadOlder }));
    await screen.findByText('Comment 1');
    expect(bodies()).toHaveLength(25);
    expect(bodies()[0]).toContain('Comment 1');
    expect(screen.queryByRole('button', { name: MESSAGES.comments.loadOlder })).toBeNull();
    const asked = calls
      .filter((r) => pathOf(r) === COMMENTS_URL)
      .map((r) => Object.fromEntries(new URL(r.url).searchParams));
    expect(asked).toEqual([
      { page: '1', pageSize: String(PAGE_SIZE.comments) },
      { page: '1', pageSize: String(PAGE_SIZE.comments * 2) },
    ]);
  });

  it('says so when there are no comments, and offers Retry when the list fails', async () => {
    let fail = true;
    serve((req) =>
      pathOf(req) === COMMENTS_URL && fail
        ? jsonResponse(500, null, { message: 'boom' })
        : jsonResponse(200, paged([])),
    );
    const { user } = render(<ProjectDiscussion projectId={PROJECT_ID} />, {
      preloadedState: signedIn({ permissions: ['comment:read'] }),
    });
    const retry = await screen.findByRole('button', { name: /retry/i }, { timeout: 5000 });
    fail = false;
    await user.click(retry);
    expect(await screen.findByText(MESSAGES.comments.discussionEmpty)).toBeInTheDocument();
  });

  it('posts a comment with a mention, stored as the id and shown by name', async () => {
    let all = [comment(1, graceP)];
    const calls = serve((req) => {
      const path = pathOf(req);
      if (path === COMMENTS_URL && req.method === 'POST') {
        const posted = comment(2, ada, { body: `Thoughts @[${GRACE}]?`, mentions: [graceP] });
        all = [...all, posted];
        return jsonResponse(201, posted);
      }
      if (path === COMMENTS_URL) return jsonResponse(200, windowOf(all, req));
      if (path === '/api/CompanyUsers/directory') return jsonResponse(200, [graceP]);
      return jsonResponse(404, null);
    });
    // Only comment rights: the picker reads the directory, not the employee list (employee:read:all).
    const { user, store } = render(<ProjectDiscussion projectId={PROJECT_ID} />, {
      preloadedState: signedIn({ permissions: ['comment:read', 'comment:create'] }),
    });
    await screen.findByText('Comment 1');

    const box = screen.getByRole('textbox', { name: 'Comment' });
    await user.type(box, 'Thoughts @');
    const picker = await screen.findByRole('combobox', { name: 'Mention someone' });
    await user.type(picker, 'Gra');
    await user.click(await screen.findByRole('option', { name: 'Grace Hopper' }));
    // The box shows the name; what is posted carries the id token.
    await vi.waitFor(() => expect(box).toHaveValue('Thoughts @Grace Hopper '));
    await user.type(box, '?');
    fireEvent.click(screen.getByRole('button', { name: 'Comment' }));

    await vi.waitFor(() =>
      expect(store.getState().toast.queue.map((t) => t.message)).toEqual([MESSAGES.comments.created]),
    );
    const post = calls.find((r) => r.method === 'POST');
    expect(pathOf(post ?? new Request('http://x/'))).toBe(COMMENTS_URL);
    expect(await post?.clone().json()).toEqual({ body: `Thoughts @[${GRACE}] ?` });
    const mine = await screen.findByRole('listitem', { name: 'Comment by Ada Lovelace' });
    expect(within(mine).getByText('@Grace Hopper')).toBeInTheDocument();
    expect(mine.textContent).not.toContain(GRACE);
    expect(bodies().at(-1)).toContain('@Grace Hopper');
    expect(box).toHaveValue('');
  });

  it('reads the directory as one types, closes the picker on Escape, and edits a mention by name', async () => {
    const put = deferred();
    const all = [comment(1, ada, { body: `Over to @[${GRACE}] **now**`, mentions: [graceP] })];
    const calls = serve((req) => {
      const path = pathOf(req);
      if (req.method === 'PUT') return put.promise;
      if (path === COMMENTS_URL) return jsonResponse(200, windowOf(all, req));
      if (path === '/api/CompanyUsers/directory') return jsonResponse(200, [graceP]);
      return jsonResponse(404, null);
    });
    const { user } = render(<ProjectDiscussion projectId={PROJECT_ID} />, {
      preloadedState: signedIn({ permissions: ['comment:read', 'comment:create', 'comment:update'] }),
    });
    const mine = await screen.findByRole('listitem', { name: 'Comment by Ada Lovelace' });

    const box = screen.getAllByRole('textbox', { name: 'Comment' }).at(-1);
    if (!box) throw new Error('no comment box');
    await user.type(box, 'Hi @');
    const picker = await screen.findByRole('combobox', { name: 'Mention someone' });
    await user.type(picker, 'Hop');
    await screen.findByRole('option', { name: 'Grace Hopper' });
    await vi.waitFor(() =>
      expect(
        calls.some(
          (r) =>
            pathOf(r) === '/api/CompanyUsers/directory' &&
            new URL(r.url).searchParams.get('search') === 'Hop',
        ),
      ).toBe(true),
    );
    expect(calls.some((r) => pathOf(r) === '/api/CompanyUsers/details')).toBe(false);
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('combobox', { name: 'Mention someone' })).toBeNull());
    expect(box).toHaveValue('Hi @');

    await user.click(within(mine).getByRole('button', { name: 'Edit comment' }));
    const editBox = within(mine).getByRole('textbox', { name: 'Comment' });
    expect(editBox).toHaveValue('Over to @Grace Hopper **now**');
    await user.type(editBox, '!');
    await user.click(within(mine).getByRole('button', { name: 'Save' }));
    const sent = calls.find((r) => r.method === 'PUT');
    expect(await sent?.clone().json()).toEqual({ body: `Over to @[${GRACE}] **now**!` });
    put.settle(jsonResponse(200, { ...all[0], body: `Over to @[${GRACE}] **now**!` }));
  });

  it('edits and deletes my own comment at once, and puts it back when the server refuses', async () => {
    const put = deferred();
    const del = deferred();
    const all = [comment(1, graceP), comment(2)];
    serve((req) => {
      if (req.method === 'PUT') return put.promise;
      if (req.method === 'DELETE') return del.promise;
      return pathOf(req) === COMMENTS_URL
        ? jsonResponse(200, windowOf(all, req))
        : jsonResponse(200, paged([]));
    });
    const { user, store } = render(<ProjectDiscussion projectId={PROJECT_ID} />, {
      preloadedState: signedIn({
        permissions: ['comment:read', 'comment:update', 'comment:delete'],
      }),
    });
    const mine = await screen.findByRole('listitem', { name: 'Comment by Ada Lovelace' });
    const graces = screen.getByRole('listitem', { name: 'Comment by Grace Hopper' });
    // Another's comment: neither edit nor delete without comment:delete:all.
    expect(within(graces).queryByRole('button')).toBeNull();
    expect(within(mine).queryByText(/edited/)).toBeNull();

    await user.click(within(mine).getByRole('button', { name: 'Edit comment' }));
    const editBox = within(mine).getByRole('textbox', { name: 'Comment' });
    await user.clear(editBox);
    await user.type(editBox, 'Comment **two**');
    await user.click(within(mine).getByRole('button', { name: 'Save' }));
    // Shown at once, marked edited, before the server answers.
    expect(await within(mine).findByText('two')).toHaveProperty('tagName', 'STRONG');
    expect(within(mine).getByText(/edited/)).toBeInTheDocument();
    put.settle(jsonResponse(403, null, { message: MESSAGES.comments.notYours }));
    expect(await within(mine).findByText('Comment 2')).toBeInTheDocument();
    expect(within(mine).queryByText(/edited/)).toBeNull();
    await vi.waitFor(() =>
      expect(store.getState().toast.queue.map((t) => t.message)).toEqual([MESSAGES.comments.notYours]),
    );

    await user.click(within(mine).getByRole('button', { name: 'Delete comment' }));
    await vi.waitFor(() => expect(screen.queryByText('Comment 2')).toBeNull());
    del.settle(jsonResponse(500, null));
    expect(await screen.findByText('Comment 2')).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(store.getState().toast.queue.map((t) => t.message)).toContain(MESSAGES.comments.deleteFailed),
    );
  });

  it("lets a holder of comment:delete:all delete anyone's comment (but edit only their own)", async () => {
    let all = [comment(1, graceP, { editedAt: '2026-01-02T00:00:00.000Z' }), comment(2)];
    const calls = serve((req) => {
      if (req.method === 'DELETE') {
        const id = pathOf(req).split('/').at(-1);
        all = all.filter((c) => c.commentId !== id);
        return jsonResponse(200, { commentId: id });
      }
      return pathOf(req) === COMMENTS_URL
        ? jsonResponse(200, windowOf(all, req))
        : jsonResponse(200, paged([]));
    });
    const { user, store } = render(<ProjectDiscussion projectId={PROJECT_ID} />, {
      preloadedState: signedIn({
        permissions: ['comment:read', 'comment:update', 'comment:delete', 'comment:delete:all'],
      }),
    });
    const graces = await screen.findByRole('listitem', { name: 'Comment by Grace Hopper' });
    expect(within(graces).getByText(/edited/)).toBeInTheDocument();
    expect(within(graces).queryByRole('button', { name: 'Edit comment' })).toBeNull();
    await user.click(within(graces).getByRole('button', { name: 'Delete comment' }));

    await vi.waitFor(() =>
      expect(store.getState().toast.queue.map((t) => t.message)).toEqual([MESSAGES.comments.deleted]),
    );
    expect(screen.queryByText('Comment 1')).toBeNull();
    expect(screen.getByText('Comment 2')).toBeInTheDocument();
    const deleted = calls.filter((r) => r.method === 'DELETE').map(pathOf);
    expect(deleted).toEqual([`/api/Comments/${comment(1).commentId}`]);
  });
});
