import { TIMESHEET_MESSAGES } from '@taskhive/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, render, signedIn } from '../../test/render';
import { ExpectedHoursCard } from './expected-hours-card';

const BOB = '00000000-0000-4000-8000-000000000012';

function serve() {
  const puts: unknown[] = [];
  let minutes = 2400;
  let isDefault = true;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(input, init);
      if (new URL(req.url).pathname !== `/api/Timesheets/capacity/${BOB}`) return jsonResponse(404, null);
      if (req.method === 'PUT') {
        const body = JSON.parse(await req.text()) as { expectedWeeklyMinutes: number };
        puts.push(body);
        minutes = body.expectedWeeklyMinutes;
        isDefault = false;
      }
      return jsonResponse(200, { userId: BOB, expectedWeeklyMinutes: minutes, isDefault });
    }),
  );
  return puts;
}

afterEach(() => vi.unstubAllGlobals());

describe('ExpectedHoursCard', () => {
  it('sets a person’s expected hours per week (decimal hours in, minutes out)', async () => {
    const puts = serve();
    const { user } = render(<ExpectedHoursCard userId={BOB} canEdit />, {
      preloadedState: signedIn({ permissions: ['employee:read', 'employee:update'] }),
    });
    const field = await screen.findByRole('textbox', { name: 'Expected hours per week' });
    expect(screen.getByText('Now 40h a week (the default)')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '200');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(field);
    await user.type(field, '32,5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toEqual([{ expectedWeeklyMinutes: 1950 }]));
    expect(await screen.findByText(TIMESHEET_MESSAGES.capacityUpdated)).toBeInTheDocument();
    expect(await screen.findByText('Now 32h 30m a week')).toBeInTheDocument();
  });

  it('read-only without employee:update', async () => {
    serve();
    render(<ExpectedHoursCard userId={BOB} canEdit={false} />, {
      preloadedState: signedIn({ permissions: ['employee:read'] }),
    });
    expect(await screen.findByText('Expected: 40h a week (the default).')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});
