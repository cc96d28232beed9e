import LinkOffRounded from '@mui/icons-material/LinkOffRounded';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@taskhive/contract';
import { Link as RouterLink } from 'react-router';

/** A reset link that is expired, used or invalid. */
export default function ResetExpiredPage() {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
      <LinkOffRounded color="warning" sx={{ fontSize: 64 }} />
      <Typography variant="h4" component="h1">
        Reset link expired
      </Typography>
      <Typography color="text.secondary">
        {MESSAGES.auth.resetLinkExpired} Request a new link to choose a new password.
      </Typography>
      <Button component={RouterLink} to="/forgot-password" variant="contained" size="large" fullWidth>
        Request a new link
      </Button>
      <Button component={RouterLink} to="/" fullWidth>
        Back to sign in
      </Button>
    </Stack>
  );
}
