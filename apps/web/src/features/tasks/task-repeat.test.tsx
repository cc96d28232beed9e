import { RECURRENCE_MESSAGES, type TaskDetail, type TaskRecurrence } from '@taskhive/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, render, signedIn } from '../../test/render';
import { pathOf, serve, task } from '../../test/work-fixtures';
import { TaskRepeat } from './task-repeat';

/** A task due Monday 30 Nov 2026, with no subtasks or documents. */
const detail: TaskDetail = {
  ...task(1, 'Water the plants'),
  dueDate: '2026-11-30',
  subtasks: [],
  documents: [],
};
const RULE = '30000000-0000-4000-8000-000000000001';

function serveRepeat(initial: TaskRecurrence['series']) {
  let series = initial;
  const bodies: unknown[] = [];
  serve(async (req) => {
    const path = pathOf(req);
    if (path === `/api/TaskRecurrence/${detail.taskId}` && req.method === 'GET')
      return jsonResponse(200, { taskId: detail.taskId, series });
    if (path === `/api/TaskRecurrence/${detail.taskId}` && req.method === 'PUT') {
      const body = (await req.json()) as Record<string, unknown>;
      bodies.push(body);
      series = {
        ruleId: RULE,
        frequency: 'weekly',
        interval: 1,
        weekdays: [1, 4],
        monthDay: null,
        ends: 'never',
        untilDate: null,
        count: null,
        trigger: 'on_complete',
        timeZone: 'UTC',
        nextDate: '2026-12-03',
        occurrencesCreated: 1,
        occurrenceDate: '2026-11-30',
        summary: 'Every week on Mon, Thu',
      };
      return jsonResponse(200, { taskId: detail.taskId, series });
    }
    return jsonResponse(404, null);
  });
  return { bodies };
}

const editor = () => signedIn({ permissions: ['task:read', 'task:update'] });

describe('TaskRepeat', () => {
  it('sets a weekly repeat on Mon and Thu: the body sent, the summary shown', async () => {
    const { bodies } = serveRepeat(null);
    const { user } = render(<TaskRepeat task={detail} />, { preloadedState: editor() });
    const region = await screen.findByRole('region', { name: 'Repeat' });
    expect(await within(region).findByText('Does not repeat')).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Set repeat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Repeat this task' });
    // The due date's day (Monday) is chosen to start with.
    expect(within(dialog).getByRole('button', { name: 'Monday' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Thursday' }));
    expect(within(dialog).getByTestId('repeat-preview')).toHaveTextContent('Every week on Mon, Thu');
    // No day left: the preview and the save say so, and nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Monday' }));
    await user.click(within(dialog).getByRole('button', { name: 'Thursday' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getAllByText(RECURRENCE_MESSAGES.weekdaysRequired).length).toBeGreaterThan(0);
    expect(bodies).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Thursday' }));
    await user.click(within(dialog).getByRole('button', { name: 'Monday' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toEqual([
      {
        frequency: 'weekly',
        interval: 1,
        weekdays: [1, 4],
        monthDay: null,
        ends: 'never',
        untilDate: null,
        count: null,
        trigger: 'on_complete',
        apply: 'series',
      },
    ]);
    expect(await within(region).findByText('Every week on Mon, Thu')).toBeInTheDocument();
    expect(region).toHaveTextContent('Next: Dec 3, 2026.');
  });

  it('a custom rule every 2 months on the 31st, ending after 6 times, on its date', async () => {
    const { bodies } = serveRepeat(null);
    const { user } = render(<TaskRepeat task={detail} />, { preloadedState: editor() });
    const region = await screen.findByRole('region', { name: 'Repeat' });
    await user.click(await within(region).findByRole('button', { name: 'Set repeat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Repeat this task' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Repeats' }));
    await user.click(screen.getByRole('option', { name: /^Custom/ }));
    const every = within(dialog).getByRole('spinbutton', { name: 'Every' });
    await user.clear(every);
    await user.type(every, '2');
    await user.click(within(dialog).getByRole('combobox', { name: 'Unit' }));
    await user.click(screen.getByRole('option', { name: 'months' }));
    const day = within(dialog).getByRole('spinbutton', { name: 'Day of the month' });
    await user.clear(day);
    await user.type(day, '31');
    await user.click(within(dialog).getByRole('combobox', { name: 'Ends' }));
    await user.click(screen.getByRole('option', { name: 'After a number of times' }));
    const times = within(dialog).getByRole('spinbutton', { name: 'Times in all' });
    await user.clear(times);
    await user.type(times, '6');
    await user.click(within(dialog).getByRole('radio', { name: 'On its date' }));
    expect(within(dialog).getByTestId('repeat-preview')).toHaveTextContent(
      'Every 2 months on day 31, 6 times',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      frequency: 'monthly',
      interval: 2,
      weekdays: null,
      monthDay: 31,
      ends: 'count',
      untilDate: null,
      count: 6,
      trigger: 'on_date',
      apply: 'series',
    });
  });

  it('a reader sees the rule without the buttons; a subtask shows nothing', async () => {
    serveRepeat({
      ruleId: RULE,
      frequency: 'weekly',
      interval: 2,
      weekdays: [1, 4],
      monthDay: null,
      ends: 'until',
      untilDate: '2026-12-31',
      count: null,
      trigger: 'on_date',
      timeZone: 'UTC',
      nextDate: null,
      occurrencesCreated: 3,
      occurrenceDate: '2026-11-30',
      summary: 'Every 2 weeks on Mon, Thu, until Dec 31, 2026',
    });
    const { unmount } = render(<TaskRepeat task={detail} />, {
      preloadedState: signedIn({ permissions: ['task:read'] }),
    });
    const region = await screen.findByRole('region', { name: 'Repeat' });
    expect(
      await within(region).findByText('Every 2 weeks on Mon, Thu, until Dec 31, 2026'),
    ).toBeInTheDocument();
    expect(region).toHaveTextContent('The series has ended.');
    expect(within(region).queryByRole('button')).not.toBeInTheDocument();
    unmount();
    render(<TaskRepeat task={{ ...detail, parentTaskId: RULE }} />, { preloadedState: editor() });
    expect(screen.queryByRole('region', { name: 'Repeat' })).not.toBeInTheDocument();
  });
});
