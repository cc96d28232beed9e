import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { changePasswordBodySchema, MESSAGES } from '@taskhive/contract';
import type { FormEvent } from 'react';
import { errorMessage, fieldErrors } from '../../api/errors';
import { MainCard } from '../../components/main-card';
import { PasswordField } from '../../components/password-field';
import { useToast } from '../../hooks/use-toast';
import { useZodForm } from '../../hooks/use-zod-form';
import { useChangePasswordMutation } from './account-api';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

export interface ChangePasswordFormProps {
  title?: string;
  subheader?: string;
  /** Called once the API accepted the new password. */
  onChanged?: () => void;
}

/** Change the password; other sessions of the user end, this one stays. */
export function ChangePasswordForm({
  title = 'Change password',
  subheader = 'Signing in elsewhere ends when you change it',
  onChanged,
}: ChangePasswordFormProps = {}) {
  const toast = useToast();
  const [change, { isLoading }] = useChangePasswordMutation();
  const form = useZodForm(changePasswordBodySchema, EMPTY);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = form.validate();
    if (!body) return;
    try {
      const res = await change(body).unwrap();
      toast.success(res.message || MESSAGES.auth.passwordUpdated);
      form.setValues(EMPTY);
      onChanged?.();
    } catch (err) {
      const fields = fieldErrors(err);
      form.setServerErrors(fields);
      // Say what is wrong ("The current password is incorrect"), not the envelope's "Validation failed".
      const first = Object.values(fields)[0];
      toast.error(first ?? errorMessage(err, MESSAGES.auth.passwordUpdateFailed));
    }
  };

  return (
    <MainCard title={title} subheader={subheader}>
      <Stack component="form" noValidate onSubmit={submit} spacing={1}>
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          required
          {...form.field('currentPassword')}
        />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          required
          {...form.field('newPassword')}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          required
          {...form.field('confirmPassword')}
        />
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {isLoading ? 'Updating…' : 'Update password'}
          </Button>
        </Stack>
      </Stack>
    </MainCard>
  );
}
