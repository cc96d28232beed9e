import { type CustomField, END_BEFORE_START, MESSAGES, TASK_BULK_MESSAGES } from '@taskhive/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, render, signedIn } from '../../test/render';
import {
  LIST_ID,
  paged,
  PROJECT_ID,
  pathOf,
  project,
  serve,
  STATUSES,
  task,
  taskList,
} from '../../test/work-fixtures';
import { listDates, ProjectTaskLists } from './project-task-lists';
import { columnsFrom } from './task-columns';
import { OpenTaskProvider } from './task-link';

const session = signedIn({ permissions: ['project:read', 'task:read', 'task:create', 'tasklist:create'] });
const EXISTING = [task(1, 'Write brief'), task(2, 'Draw wireframes')];

describe('ProjectTaskLists', () => {
  it('puts a created task at the front of its list and raises the counts, without reloading the list', async () => {
    const created = task(9, 'Book the venue', 'Open', { sortOrder: 0 });
    const calls = serve((req) => {
      const path = pathOf(req);
      if (req.method === 'POST') return jsonResponse(201, created);
      if (path === '/api/Taskstatuses') return jsonResponse(200, STATUSES);
      if (path === '/api/Taskpriorities') return jsonResponse(200, []);
      if (path === '/api/Labels') return jsonResponse(200, []);
      if (path.startsWith('/api/CustomFields/projects/'))
        return jsonResponse(200, { projectId: PROJECT_ID, fields: [], enabledFieldIds: [] });
      if (path.endsWith('/tasklists')) return jsonResponse(200, paged([taskList({ taskCount: 2 })], 1, 100));
      return jsonResponse(200, paged(EXISTING));
    });
    const { user, store } = render(
      <OpenTaskProvider>
        <ProjectTaskLists project={project()} />
      </OpenTaskProvider>,
      { preloadedState: session },
    );
    const tasks = await screen.findByRole('list', { name: 'Tasks of Backlog' });
    expect(
      within(tasks)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('button')?.textContent),
    ).toEqual(['WEB-1 Write brief', 'WEB-2 Draw wireframes']);
    expect(screen.getByText('2 tasks')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add task to Backlog' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Title/), { target: { value: 'Book the venue' } });
    await user.click(within(dialog).getByRole('button', { name: 'Create task' }));

    await vi.waitFor(() =>
      expect(store.getState().toast.queue.map((t) => t.message)).toEqual([MESSAGES.tasks.created]),
    );
    const post = calls.find((r) => r.method === 'POST');
    expect(post && pathOf(post)).toBe(`/api/Tasks/tasklists/${LIST_ID}/tasks`);
    expect(await post?.clone().json()).toMatchObject({ title: 'Book the venue', assigneeIds: [] });
    expect(
      within(tasks)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('button')?.textContent),
    ).toEqual(['WEB-9 Book the venue', 'WEB-1 Write brief', 'WEB-2 Draw wireframes']);
    expect(screen.getByText('3 tasks')).toBeInTheDocument();
    expect(screen.getByText('1–3 of 3')).toBeInTheDocument();
    expect(
      calls.filter((r) => r.method === 'GET' && pathOf(r).endsWith(`/tasklists/${LIST_ID}/tasks`)),
    ).toHaveLength(1);
  });

  it('shows a list’s dates in its header and edits them, refusing an end before the start', async () => {
    let sent: unknown = null;
    serve(async (req) => {
      const path = pathOf(req);
      if (req.method === 'PUT') {
        sent = await req.clone().json();
        return jsonResponse(200, taskList({ startDate: '2026-03-01', endDate: '2026-03-21' }));
      }
      if (path === '/api/Taskstatuses') return jsonResponse(200, STATUSES);
      if (path === '/api/Taskpriorities') return jsonResponse(200, []);
      if (path === '/api/Labels') return jsonResponse(200, []);
      if (path.startsWith('/api/CustomFields/projects/'))
        return jsonResponse(200, { projectId: PROJECT_ID, fields: [], enabledFieldIds: [] });
      if (path.endsWith('/tasklists'))
        return jsonResponse(
          200,
          paged([taskList({ startDate: '2026-03-01', endDate: '2026-03-14' })], 1, 100),
        );
      return jsonResponse(200, paged([]));
    });
    const { user } = render(
      <OpenTaskProvider>
        <ProjectTaskLists project={project()} />
      </OpenTaskProvider>,
      { preloadedState: signedIn({ permissions: ['project:read', 'task:read', 'tasklist:update'] }) },
    );
    const card = (await screen.findByText('Backlog')).closest('[data-testid="task-list"]');
    expect(card).not.toBeNull();
    expect(card?.textContent).toContain(
      `0% done · ${listDates({ startDate: '2026-03-01', endDate: '2026-03-14' })}`,
    );

    await user.click(screen.getByRole('button', { name: 'Rename Backlog' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit task list' });
    const end = within(dialog).getByLabelText('End date');
    expect(end).toHaveValue('2026-03-14');
    fireEvent.change(end, { target: { value: '2026-02-01' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(within(dialog).getByText(END_BEFORE_START)).toBeInTheDocument();
    expect(sent).toBeNull();

    fireEvent.change(end, { target: { value: '2026-03-21' } });
    fireEvent.change(within(dialog).getByLabelText('Start date'), { target: { value: '' } });
    fireEvent.change(within(dialog).getByLabelText('Start date'), { target: { value: '2026-03-01' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(sent).toMatchObject({ startDate: '2026-03-01', endDate: '2026-03-21' }));
  });
});

describe('ProjectTaskLists columns (issue 26: `cols` in the address)', () => {
  const editor = signedIn({ permissions: ['project:read', 'task:read', 'task:update'] });
  /** The row's assignee cell (a button named for the task while the reader may edit). */
  const assignees = () =>
    screen.queryByRole('button', {
      name: new RegExp(`^${TASK_BULK_MESSAGES.changeAssignee('Write brief')}`),
    });
  const RISK: CustomField = {
    fieldId: '50000000-0000-4000-8000-000000000001',
    name: 'Risk',
    type: 'select',
    options: [{ id: '50000000-0000-4000-8000-0000000000a1', label: 'High' }],
    showOnCard: false,
    position: 0,
    projectCount: 1,
  } as CustomField;
  const withRisk = (t: ReturnType<typeof task>) => ({
    ...t,
    customFields: { [RISK.fieldId]: '50000000-0000-4000-8000-0000000000a1' },
  });
  const serveLists = (fields: CustomField[] = []) =>
    serve((req) => {
      const path = pathOf(req);
      if (path === '/api/Taskstatuses') return jsonResponse(200, STATUSES);
      if (path === '/api/Taskpriorities') return jsonResponse(200, []);
      if (path === '/api/Labels') return jsonResponse(200, []);
      if (path.startsWith('/api/CustomFields/projects/'))
        return jsonResponse(200, {
          projectId: PROJECT_ID,
          fields,
          enabledFieldIds: fields.map((f) => f.fieldId),
        });
      if (path.endsWith('/tasklists')) return jsonResponse(200, paged([taskList({ taskCount: 2 })], 1, 100));
      return jsonResponse(200, paged(fields.length ? EXISTING.map(withRisk) : EXISTING));
    });
  const mount = (route: string) =>
    render(
      <OpenTaskProvider>
        <ProjectTaskLists project={project()} />
      </OpenTaskProvider>,
      { preloadedState: editor, route },
    );

  it('shows only the columns `cols` names, and the chooser writes them to the address', async () => {
    serveLists();
    const { user, router } = mount('/?tab=lists&cols=status');
    await screen.findByRole('list', { name: 'Tasks of Backlog' });
    expect(assignees()).toBeNull();
    expect(screen.getAllByRole('button', { name: /status/i }).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Columns (3 hidden)' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Assignees' }));
    expect(new URLSearchParams(router.state.location.search).get('cols')).toBe('status,assignees');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(assignees()).not.toBeNull());
    await user.click(screen.getByRole('button', { name: 'Columns (2 hidden)' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Status' }));
    expect(new URLSearchParams(router.state.location.search).get('cols')).toBe('assignees');
  });

  it('reads `cols`: every column without it, the named ones, the title alone for cols=title', () => {
    expect([...columnsFrom(null)]).toEqual(['status', 'priority', 'due', 'assignees']);
    expect([...columnsFrom('due,status,unknown')]).toEqual(['status', 'due']);
    expect([...columnsFrom('title')]).toEqual([]);
  });

  it('offers the enabled custom fields as columns too (`cf.<fieldId>` in `cols`), hidden and shown again', async () => {
    serveLists([RISK]);
    const { user, router } = mount('/?tab=lists');
    await screen.findByRole('list', { name: 'Tasks of Backlog' });
    const riskCells = () =>
      screen.queryAllByTestId('custom-field-cell').filter((c) => c.textContent === 'RiskHigh');
    await waitFor(() => expect(riskCells()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Risk' }));
    expect(new URLSearchParams(router.state.location.search).get('cols')).toBe(
      'status,priority,due,assignees',
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(riskCells()).toHaveLength(0));
    await user.click(screen.getByRole('button', { name: 'Columns (1 hidden)' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Risk' }));
    expect(router.state.location.search).toBe('?tab=lists');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(riskCells()).toHaveLength(2));
    // A link that names the field shows it alone beside the title.
    expect([...columnsFrom(`cf.${RISK.fieldId}`, ['status', `cf.${RISK.fieldId}`])]).toEqual([
      `cf.${RISK.fieldId}`,
    ]);
  });

  it('shows every column without `cols`', async () => {
    serveLists();
    mount('/?tab=lists');
    await screen.findByRole('list', { name: 'Tasks of Backlog' });
    expect(assignees()).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Columns' })).toBeInTheDocument();
  });
});
