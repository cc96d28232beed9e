import { MESSAGES, type Comment, type TimelineItem } from '@taskhive/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, render, signedIn } from '../../test/render';
import { paged, pathOf, serve } from '../../test/work-fixtures';
import { TaskTimeline } from './task-timeline';

const TASK_ID = '20000000-0000-4000-8000-000000000001';
const ADA = '00000000-0000-4000-8000-000000000001';
const GRACE = '00000000-0000-4000-8000-0000000000aa';
const person = (userId: string, firstName: string, lastName: string) => ({
  userId,
  firstName,
  lastName,
  profilePhotoUrl: null,
});

const statusChange: TimelineItem = {
  kind: 'activity',
  activity: {
    activityId: '30000000-0000-4000-8000-000000000001',
    taskId: TASK_ID,
    projectId: '00000000-0000-4000-8000-000000000900',
    actor: person(ADA, 'Ada', 'Lovelace'),
    field: 'status',
    from: 'Open',
    to: 'In Progress',
    createdAt: '2026-01-02T10:00:00.000Z',
  },
};

describe('TaskTimeline', () => {
  it('posts a comment with a mention picked after @, stored as the id, and shows it by name', async () => {
    const posted: Comment = {
      commentId: '40000000-0000-4000-8000-000000000001',
      taskId: TASK_ID,
      projectId: null,
      body: `Review please @[${GRACE}]`,
      author: person(ADA, 'Ada', 'Lovelace'),
      mentions: [person(GRACE, 'Grace', 'Hopper')],
      createdAt: '2026-01-02T11:00:00.000Z',
      editedAt: null,
    };
    let items: TimelineItem[] = [statusChange];
    const calls = serve((req) => {
      const path = pathOf(req);
      if (path === `/api/Tasks/${TASK_ID}/comments` && req.method === 'POST') {
        items = [...items, { kind: 'comment', comment: posted }];
        return jsonResponse(201, posted);
      }
      if (path === `/api/Tasks/${TASK_ID}/timeline`) return jsonResponse(200, paged(items, items.length, 20));
      if (path === '/api/CompanyUsers/directory')
        return jsonResponse(200, [person(GRACE, 'Grace', 'Hopper')]);
      return jsonResponse(404, null);
    });
    const { user, store } = render(<TaskTimeline taskId={TASK_ID} version="v1" />, {
      preloadedState: signedIn({ permissions: ['comment:read', 'comment:create', 'comment:update'] }),
    });

    expect(
      await screen.findByText('Ada Lovelace changed status from Open to In Progress'),
    ).toBeInTheDocument();

    const box = screen.getByRole('textbox', { name: 'Comment' });
    await user.type(box, 'Review please @');
    const picker = await screen.findByRole('combobox', { name: 'Mention someone' });
    await user.type(picker, 'Gra');
    await user.click(await screen.findByRole('option', { name: 'Grace Hopper' }));
    await vi.waitFor(() => expect(box).toHaveValue('Review please @Grace Hopper '));
    expect(screen.getByText('Mentions: Grace Hopper')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Comment' }));

    await vi.waitFor(() =>
      expect(store.getState().toast.queue.map((t) => t.message)).toEqual([MESSAGES.comments.created]),
    );
    const post = calls.find((r) => r.method === 'POST');
    expect(await post?.clone().json()).toEqual({ body: `Review please @[${GRACE}]` });
    const comment = await screen.findByRole('listitem', { name: 'Comment by Ada Lovelace' });
    expect(within(comment).getByText('@Grace Hopper')).toBeInTheDocument();
    expect(within(comment).queryByText(GRACE, { exact: false })).toBeNull();
    expect(box).toHaveValue('');
  });

  it('renders Markdown without raw HTML', async () => {
    const evil: TimelineItem = {
      kind: 'comment',
      comment: {
        commentId: '40000000-0000-4000-8000-000000000002',
        taskId: TASK_ID,
        projectId: null,
        body: '**bold** <img src=x onerror="alert(1)"><script>alert(2)</script>',
        author: person(ADA, 'Ada', 'Lovelace'),
        mentions: [],
        createdAt: '2026-01-02T11:00:00.000Z',
        editedAt: '2026-01-02T12:00:00.000Z',
      },
    };
    serve((req) =>
      pathOf(req).endsWith('/timeline')
        ? jsonResponse(200, paged([evil], 1, 20))
        : jsonResponse(200, paged([], 0, 200)),
    );
    const { container } = render(<TaskTimeline taskId={TASK_ID} version="v1" />, {
      preloadedState: signedIn({ permissions: ['comment:read'] }),
    });
    expect(await screen.findByText('bold')).toHaveProperty('tagName', 'STRONG');
    expect(container.querySelector('script, img')).toBeNull();
    expect(screen.getByText(/edited/)).toBeInTheDocument();
  });
});
