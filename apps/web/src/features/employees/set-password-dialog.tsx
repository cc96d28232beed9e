import Typography from '@mui/material/Typography';
import { MESSAGES, PROFILE_MESSAGES, setPasswordBodySchema } from '@taskhive/contract';
import { errorMessage, fieldErrors } from '../../api/errors';
import { FormDialog } from '../../components/form-dialog';
import { PasswordField } from '../../components/password-field';
import { useToast } from '../../hooks/use-toast';
import { useZodForm } from '../../hooks/use-zod-form';
import { useSetEmployeePasswordMutation } from './employees-api';

/**
 * A Company Admin sets an employee's password (issue 24): their sessions end and their next
 * sign-in asks them to choose their own. Mount it fresh per use.
 */
export function SetPasswordDialog({
  userId,
  name,
  onClose,
}: {
  userId: string;
  name: string;
  onClose: () => void;
}) {
  const toast = useToast();
  const [setPassword, { isLoading }] = useSetEmployeePasswordMutation();
  const form = useZodForm(setPasswordBodySchema, { newPassword: '', confirmPassword: '' });

  const submit = async () => {
    const body = form.validate();
    if (!body) return;
    try {
      const res = await setPassword({ userId, body }).unwrap();
      toast.success(res.message || PROFILE_MESSAGES.passwordSet);
      onClose();
    } catch (err) {
      const fields = fieldErrors(err);
      form.setServerErrors(fields);
      toast.error(Object.values(fields)[0] ?? errorMessage(err, MESSAGES.auth.passwordUpdateFailed));
    }
  };

  return (
    <FormDialog
      open
      title={`Set a password for ${name}`}
      submitLabel={PROFILE_MESSAGES.setPassword}
      busy={isLoading}
      onSubmit={() => void submit()}
      onClose={onClose}
      maxWidth="xs"
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Their sessions end now. When they next sign in with this password, they must choose their own before
        anything else.
      </Typography>
      <PasswordField
        label="New password"
        autoComplete="new-password"
        required
        autoFocus
        {...form.field('newPassword')}
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        required
        {...form.field('confirmPassword')}
      />
    </FormDialog>
  );
}
