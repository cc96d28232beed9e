import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { APP_VERSION } from '@taskhive/contract';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Logo } from '../components/logo';
import { PageLoader } from '../components/page-loader';

/** The centred card the public screens (sign in, register, reset…) sit in. */
export function AuthLayout() {
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'background.default',
        px: 2,
        py: { xs: 3, sm: 6 },
      }}
    >
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 480, p: { xs: 3, sm: 5 } }}>
        <Stack sx={{ alignItems: 'center', mb: 3 }}>
          <Logo />
        </Stack>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Paper>
      <Typography variant="caption" color="text.secondary" sx={{ mt: 3 }}>
        © {new Date().getFullYear()} Taskhive · Version {APP_VERSION}
      </Typography>
    </Box>
  );
}
