import { LABEL_MESSAGES, type Label } from '@taskhive/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, render, signedIn } from '../test/render';
import { pathOf, serve } from '../test/work-fixtures';
import { LabelFilter } from './label-filter';

/**
 * Issue 26: the label filter of the board, the task lists, the calendar and the timeline (moved
 * here from the tasks feature when the calendar and the timeline took it up).
 */

const label = (n: number, name: string, color: Label['color']): Label => ({
  labelId: `30000000-0000-4000-8000-00000000000${n}`,
  name,
  color,
  taskCount: 0,
  createdAt: '2026-11-01T00:00:00.000Z',
});
const bug = label(1, 'Bug', 'red');
const ui = label(2, 'UI', 'indigo');

/** A server with the company's labels. */
const serveLabels = (labels: Label[]) =>
  serve((req) => (pathOf(req) === '/api/Labels' ? jsonResponse(200, labels) : jsonResponse(404, null)));

describe('LabelFilter', () => {
  it("lists the company's labels and answers the chosen ids", async () => {
    serveLabels([bug, ui]);
    const chosen: string[][] = [];
    const { user } = render(<LabelFilter value={[]} onChange={(ids) => chosen.push(ids)} />, {
      preloadedState: signedIn({ permissions: ['task:read'] }),
    });
    const box = await screen.findByRole('combobox', { name: LABEL_MESSAGES.filter });
    expect(box).toHaveTextContent(LABEL_MESSAGES.filterAny);
    await user.click(box);
    await user.click(within(await screen.findByRole('listbox')).getByText('UI'));
    expect(chosen).toEqual([[ui.labelId]]);
  });

  it('shows the chosen names, and nothing when the company has no labels', async () => {
    serveLabels([bug, ui]);
    const { unmount } = render(<LabelFilter value={[bug.labelId, ui.labelId]} onChange={() => {}} />, {
      preloadedState: signedIn({ permissions: ['task:read'] }),
    });
    expect(await screen.findByRole('combobox', { name: LABEL_MESSAGES.filter })).toHaveTextContent('Bug, UI');
    unmount();
    const calls = serveLabels([]);
    const { container } = render(<LabelFilter value={[]} onChange={() => {}} />, {
      preloadedState: signedIn({ permissions: ['task:read'] }),
    });
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    expect(container).toBeEmptyDOMElement();
  });
});
