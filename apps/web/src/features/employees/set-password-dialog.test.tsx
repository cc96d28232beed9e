import { PROFILE_MESSAGES } from '@taskhive/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, render, signedIn } from '../../test/render';
import { SetPasswordDialog } from './set-password-dialog';

const MEMBER = '00000000-0000-4000-8000-000000000077';

describe('SetPasswordDialog', () => {
  it('checks the confirmation, sends the password, shows the API’s field error, and closes on success', async () => {
    const sent: unknown[] = [];
    let answer = jsonResponse(400, null, {
      message: 'Validation failed',
      errors: { newPassword: ['This password is too common'] },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (req: Request) => {
        expect(`${req.method} ${new URL(req.url).pathname}`).toBe(
          `POST /api/CompanyUsers/user/${MEMBER}/password`,
        );
        sent.push(await req.json());
        return answer;
      }),
    );
    const onClose = vi.fn();
    const { user, store } = render(<SetPasswordDialog userId={MEMBER} name="Bo Member" onClose={onClose} />, {
      preloadedState: signedIn({ permissions: ['employee:update', 'company:update'] }),
    });
    const dialog = screen.getByRole('dialog', { name: 'Set a password for Bo Member' });
    await user.type(within(dialog).getByLabelText(/^New password/), 'Granite-Lantern-42');
    await user.type(within(dialog).getByLabelText(/^Confirm new password/), 'Granite-Lantern-43');
    await user.click(within(dialog).getByRole('button', { name: PROFILE_MESSAGES.setPassword }));
    expect(sent).toEqual([]);
    expect(within(dialog).getByLabelText(/^Confirm new password/)).toHaveAttribute('aria-invalid', 'true');

    await user.clear(within(dialog).getByLabelText(/^Confirm new password/));
    await user.type(within(dialog).getByLabelText(/^Confirm new password/), 'Granite-Lantern-42');
    await user.click(within(dialog).getByRole('button', { name: PROFILE_MESSAGES.setPassword }));
    await vi.waitFor(() =>
      expect(within(dialog).getByText('This password is too common')).toBeInTheDocument(),
    );
    expect(onClose).not.toHaveBeenCalled();

    answer = jsonResponse(200, null, { message: PROFILE_MESSAGES.passwordSet });
    await user.click(within(dialog).getByRole('button', { name: PROFILE_MESSAGES.setPassword }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent[1]).toEqual({ newPassword: 'Granite-Lantern-42', confirmPassword: 'Granite-Lantern-42' });
    expect(store.getState().toast.queue.map((t) => t.message)).toContain(PROFILE_MESSAGES.passwordSet);
  });
});
