import { DEPENDENCY_MESSAGES } from '@taskhive/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, render, signedIn } from '../../test/render';
import { pathOf, serve } from '../../test/work-fixtures';
import { AutoScheduleSwitch } from './auto-schedule-switch';

const PROJECT = '10000000-0000-4000-8000-000000000001';
const URL = `/api/TaskDependencies/projects/${PROJECT}/schedule`;

/** A server holding the project's switch; `refuse` answers the PUT 403. */
function serveSchedule(refuse = false) {
  let on = false;
  const puts: unknown[] = [];
  serve(async (req) => {
    if (pathOf(req) !== URL) return jsonResponse(404, null);
    if (req.method === 'PUT') {
      puts.push(await req.json());
      if (refuse) return jsonResponse(403, null, { message: 'You may not do this' });
      on = ((puts.at(-1) ?? {}) as { autoSchedule: boolean }).autoSchedule;
    }
    return jsonResponse(200, { projectId: PROJECT, autoSchedule: on });
  });
  return puts;
}

describe('AutoScheduleSwitch', () => {
  it('is off by default and saves when flipped', async () => {
    const puts = serveSchedule();
    const { user } = render(<AutoScheduleSwitch projectId={PROJECT} />, { preloadedState: signedIn() });
    const toggle = await screen.findByRole('switch', { name: DEPENDENCY_MESSAGES.autoSchedule });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(puts).toEqual([{ autoSchedule: true }]);
    expect(await screen.findByText(DEPENDENCY_MESSAGES.autoScheduleSaved)).toBeInTheDocument();
  });

  it('a refusal puts it back and says why', async () => {
    serveSchedule(true);
    const { user } = render(<AutoScheduleSwitch projectId={PROJECT} />, { preloadedState: signedIn() });
    const toggle = await screen.findByRole('switch', { name: DEPENDENCY_MESSAGES.autoSchedule });
    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    expect(await screen.findByText('You may not do this')).toBeInTheDocument();
    await waitFor(() => expect(toggle).not.toBeChecked());
  });
});
