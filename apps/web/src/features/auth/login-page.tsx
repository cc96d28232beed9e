import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AUTH_MESSAGES } from '@taskhive/contract';
import { lazy, Suspense, useEffect, type FormEvent } from 'react';
import { Navigate, Link as RouterLink, useLocation } from 'react-router';
import { errorMessage, errorStatus, fieldErrors } from '../../api/errors';
import type { ReturnState } from '../../lib/return-state';
import { authActions } from '../../app/slices/auth-slice';
import { PageLoader } from '../../components/page-loader';
import { PasswordField } from '../../components/password-field';
import { TextInput } from '../../components/text-input';
import { useAppDispatch, useAppSelector } from '../../hooks/store';
import { useLazyZodForm } from '../../hooks/use-zod-form';

// A failed sign-in's message: loaded when first shown, off the sign-in route's bundle.
const Alert = lazy(() => import('@mui/material/Alert'));
const loadLoginSchema = () => import('./login-schema').then((m) => m.loginBodySchema);
// The sign-in call goes through RTK Query, loaded once the form shows (off the sign-in bundle).
const loadAuthApi = () => import('./auth-api').then((m) => m.authApi);

/** Sign in; afterwards back to the page the visitor came from, else to /dashboard. */
/**
 * `preloadWorkspace`: starts loading where a sign-in lands (the router passes the company layout's
 * chunk), called as the form is sent, so the code loads while the server checks the password
 * (argon2id takes a few hundred milliseconds by design) and not after it.
 */
export default function LoginPage({ preloadWorkspace }: { preloadWorkspace?: () => unknown }) {
  const dispatch = useAppDispatch();
  const { isAuthenticated, error, authLoading } = useAppSelector((s) => s.auth);
  const location = useLocation();
  const from = (location.state as ReturnState | null)?.from;
  const form = useLazyZodForm(loadLoginSchema, { email: '', password: '' });
  useEffect(() => void loadAuthApi(), []);

  // While a sign-out finishes the session is still there: wait rather than bounce back in.
  if (isAuthenticated && authLoading) return <PageLoader label="Signing out" />;
  if (isAuthenticated) return <Navigate to={from ?? '/dashboard'} replace />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = await form.validate();
    if (!body) return;
    preloadWorkspace?.();
    dispatch(authActions.loginStarted());
    try {
      const { login } = (await loadAuthApi()).endpoints;
      // Not tracked in the store: the answer carries the tokens, which only the auth slice keeps.
      dispatch(authActions.loginSucceeded(await dispatch(login.initiate(body, { track: false })).unwrap()));
    } catch (err) {
      form.setServerErrors(fieldErrors(err));
      const status = errorStatus(err);
      // 401 always reads the same; 403 (inactive user or company) and 429 carry the server's reason.
      dispatch(
        authActions.loginFailed(
          status === 401 ? AUTH_MESSAGES.loginFailed : errorMessage(err, AUTH_MESSAGES.loginFailed),
        ),
      );
    }
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={1}>
      <Typography variant="h4" component="h1" align="center">
        Sign in
      </Typography>
      <Typography color="text.secondary" align="center" sx={{ pb: 2 }}>
        Welcome back. Enter your credentials to continue.
      </Typography>
      {error && (
        <Suspense fallback={null}>
          <Alert severity="error" onClose={() => dispatch(authActions.authErrorCleared())} sx={{ mb: 1 }}>
            {error}
          </Alert>
        </Suspense>
      )}
      <TextInput
        label="Email address"
        type="email"
        autoComplete="email"
        autoFocus
        required
        {...form.field('email')}
      />
      <PasswordField label="Password" autoComplete="current-password" required {...form.field('password')} />
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: -1 }}>
        <Link component={RouterLink} to="/forgot-password" variant="body2" underline="hover">
          Forgot password?
        </Link>
      </Stack>
      <Button type="submit" variant="contained" size="large" disabled={authLoading} sx={{ mt: 1 }}>
        {authLoading ? 'Signing in…' : 'Sign in'}
      </Button>
      <Typography variant="body2" align="center" sx={{ pt: 2 }}>
        New to Taskhive?{' '}
        <Link component={RouterLink} to="/register" underline="hover">
          Register your company
        </Link>
      </Typography>
    </Stack>
  );
}
