import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MESSAGES, registerBodySchema } from '@taskhive/contract';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { errorMessage, errorStatus, fieldErrors } from '../../api/errors';
import { PasswordField } from '../../components/password-field';
import { useZodForm } from '../../hooks/use-zod-form';
import { useRegisterMutation } from './auth-api';
import type { SuccessState } from './success-page';

/** Register a company and its first admin; then to /success to sign in. */
export default function RegisterPage() {
  const navigate = useNavigate();
  const [register, { isLoading }] = useRegisterMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(registerBodySchema, {
    companyName: '',
    firstName: '',
    lastName: '',
    email: '',
    password: '',
    confirmPassword: '',
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const body = form.validate();
    if (!body) return;
    try {
      await register(body).unwrap();
      const state: SuccessState = {
        title: 'Registration complete',
        message: `${MESSAGES.auth.registered}. Sign in with ${body.email} to get started.`,
      };
      navigate('/success', { state });
    } catch (err) {
      const fields = fieldErrors(err);
      if (errorStatus(err) === 409) fields.email = errorMessage(err, MESSAGES.auth.emailTaken);
      form.setServerErrors(fields);
      setFailure(errorMessage(err, MESSAGES.generic));
    }
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={1}>
      <Typography variant="h4" component="h1" align="center">
        Register your company
      </Typography>
      <Typography color="text.secondary" align="center" sx={{ pb: 2 }}>
        Create a workspace and its first administrator account.
      </Typography>
      {failure && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {failure}
        </Alert>
      )}
      <TextField
        label="Company name"
        autoComplete="organization"
        required
        autoFocus
        {...form.field('companyName')}
      />
      <Grid container columnSpacing={2} rowSpacing={1}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField label="First name" autoComplete="given-name" required {...form.field('firstName')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField label="Last name" autoComplete="family-name" required {...form.field('lastName')} />
        </Grid>
      </Grid>
      <TextField label="Email address" type="email" autoComplete="email" required {...form.field('email')} />
      <PasswordField label="Password" autoComplete="new-password" required {...form.field('password')} />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        required
        {...form.field('confirmPassword')}
      />
      <Button type="submit" variant="contained" size="large" disabled={isLoading} sx={{ mt: 1 }}>
        {isLoading ? 'Creating account…' : 'Create account'}
      </Button>
      <Typography variant="body2" align="center" sx={{ pt: 2 }}>
        Already have an account?{' '}
        <Link component={RouterLink} to="/" underline="hover">
          Sign in
        </Link>
      </Typography>
    </Stack>
  );
}
