import { LABEL_MESSAGES, type Label, type TaskLabel } from '@taskhive/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, render, signedIn } from '../../test/render';
import {
  LIST_ID,
  paged,
  pathOf,
  project,
  PROJECT_ID,
  serve,
  STATUSES,
  task,
  taskList,
} from '../../test/work-fixtures';
import { ProjectTaskLists } from './project-task-lists';
import { OpenTaskProvider } from './task-link';
import { TaskLabelsField } from './task-labels';

const TASK = '20000000-0000-4000-8000-000000000001';
const label = (n: number, name: string, color: TaskLabel['color']): Label => ({
  labelId: `30000000-0000-4000-8000-00000000000${n}`,
  name,
  color,
  taskCount: 0,
  createdAt: '2026-11-01T00:00:00.000Z',
});
const bug = label(1, 'Bug', 'red');
const ui = label(2, 'UI', 'indigo');
const plain = ({ labelId, name, color }: Label): TaskLabel => ({ labelId, name, color });

/** A server with the company's labels; PUT /Labels/tasks/{id} answers the labels it was sent. */
function serveLabels(initial: Label[]) {
  const labels = [...initial];
  const calls = serve(async (req) => {
    const path = pathOf(req);
    if (path === '/api/Labels' && req.method === 'GET') return jsonResponse(200, labels);
    if (path === '/api/Labels' && req.method === 'POST') {
      const body = (await req.clone().json()) as { name: string; color: TaskLabel['color'] };
      const made = label(9, body.name, body.color);
      labels.push(made);
      return jsonResponse(201, made);
    }
    if (path === `/api/Labels/tasks/${TASK}` && req.method === 'PUT') {
      const { labelIds } = (await req.clone().json()) as { labelIds: string[] };
      return jsonResponse(200, {
        taskId: TASK,
        labels: labels.filter((l) => labelIds.includes(l.labelId)).map(plain),
      });
    }
    return jsonResponse(404, null);
  });
  return calls;
}

const puts = async (calls: Request[]) =>
  Promise.all(
    calls
      .filter((r) => r.method === 'PUT')
      .map(async (r) => ((await r.clone().json()) as { labelIds: string[] }).labelIds),
  );

describe('TaskLabelsField (the drawer)', () => {
  it("shows the task's labels, adds one from the company's and removes one", async () => {
    const calls = serveLabels([bug, ui]);
    const { user } = render(<TaskLabelsField taskId={TASK} labels={[plain(bug)]} />, {
      preloadedState: signedIn({ permissions: ['task:read', 'task:update'] }),
    });
    expect(screen.getByText('Bug')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: LABEL_MESSAGES.title }));
    const listbox = await screen.findByRole('listbox');
    // The label the task has is not offered again.
    expect(within(listbox).queryByText('Bug')).not.toBeInTheDocument();
    await user.click(within(listbox).getByText('UI'));
    await waitFor(async () => expect(await puts(calls)).toEqual([[bug.labelId, ui.labelId]]));

    await user.click(screen.getByLabelText(LABEL_MESSAGES.removeFromTask('Bug')));
    await waitFor(async () => expect((await puts(calls))[1]).toEqual([]));
  });

  it('creates a label inline for a holder of project:update, then puts it on the task', async () => {
    const calls = serveLabels([bug]);
    const { user } = render(<TaskLabelsField taskId={TASK} labels={[]} />, {
      preloadedState: signedIn({ permissions: ['task:read', 'task:update', 'project:update'] }),
    });
    await waitFor(() => expect(calls.some((r) => pathOf(r) === '/api/Labels')).toBe(true));
    await user.type(screen.getByRole('combobox', { name: LABEL_MESSAGES.title }), 'Customer');
    await user.click(await screen.findByText(LABEL_MESSAGES.createNamed('Customer')));
    await waitFor(async () => expect(await puts(calls)).toEqual([[label(9, 'x', 'red').labelId]]));
    const post = calls.find((r) => r.method === 'POST');
    expect(await post?.clone().json()).toEqual({ name: 'Customer', color: 'red' });
  });

  it('offers no "create" to those who may only edit tasks, and no control without task:update', async () => {
    serveLabels([bug]);
    const { user, unmount } = render(<TaskLabelsField taskId={TASK} labels={[]} />, {
      preloadedState: signedIn({ permissions: ['task:read', 'task:update'] }),
    });
    await user.type(screen.getByRole('combobox', { name: LABEL_MESSAGES.title }), 'Customer');
    expect(await screen.findByText(LABEL_MESSAGES.none)).toBeInTheDocument();
    expect(screen.queryByText(LABEL_MESSAGES.createNamed('Customer'))).not.toBeInTheDocument();
    unmount();

    render(<TaskLabelsField taskId={TASK} labels={[plain(ui)]} />, {
      preloadedState: signedIn({ permissions: ['task:read'] }),
    });
    expect(screen.getByText('UI')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });
});

describe("a project's task lists", () => {
  it("show the rows' labels and filter every list by the labels chosen, kept in the address", async () => {
    const rows = [
      task(1, 'Write brief', 'Open', { labels: [plain(bug), plain(ui)] }),
      task(2, 'Draw wireframes'),
    ];
    const calls = serve((req) => {
      const path = pathOf(req);
      if (path === '/api/Taskstatuses') return jsonResponse(200, STATUSES);
      if (path === '/api/Taskpriorities') return jsonResponse(200, []);
      if (path === '/api/Labels') return jsonResponse(200, [bug, ui]);
      if (path.startsWith('/api/CustomFields/projects/'))
        return jsonResponse(200, { projectId: PROJECT_ID, fields: [], enabledFieldIds: [] });
      if (path.endsWith('/tasklists')) return jsonResponse(200, paged([taskList({ taskCount: 2 })], 1, 100));
      const filtered = new URL(req.url).searchParams.get('labelIds');
      return jsonResponse(200, paged(filtered ? rows.slice(0, 1) : rows));
    });
    const { user, router } = render(
      <OpenTaskProvider>
        <ProjectTaskLists project={project()} />
      </OpenTaskProvider>,
      { preloadedState: signedIn({ permissions: ['project:read', 'task:read'] }) },
    );
    const tasks = await screen.findByRole('list', { name: 'Tasks of Backlog' });
    const chips = within(tasks).getByRole('list', { name: 'Labels' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Bug', 'UI']);
    expect(
      within(tasks)
        .getAllByRole('listitem')
        .filter((li) => li.querySelector('button')),
    ).toHaveLength(2);

    await user.click(await screen.findByRole('combobox', { name: LABEL_MESSAGES.filter }));
    await user.click(within(await screen.findByRole('listbox')).getByText('Bug'));
    await waitFor(() => expect(router.state.location.search).toBe(`?labels=${bug.labelId}`));
    await waitFor(() =>
      expect(
        calls.some(
          (r) =>
            pathOf(r) === `/api/Tasks/tasklists/${LIST_ID}/tasks` &&
            new URL(r.url).searchParams.get('labelIds') === bug.labelId,
        ),
      ).toBe(true),
    );
    await waitFor(() => expect(screen.queryByText('Draw wireframes')).not.toBeInTheDocument());
    expect(screen.getByText('Write brief')).toBeInTheDocument();
  });
});
