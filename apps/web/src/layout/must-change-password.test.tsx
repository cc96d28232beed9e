import { PROFILE_MESSAGES } from '@taskhive/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, render, signedIn } from '../test/render';
import { CompanyLayout } from './company-layout';

describe('CompanyLayout with a password a Company Admin set', () => {
  it('shows only the change of password, loads nothing else, and opens the workspace once changed', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (req: Request) => {
        const path = new URL(req.url).pathname;
        calls.push(`${req.method} ${path}`);
        if (path === '/api/auth/change-password') {
          expect(await req.json()).toEqual({
            currentPassword: 'Given-Password-2026',
            newPassword: 'Own-Password-2026!',
            confirmPassword: 'Own-Password-2026!',
          });
          return jsonResponse(200, null, { message: 'Password Updated Successfully' });
        }
        return jsonResponse(200, null);
      }),
    );
    const { user, store } = render(<CompanyLayout />, {
      route: '/app/profile',
      preloadedState: signedIn({ user: { mustChangePassword: true } }),
    });
    expect(screen.getByRole('heading', { name: PROFILE_MESSAGES.mustChangeTitle })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.type(screen.getByLabelText(/^Current password/), 'Given-Password-2026');
    await user.type(screen.getByLabelText(/^New password/), 'Own-Password-2026!');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'Own-Password-2026!');
    await user.click(screen.getByRole('button', { name: 'Update password' }));

    await vi.waitFor(() => expect(store.getState().auth.user?.mustChangePassword).toBe(false));
    expect(calls[0]).toBe('POST /api/auth/change-password');
    // The workspace takes over: its start-up load begins.
    await vi.waitFor(() => expect(calls.length).toBeGreaterThan(1));
    expect(screen.queryByRole('heading', { name: PROFILE_MESSAGES.mustChangeTitle })).not.toBeInTheDocument();
  });
});
