import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { forgotPasswordBodySchema, MESSAGES } from '@taskhive/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage, fieldErrors } from '../../api/errors';
import { authActions } from '../../app/slices/auth-slice';
import { useAppDispatch, useAppSelector } from '../../hooks/store';
import { useZodForm } from '../../hooks/use-zod-form';
import { useForgotPasswordMutation } from './auth-api';

/** Ask for a reset link; the answer is neutral whether or not the account exists. */
export default function ForgotPasswordPage() {
  const dispatch = useAppDispatch();
  const sent = useAppSelector((s) => s.auth.isForgotPassword);
  const [forgot, { isLoading }] = useForgotPasswordMutation();
  const [notice, setNotice] = useState<string>(MESSAGES.auth.forgotPasswordSent);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(forgotPasswordBodySchema, { email: '' });

  useEffect(
    () => () => {
      dispatch(authActions.forgotPasswordCleared());
    },
    [dispatch],
  );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const body = form.validate();
    if (!body) return;
    dispatch(authActions.forgotPasswordStarted());
    try {
      const res = await forgot(body).unwrap();
      setNotice(res.message || MESSAGES.auth.forgotPasswordSent);
      dispatch(authActions.forgotPasswordSucceeded());
    } catch (err) {
      form.setServerErrors(fieldErrors(err));
      setFailure(errorMessage(err, MESSAGES.auth.forgotPasswordFailed));
    }
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={1}>
      <Typography variant="h4" component="h1" align="center">
        Forgot password?
      </Typography>
      <Typography color="text.secondary" align="center" sx={{ pb: 2 }}>
        Enter the email address of your account and we will send you a link to reset your password.
      </Typography>
      {sent && (
        <Alert severity="success" sx={{ mb: 1 }}>
          {notice}
        </Alert>
      )}
      {failure && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {failure}
        </Alert>
      )}
      <TextField
        label="Email address"
        type="email"
        autoComplete="email"
        required
        autoFocus
        {...form.field('email')}
      />
      <Button type="submit" variant="contained" size="large" disabled={isLoading}>
        {isLoading ? 'Sending…' : sent ? 'Send again' : 'Send reset link'}
      </Button>
      <Typography variant="body2" align="center" sx={{ pt: 2 }}>
        <Link component={RouterLink} to="/" underline="hover">
          Back to sign in
        </Link>
      </Typography>
    </Stack>
  );
}
