import { MESSAGES } from '@taskhive/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, render, signedIn } from '../../test/render';
import { CompanyFormDialog } from './company-form-dialog';

const session = signedIn({ permissions: ['company:read:all', 'company:create'] });

async function fillRequired(user: ReturnType<typeof render>['user'], email: string) {
  const dialog = screen.getByRole('dialog');
  await user.type(within(dialog).getByRole('textbox', { name: /^Company name/ }), 'Initech');
  await user.type(within(dialog).getByRole('textbox', { name: /^Admin first name/ }), 'Bill');
  await user.type(within(dialog).getByRole('textbox', { name: /^Admin last name/ }), 'Lumbergh');
  await user.type(within(dialog).getByRole('textbox', { name: /^Admin email/ }), email);
  return dialog;
}

describe('CompanyFormDialog', () => {
  it('sends the admin nested and shows the API’s field error beside the admin email', async () => {
    let sent: unknown = null;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (req: Request) => {
        sent = await req.json();
        return jsonResponse(409, null, {
          message: MESSAGES.auth.emailTaken,
          errors: { 'admin.email': [MESSAGES.auth.emailTaken] },
        });
      }),
    );
    const onClose = vi.fn();
    const { user, store } = render(<CompanyFormDialog open onClose={onClose} />, { preloadedState: session });
    const dialog = await fillRequired(user, 'bill@initech.test');
    await user.click(within(dialog).getByRole('button', { name: 'Create company' }));

    await vi.waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /^Admin email/ })).toHaveAttribute(
        'aria-invalid',
        'true',
      ),
    );
    expect(within(dialog).getByText(MESSAGES.auth.emailTaken)).toBeInTheDocument();
    expect(sent).toMatchObject({
      name: 'Initech',
      admin: { firstName: 'Bill', lastName: 'Lumbergh', email: 'bill@initech.test' },
    });
    expect(sent).not.toHaveProperty('admin.password');
    expect(store.getState().toast.queue.map((t) => [t.message, t.severity])).toEqual([
      [MESSAGES.auth.emailTaken, 'error'],
    ]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says an invitation went out when no password was given', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(201, { invitationSent: true, companyId: 'c', id: 'c' })),
    );
    const onClose = vi.fn();
    const { user, store } = render(<CompanyFormDialog open onClose={onClose} />, { preloadedState: session });
    const dialog = await fillRequired(user, 'bill@initech.test');
    await user.click(within(dialog).getByRole('button', { name: 'Create company' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(store.getState().toast.queue.map((t) => t.message)).toEqual([
      MESSAGES.companies.created,
      'An invitation to set a password was emailed to bill@initech.test.',
    ]);
  });
});
