import { TIMESHEET_MESSAGES } from '@taskhive/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, render, signedIn } from '../../test/render';
import { TimesheetSettingsCard } from './timesheet-settings-card';

const session = signedIn({ permissions: ['company:read', 'company:update', 'timelog:read'] });

function serve(refuse?: () => Response) {
  const puts: unknown[] = [];
  let settings = { weekStartsOn: 1, lockedBefore: null as string | null, reminderWeekday: 1 };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(input, init);
      if (new URL(req.url).pathname !== '/api/Timesheets/settings') return jsonResponse(404, null);
      if (req.method === 'PUT') {
        const body = JSON.parse(await req.text()) as typeof settings;
        puts.push(body);
        if (refuse) return refuse();
        settings = { ...settings, ...body };
      }
      return jsonResponse(200, settings);
    }),
  );
  return puts;
}

afterEach(() => vi.unstubAllGlobals());

describe('TimesheetSettingsCard', () => {
  it('saves the first day of the week, the lock date and the reminder day', async () => {
    const puts = serve();
    const { user } = render(<TimesheetSettingsCard canEdit />, { preloadedState: session });
    const save = await screen.findByRole('button', { name: 'Save timesheet settings' });
    expect(save).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: 'First day of the week' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Sunday' }));
    await user.type(screen.getByLabelText('Lock time before'), '2026-06-01');
    await user.click(save);
    await waitFor(() =>
      expect(puts).toEqual([{ weekStartsOn: 0, reminderWeekday: 1, lockedBefore: '2026-06-01' }]),
    );
    expect(await screen.findByText(TIMESHEET_MESSAGES.settingsUpdated)).toBeInTheDocument();
  });

  it('without company:update it only says what is set', async () => {
    const puts = serve();
    render(<TimesheetSettingsCard canEdit={false} />, { preloadedState: session });
    expect(await screen.findByText('Weeks start on Monday.')).toBeInTheDocument();
    expect(screen.getByText('No time is locked by date.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save timesheet settings' })).not.toBeInTheDocument();
    expect(puts).toHaveLength(0);
  });

  it('a change of the first day refused while weeks wait for approval says why and keeps the settings', async () => {
    const puts = serve(() =>
      jsonResponse(409, null, { message: TIMESHEET_MESSAGES.weekStartWhileSubmitted }),
    );
    const { user } = render(<TimesheetSettingsCard canEdit />, { preloadedState: session });
    await user.click(await screen.findByRole('combobox', { name: 'First day of the week' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Wednesday' }));
    await user.click(screen.getByRole('button', { name: 'Save timesheet settings' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(await screen.findByText(TIMESHEET_MESSAGES.weekStartWhileSubmitted)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'First day of the week' })).toHaveTextContent('Wednesday');
  });
});
