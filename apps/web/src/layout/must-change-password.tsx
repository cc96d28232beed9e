import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PROFILE_MESSAGES } from '@taskhive/contract';
import { useNavigate } from 'react-router';
import { baseApi } from '../api/base-api';
import { authActions } from '../app/slices/auth-slice';
import { ChangePasswordForm } from '../features/account/change-password-form';
import { useLogoutMutation } from '../features/auth/auth-api';
import { useAppDispatch, useAppSelector } from '../hooks/store';

/**
 * Issue 24: a Company Admin set this user's password, so the API opens nothing but the change of
 * it (403 PASSWORD_CHANGE_REQUIRED). The company area shows this screen instead of itself until
 * the password is changed; then the workspace loads as after any sign-in.
 */
export function MustChangePassword() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [logout, { isLoading }] = useLogoutMutation();
  const firstName = useAppSelector((s) => s.auth.user?.firstName);

  const signOut = async () => {
    dispatch(authActions.logoutStarted());
    try {
      await logout().unwrap();
    } catch (error) {
      console.error('Logout call failed; the session is cleared anyway', error);
    }
    dispatch(authActions.sessionCleared());
    dispatch(baseApi.util.resetApiState());
    await navigate('/', { replace: true });
  };

  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}
    >
      <Stack spacing={2} sx={{ width: '100%', maxWidth: 480 }}>
        <Typography variant="h3" component="h1">
          {PROFILE_MESSAGES.mustChangeTitle}
        </Typography>
        <Typography color="text.secondary">
          {firstName ? `${firstName}, ` : ''}
          {PROFILE_MESSAGES.mustChangeIntro}
        </Typography>
        <ChangePasswordForm
          title="Your new password"
          subheader="Enter the password you were given, then your own"
          onChanged={() => dispatch(authActions.sessionUserPatched({ mustChangePassword: false }))}
        />
        <Box>
          <Button onClick={() => void signOut()} disabled={isLoading}>
            Sign out
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
