import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MESSAGES, RESET_EXPIRED_CODE, resetPasswordBodySchema } from '@taskhive/contract';
import { useState, type FormEvent } from 'react';
import { Navigate, Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { errorCode, errorMessage, fieldErrors } from '../../api/errors';
import { authActions } from '../../app/slices/auth-slice';
import { PasswordField } from '../../components/password-field';
import { useAppDispatch } from '../../hooks/store';
import { useZodForm } from '../../hooks/use-zod-form';
import { useResetPasswordMutation } from './auth-api';
import type { SuccessState } from './success-page';

/** The page's words: a reset link's, or an invitation's (`purpose=invite`, a first password). */
const WORDS = {
  reset: {
    title: 'Reset password',
    intro: 'Choose a new password for your account.',
    submit: 'Reset password',
    done: { title: 'Password reset', message: MESSAGES.auth.passwordReset },
  },
  invite: {
    title: 'Set your password',
    intro:
      'Welcome to Taskhive! You have been invited to join your team: choose a password to activate your account.',
    submit: 'Set password',
    done: { title: 'Password set', message: 'Your account is ready. You can sign in now.' },
  },
} as const;

/**
 * Choose a new password with the token and email of the emailed link. An invitation's link adds
 * `purpose=invite`, which only changes the words: the token alone decides what the request may do.
 */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const words = WORDS[params.get('purpose') === 'invite' ? 'invite' : 'reset'];
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [reset, { isLoading }] = useResetPasswordMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(resetPasswordBodySchema, { email, token, newPassword: '', confirmPassword: '' });

  if (!token || !email) return <Navigate to="/reset-expired" replace />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const body = form.validate();
    if (!body) return;
    try {
      await reset(body).unwrap();
      dispatch(authActions.resetPasswordSucceeded());
      const state: SuccessState = words.done;
      navigate('/success', { state, replace: true });
    } catch (err) {
      if (errorCode(err) === RESET_EXPIRED_CODE) {
        navigate('/reset-expired', { replace: true });
        return;
      }
      const fields = fieldErrors(err);
      form.setServerErrors(fields);
      if (fields.token || fields.email) {
        navigate('/reset-expired', { replace: true });
        return;
      }
      setFailure(errorMessage(err, MESSAGES.auth.resetPasswordFailed));
    }
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={1}>
      <Typography variant="h4" component="h1" align="center">
        {words.title}
      </Typography>
      <Typography color="text.secondary" align="center" sx={{ pb: 2 }}>
        {words.intro}
      </Typography>
      {failure && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {failure}
        </Alert>
      )}
      <TextField
        label="Email address"
        value={email}
        slotProps={{ htmlInput: { readOnly: true } }}
        helperText=" "
      />
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
      <Button type="submit" variant="contained" size="large" disabled={isLoading}>
        {isLoading ? 'Saving…' : words.submit}
      </Button>
      <Typography variant="body2" align="center" sx={{ pt: 2 }}>
        <Link component={RouterLink} to="/" underline="hover">
          Back to sign in
        </Link>
      </Typography>
    </Stack>
  );
}
