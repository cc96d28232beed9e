import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MESSAGES, updateOwnProfileBodySchema, type SessionUser, type UserProfile } from '@taskhive/contract';
import type { FormEvent } from 'react';
import { errorMessage, fieldErrors } from '../../api/errors';
import { authActions } from '../../app/slices/auth-slice';
import { MainCard } from '../../components/main-card';
import { useAppDispatch } from '../../hooks/store';
import { useToast } from '../../hooks/use-toast';
import { useZodForm } from '../../hooks/use-zod-form';
import { useUpdateOwnProfileMutation } from './account-api';
import { rememberTimeZoneChosen, TimeZoneField, TimeZoneHint } from './time-zone-field';

/**
 * First and last name, contact fields and time zone of the signed-in user (shown once the stored
 * profile has loaded or failed).
 */
export function ProfileForm({ user, profile }: { user: SessionUser; profile: UserProfile | undefined }) {
  const dispatch = useAppDispatch();
  const toast = useToast();
  const [update, { isLoading }] = useUpdateOwnProfileMutation();
  const form = useZodForm(updateOwnProfileBodySchema, {
    firstName: user.firstName,
    lastName: user.lastName,
    phone: profile?.phone ?? '',
    jobTitle: profile?.jobTitle ?? '',
    timeZone: profile?.timeZone ?? 'UTC',
  });
  const savedZone = profile?.timeZone ?? 'UTC';

  const useZone = async (zone: string) => {
    try {
      // The stored names go along unchanged (the body needs them): only the zone changes.
      const saved = await update({
        firstName: profile?.firstName ?? user.firstName,
        lastName: profile?.lastName ?? user.lastName,
        timeZone: zone,
      }).unwrap();
      rememberTimeZoneChosen(user.userId);
      form.setValues((v) => ({ ...v, timeZone: saved.timeZone }));
      toast.success(`Time zone set to ${saved.timeZone}`);
    } catch (err) {
      form.setServerErrors(fieldErrors(err));
      toast.error(errorMessage(err, MESSAGES.users.updateFailed));
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = form.validate();
    if (!body) return;
    // Without the stored profile, blank contact fields mean "unchanged", not "clear".
    if (!profile) {
      if (!body.phone) delete body.phone;
      if (!body.jobTitle) delete body.jobTitle;
      delete body.timeZone;
    }
    try {
      const saved = await update(body).unwrap();
      if (body.timeZone !== undefined && body.timeZone !== savedZone) rememberTimeZoneChosen(user.userId);
      dispatch(authActions.sessionUserPatched({ firstName: saved.firstName, lastName: saved.lastName }));
      toast.success(MESSAGES.users.profileUpdated);
    } catch (err) {
      form.setServerErrors(fieldErrors(err));
      toast.error(errorMessage(err, MESSAGES.users.updateFailed));
    }
  };

  return (
    <MainCard title="Profile" subheader="How your name appears to your colleagues">
      <Stack component="form" noValidate onSubmit={submit} spacing={1}>
        {profile && (
          <TimeZoneHint userId={user.userId} current={savedZone} onUse={useZone} busy={isLoading} />
        )}
        <Grid container columnSpacing={2} rowSpacing={1}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField label="First name" autoComplete="given-name" required {...form.field('firstName')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField label="Last name" autoComplete="family-name" required {...form.field('lastName')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField label="Phone" type="tel" autoComplete="tel" {...form.field('phone')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField label="Job title" autoComplete="organization-title" {...form.field('jobTitle')} />
          </Grid>
          {profile && (
            <Grid size={{ xs: 12, sm: 6 }}>
              <TimeZoneField
                value={form.values.timeZone}
                error={form.errors.timeZone}
                onChange={(zone) => form.setValues((v) => ({ ...v, timeZone: zone }))}
              />
            </Grid>
          )}
          <Grid size={12}>
            <TextField
              label="Email address"
              value={user.email}
              helperText=" "
              slotProps={{ htmlInput: { readOnly: true } }}
            />
          </Grid>
        </Grid>
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {isLoading ? 'Saving…' : 'Save changes'}
          </Button>
        </Stack>
      </Stack>
    </MainCard>
  );
}
