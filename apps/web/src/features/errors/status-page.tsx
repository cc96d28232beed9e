import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Logo } from '../../components/logo';

/** A full-page status screen (404, 403) with a way back. */
export function StatusPage({
  code,
  title,
  message,
  icon,
}: {
  code: string;
  title: string;
  message: string;
  icon: ReactNode;
}) {
  return (
    <Box
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'background.default', p: 2 }}
    >
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', maxWidth: 520 }}>
        <Logo />
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
