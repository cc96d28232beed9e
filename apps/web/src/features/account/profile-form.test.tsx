import type { UserProfile } from '@taskhive/contract';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, render, signedIn } from '../../test/render';
import { ProfileForm } from './profile-form';

const session = signedIn();
const signedInUser = session.auth.user;
if (!signedInUser) throw new Error('signedIn() gives a user');
const user = signedInUser;

function profile(over: Partial<UserProfile> = {}): UserProfile {
  return {
    userId: user.userId,
    companyId: user.companyId,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: null,
    jobTitle: null,
    status: 'active',
    roleId: null,
    roleName: 'Employee',
    departmentId: null,
    departmentName: null,
    profilePhotoUrl: null,
    timeZone: 'UTC',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

/** Answers PUT /auth/me with the stored profile patched by the body (or `answer`), recording the bodies. */
function serve(answer?: () => Response) {
  const bodies: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (req: Request) => {
      if (new URL(req.url).pathname === '/api/auth/me' && req.method === 'PUT') {
        const body = (await req.json()) as Record<string, unknown>;
        bodies.push(body);
        return answer?.() ?? jsonResponse(200, profile(body as Partial<UserProfile>));
      }
      return jsonResponse(404, null, { message: 'Not found' });
    }),
  );
  return bodies;
}

const originalTz = process.env.TZ;
beforeEach(() => {
  // This device runs in Los Angeles.
  process.env.TZ = 'America/Los_Angeles';
  localStorage.clear();
});
afterEach(() => {
  process.env.TZ = originalTz;
  vi.unstubAllGlobals();
});

describe('ProfileForm: time zone', () => {
  it('shows the stored zone in its field', () => {
    serve();
    render(<ProfileForm user={user} profile={profile({ timeZone: 'Europe/Berlin' })} />, {
      preloadedState: session,
    });
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Berlin');
    // Chosen already: no suggestion.
    expect(screen.queryByRole('button', { name: /^Use / })).not.toBeInTheDocument();
  });

  it('suggests the device’s zone to someone still on UTC; one click saves it, nothing changes before', async () => {
    const bodies = serve();
    const { user: u, store } = render(<ProfileForm user={user} profile={profile()} />, {
      preloadedState: session,
    });
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveValue('UTC');
    expect(screen.getByText(/this device is in America\/Los_Angeles/)).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await u.click(screen.getByRole('button', { name: 'Use America/Los_Angeles' }));
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      firstName: user.firstName,
      lastName: user.lastName,
      timeZone: 'America/Los_Angeles',
    });
    await vi.waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveValue('America/Los_Angeles'),
    );
    expect(store.getState().toast.queue.map((t) => t.message)).toContain(
      'Time zone set to America/Los_Angeles',
    );
  });

  it('“Keep UTC” hides the suggestion for good on this device', async () => {
    serve();
    const first = render(<ProfileForm user={user} profile={profile()} />, { preloadedState: session });
    await first.user.click(screen.getByRole('button', { name: 'Keep UTC' }));
    expect(screen.queryByRole('button', { name: /^Use / })).not.toBeInTheDocument();
    first.unmount();
    render(<ProfileForm user={user} profile={profile()} />, { preloadedState: session });
    expect(screen.queryByRole('button', { name: /^Use / })).not.toBeInTheDocument();
  });

  it('saves a zone picked in the field with the form, and shows the server’s message beside it', async () => {
    const bodies = serve(() =>
      jsonResponse(400, null, { message: 'Validation failed', errors: { timeZone: ['Unknown time zone'] } }),
    );
    const { user: u } = render(<ProfileForm user={user} profile={profile()} />, { preloadedState: session });
    const field = screen.getByRole('combobox', { name: 'Time zone' });
    await u.clear(field);
    await u.type(field, 'Asia/Tokyo');
    await u.click(await screen.findByRole('option', { name: 'Asia/Tokyo' }));
    expect(field).toHaveValue('Asia/Tokyo');
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ timeZone: 'Asia/Tokyo' });
    expect(await screen.findByText('Unknown time zone')).toBeInTheDocument();
  });
});
