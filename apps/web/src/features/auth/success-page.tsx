import CheckCircleOutlineRounded from '@mui/icons-material/CheckCircleOutlineRounded';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';

export interface SuccessState {
  title?: string;
  message?: string;
}

/** Confirms a finished registration or password reset and leads to sign in. */
export default function SuccessPage() {
  const state = (useLocation().state ?? {}) as SuccessState;
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
      <CheckCircleOutlineRounded color="success" sx={{ fontSize: 64 }} />
      <Typography variant="h4" component="h1">
        {state.title ?? 'All done'}
      </Typography>
      <Typography color="text.secondary">{state.message ?? 'You can sign in now.'}</Typography>
      <Button component={RouterLink} to="/" variant="contained" size="large" fullWidth>
        Sign in
      </Button>
    </Stack>
  );
}
