import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { ReactNode } from 'react';
import { useGetEmployeeQuery } from '../../api/users-api';
import { MainCard } from '../../components/main-card';
import { useSession } from '../../hooks/use-session';
import { AppearanceCard } from './appearance-card';
import { ChangePasswordForm } from './change-password-form';
import { ProfileForm } from './profile-form';
import { ProfilePhotoCard } from './profile-photo-card';

/**
 * Account settings of /app/profile and /super-admin/profile. `extra` holds cards other features
 * add (app/routes composes them: the notification switches on /app/profile).
 */
export default function AccountSettingsPage({ extra }: { extra?: ReactNode }) {
  const { user, superAdmin } = useSession();
  const { data: profile, isLoading } = useGetEmployeeQuery(user ? user.userId : skipToken);
  if (!user) return null;
  const subtitle = superAdmin
    ? 'System Admin'
    : (profile?.departmentName ?? user.departmentName ?? 'System User');
  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h3" component="h1">
          Account settings
        </Typography>
        <Typography color="text.secondary">Your profile, password and how Taskhive looks for you.</Typography>
      </div>
      <Grid container spacing={2.5}>
        <Grid size={{ xs: 12, md: 4 }}>
          <ProfilePhotoCard user={user} subtitle={subtitle} />
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          {isLoading ? (
            <MainCard title="Profile" aria-busy="true">
              <Stack spacing={2}>
                <Skeleton variant="rounded" height={56} />
                <Skeleton variant="rounded" height={56} />
                <Skeleton variant="rounded" height={56} />
              </Stack>
            </MainCard>
          ) : (
            // Without the stored profile (its endpoint failed) the form starts from the session.
            <ProfileForm user={user} profile={profile} />
          )}
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <ChangePasswordForm />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <AppearanceCard />
        </Grid>
        {extra && <Grid size={{ xs: 12, md: 6 }}>{extra}</Grid>}
      </Grid>
    </Stack>
  );
}
