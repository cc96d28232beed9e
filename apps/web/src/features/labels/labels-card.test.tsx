import { LABEL_MESSAGES, type Label } from '@taskhive/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, render, signedIn } from '../../test/render';
import { pathOf, serve } from '../../test/work-fixtures';
import { LabelsCard } from './labels-card';

const bug: Label = {
  labelId: '30000000-0000-4000-8000-000000000001',
  name: 'Bug',
  color: 'red',
  taskCount: 3,
  createdAt: '2026-11-01T00:00:00.000Z',
};

/** A server with the company's labels: creates, renames and deletes them; a taken name is a 409. */
function serveLabels(initial: Label[]) {
  let labels = [...initial];
  return serve(async (req) => {
    const path = pathOf(req);
    if (path === '/api/Labels' && req.method === 'GET') return jsonResponse(200, labels);
    if (path === '/api/Labels' && req.method === 'POST') {
      const body = (await req.clone().json()) as Pick<Label, 'name' | 'color'>;
      if (labels.some((l) => l.name.toLowerCase() === body.name.toLowerCase()))
        return jsonResponse(409, null, {
          message: LABEL_MESSAGES.duplicateName,
          errors: { name: [LABEL_MESSAGES.duplicateName] },
        });
      const made = { ...bug, ...body, labelId: '30000000-0000-4000-8000-000000000009', taskCount: 0 };
      labels = [...labels, made];
      return jsonResponse(201, made);
    }
    const id = path.split('/').pop();
    const found = labels.find((l) => l.labelId === id);
    if (found && req.method === 'PUT') {
      const patch = (await req.clone().json()) as Partial<Label>;
      labels = labels.map((l) => (l.labelId === id ? { ...l, ...patch } : l));
      return jsonResponse(200, { ...found, ...patch });
    }
    if (found && req.method === 'DELETE') {
      labels = labels.filter((l) => l.labelId !== id);
      return jsonResponse(200, found);
    }
    return jsonResponse(404, null);
  });
}

const rows = () =>
  within(screen.getByRole('list', { name: LABEL_MESSAGES.title }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('LabelsCard', () => {
  it('creates a label, refuses a taken name on its field, renames and deletes (saying how many tasks lose it)', async () => {
    const calls = serveLabels([bug]);
    const { user } = render(<LabelsCard canEdit />, { preloadedState: signedIn() });
    await waitFor(() => expect(rows()).toEqual(['Bug3 tasks']));

    await user.type(screen.getByRole('textbox', { name: LABEL_MESSAGES.newLabel }), 'Feature');
    await user.click(screen.getByRole('button', { name: LABEL_MESSAGES.create }));
    await waitFor(() => expect(rows()).toEqual(['Bug3 tasks', 'Feature0 tasks']));
    const post = calls.find((r) => r.method === 'POST');
    // The next colour of the palette after the company's one label.
    expect(await post?.clone().json()).toEqual({ name: 'Feature', color: 'red' });

    await user.type(screen.getByRole('textbox', { name: LABEL_MESSAGES.newLabel }), 'bug');
    await user.click(screen.getByRole('button', { name: LABEL_MESSAGES.create }));
    expect(await screen.findByText(LABEL_MESSAGES.duplicateName, { selector: 'p' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: `${LABEL_MESSAGES.rename} Bug` }));
    const name = screen.getByRole('textbox', { name: LABEL_MESSAGES.name });
    await user.clear(name);
    await user.type(name, 'Defect');
    await user.click(screen.getByRole('button', { name: LABEL_MESSAGES.save }));
    await waitFor(() => expect(rows()).toEqual(['Defect3 tasks', 'Feature0 tasks']));

    await user.click(screen.getByRole('button', { name: `${LABEL_MESSAGES.remove} Defect` }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(LABEL_MESSAGES.confirmDelete('Defect', 3));
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(rows()).toEqual(['Feature0 tasks']));
    expect(calls.filter((r) => r.method === 'DELETE').map(pathOf)).toEqual([`/api/Labels/${bug.labelId}`]);
  });

  it('shows the labels without controls to those who may not manage them, and says when there are none', async () => {
    serveLabels([bug]);
    const { unmount } = render(<LabelsCard canEdit={false} />, { preloadedState: signedIn() });
    await waitFor(() => expect(rows()).toEqual(['Bug3 tasks']));
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    unmount();
    serveLabels([]);
    render(<LabelsCard canEdit={false} />, { preloadedState: signedIn() });
    expect(await screen.findByText(LABEL_MESSAGES.noneYet)).toBeInTheDocument();
  });
});
