import KeyOutlined from '@mui/icons-material/KeyOutlined';
import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { IMAGE_MAX_BYTES, IMAGE_MIME_TYPES, MESSAGES, type EmployeeDetail } from '@taskhive/contract';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { z } from 'zod';
import { errorMessage, errorStatus } from '../../api/errors';
import { photoUrlOf, useGetEmployeeQuery, useUploadUserPhotoMutation } from '../../api/users-api';
import { authActions } from '../../app/slices/auth-slice';
import { EmptyState } from '../../components/empty-state';
import { ErrorPanel } from '../../components/error-panel';
import { FilePickButton } from '../../components/file-pick-button';
import { MainCard } from '../../components/main-card';
import { NotFound } from '../../components/not-found';
import { UserAvatar } from '../../components/user-avatar';
import { useAppDispatch } from '../../hooks/store';
import { useSession } from '../../hooks/use-session';
import { useToast } from '../../hooks/use-toast';
import { formatDate, formatMinutes } from '../../lib/format';
import { EditDetailsButton, EmployeeDetailsDialog, EmploymentCard, PersonalCard } from './employee-details';
import { EmployeeStatusChip } from './employee-status-chip';
import { SetPasswordDialog } from './set-password-dialog';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Typography>
    </div>
  );
}

function PhotoButton({ employee }: { employee: EmployeeDetail }) {
  const toast = useToast();
  const dispatch = useAppDispatch();
  const { user } = useSession();
  const [upload, uploading] = useUploadUserPhotoMutation();
  const onFile = async (file: File) => {
    try {
      const res = await upload({ userId: employee.userId, file }).unwrap();
      if (employee.userId === user?.userId) {
        dispatch(authActions.sessionUserPatched({ profilePhotoUrl: photoUrlOf(res) }));
      }
      toast.success(MESSAGES.users.photoUploaded);
    } catch (err) {
      toast.error(errorMessage(err, MESSAGES.users.imageUploadFailed));
    }
  };
  return (
    <FilePickButton
      accept={IMAGE_MIME_TYPES}
      maxBytes={IMAGE_MAX_BYTES}
      inputLabel="Employee photo file"
      onFile={(f) => void onFile(f)}
      onRefused={(reason) => toast.error(reason)}
      startIcon={<PhotoCameraOutlined />}
      disabled={uploading.isLoading}
      size="small"
    >
      {uploading.isLoading ? 'Uploading…' : 'Change photo'}
    </FilePickButton>
  );
}

/** /app/employee-profile/:userId: photo, department, role, projects and recent work. */
export default function EmployeeProfilePage({ slot }: { slot?: (userId: string) => ReactNode }) {
  const { userId = '' } = useParams();
  const { can, user } = useSession();
  // A malformed id names nobody: not asked for, shown as not found (never the server's 400).
  const wellFormed = z.uuid().safeParse(userId).success;
  // currentData belongs to this userId only: the profile shown before is never shown for another.
  const { currentData: employee, error, refetch } = useGetEmployeeQuery(wellFormed ? userId : skipToken);
  const [settingPassword, setSettingPassword] = useState(false);
  const [editingDetails, setEditingDetails] = useState(false);

  if (!wellFormed || (error && errorStatus(error) === 404)) return <NotFound inLayout />;
  if (error) {
    return (
      <ErrorPanel message={errorMessage(error, MESSAGES.users.fetchFailed)} onRetry={() => void refetch()} />
    );
  }
  if (!employee) {
    return (
      <Stack spacing={2.5} aria-busy="true" aria-label="Loading profile">
        <Skeleton variant="rounded" height={160} />
        <Skeleton variant="rounded" height={220} />
      </Stack>
    );
  }

  const canPhoto = employee.userId === user?.userId || can({ anyOf: ['employee:update'] });
  // A Company Admin's (the API also refuses oneself, and anyone holding more than the admin).
  const canSetPassword =
    employee.userId !== user?.userId &&
    employee.status === 'active' &&
    can({ allOf: ['employee:update', 'company:update'] });
  return (
    <Stack spacing={2.5}>
      <MainCard>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
          <UserAvatar
            firstName={employee.firstName}
            lastName={employee.lastName}
            photoUrl={employee.profilePhotoUrl}
            size={112}
          />
          <Stack spacing={1} sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="h3" component="h1">
              {employee.firstName} {employee.lastName}
            </Typography>
            <Typography color="text.secondary">{employee.jobTitle ?? 'No job title'}</Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <EmployeeStatusChip status={employee.status} />
              {employee.roleName && (
                <Chip size="small" label={employee.roleName} color="primary" variant="outlined" />
              )}
              {employee.departmentName && (
                <Chip size="small" label={employee.departmentName} variant="outlined" />
              )}
            </Stack>
          </Stack>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {canPhoto && <PhotoButton employee={employee} />}
            {canSetPassword && (
              <Button
                size="small"
                variant="outlined"
                startIcon={<KeyOutlined />}
                onClick={() => setSettingPassword(true)}
              >
                Set password
              </Button>
            )}
          </Stack>
        </Stack>
      </MainCard>
      <Grid container spacing={2.5}>
        <Grid size={{ xs: 12, md: 5 }}>
          <MainCard title="Details">
            <Stack spacing={2}>
              <Field label="Email">{employee.email}</Field>
              <Field label="Phone">{employee.phone}</Field>
              <Field label="Role">{employee.roleName}</Field>
              <Field label="Department">{employee.departmentName}</Field>
              <Field label="Member since">{formatDate(employee.createdAt)}</Field>
            </Stack>
          </MainCard>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Stack spacing={2.5}>
            <EmploymentCard
              employee={employee}
              action={
                can({ anyOf: ['employee:update'] }) ? (
                  <EditDetailsButton onClick={() => setEditingDetails(true)} />
                ) : undefined
              }
            />
            <PersonalCard employee={employee} />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <MainCard title="Projects">
            {employee.projects.length === 0 ? (
              <EmptyState title="Not on any project yet" />
            ) : (
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                {employee.projects.map((p) => (
                  <Chip key={p.projectId} label={p.name} />
                ))}
              </Stack>
            )}
          </MainCard>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Stack spacing={2.5}>
            <MainCard title="Recent work">
              {employee.recentTimeLogs.length === 0 ? (
                <EmptyState title="No time logged yet" />
              ) : (
                <List dense disablePadding aria-label="Recent work">
                  {employee.recentTimeLogs.map((t) => (
                    <ListItem key={t.timeLogId} disableGutters divider>
                      <ListItemText
                        primary={`${t.taskTitle ?? t.description ?? 'Work'} · ${t.projectName}`}
                        secondary={`${formatDate(t.loggedAt)} · ${formatMinutes(t.durationMinutes)}`}
                      />
                    </ListItem>
                  ))}
                </List>
              )}
            </MainCard>
          </Stack>
        </Grid>
      </Grid>
      {slot?.(userId)}
      {editingDetails && (
        <EmployeeDetailsDialog
          employee={employee}
          canPickManager={can({ anyOf: ['employee:read:all'] })}
          onClose={() => setEditingDetails(false)}
        />
      )}
      {settingPassword && (
        <SetPasswordDialog
          userId={employee.userId}
          name={`${employee.firstName} ${employee.lastName}`}
          onClose={() => setSettingPassword(false)}
        />
      )}
    </Stack>
  );
}
