import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Logo } from './logo';

/**
 * A status screen (404, 403) with a way back: the whole page, or (`inLayout`) the content of a
 * page inside the app's layout, whose header and menu already show the logo.
 */
export function StatusPage({
  code,
  title,
  message,
  icon,
  inLayout = false,
}: {
  code: string;
  title: string;
  message: string;
  icon: ReactNode;
  inLayout?: boolean;
}) {
  return (
    <Box
      sx={{
        minHeight: inLayout ? undefined : '100vh',
        display: 'grid',
        placeItems: 'center',
        bgcolor: inLayout ? undefined : 'background.default',
        p: inLayout ? { xs: 2, sm: 6 } : 2,
      }}
    >
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', maxWidth: 520 }}>
        {!inLayout && <Logo />}
        {icon}
        <Typography variant="overline" color="primary" sx={{ fontSize: '1rem', fontWeight: 700 }}>
          {code}
        </Typography>
        <Typography variant="h2" component="h1">
          {title}
        </Typography>
        <Typography color="text.secondary">{message}</Typography>
        <Button component={RouterLink} to="/dashboard" variant="contained" size="large">
          Back to dashboard
        </Button>
      </Stack>
    </Box>
  );
}
