import { PROFILE_MESSAGES, type Celebrations } from '@taskhive/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, render, signedIn } from '../../test/render';
import { CelebrationsCard } from './celebrations-card';

const person = (n: number, firstName: string, day: number) => ({
  userId: `00000000-0000-4000-8000-5000000000${n}`,
  firstName,
  lastName: 'Person',
  profilePhotoUrl: null,
  day,
});

function serve(data: Celebrations) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(200, data)),
  );
}

describe('CelebrationsCard', () => {
  it('shows nothing when the company has not opted in', async () => {
    serve({ enabled: false, month: '2026-03', anniversaries: [], birthdays: [] });
    const { container } = render(<CelebrationsCard />, { preloadedState: signedIn() });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(container).toBeEmptyDOMElement();
  });

  it('lists this month’s anniversaries with years and birthdays by day', async () => {
    serve({
      enabled: true,
      month: '2026-03',
      anniversaries: [{ ...person(1, 'Vera', 9), years: 3 }],
      birthdays: [person(2, 'Bea', 3)],
    });
    render(<CelebrationsCard />, { preloadedState: signedIn() });
    const anniversaries = await screen.findByRole('list', { name: PROFILE_MESSAGES.anniversaries });
    expect(within(anniversaries).getByText('Vera Person')).toBeInTheDocument();
    expect(within(anniversaries).getByText(/3 years/)).toBeInTheDocument();
    const birthdays = screen.getByRole('list', { name: PROFILE_MESSAGES.birthdays });
    expect(within(birthdays).getByText('Bea Person')).toBeInTheDocument();
    expect(within(birthdays).getByText(/3/)).toBeInTheDocument();
  });

  it('says so when nobody has one this month', async () => {
    serve({ enabled: true, month: '2026-03', anniversaries: [], birthdays: [] });
    render(<CelebrationsCard />, { preloadedState: signedIn() });
    expect(await screen.findByText(PROFILE_MESSAGES.noCelebrations)).toBeInTheDocument();
  });
});
