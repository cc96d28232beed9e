import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@taskhive/contract';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { errorMessage, errorStatus } from '../../api/errors';
import { EmptyState } from '../../components/empty-state';
import { ErrorPanel } from '../../components/error-panel';
import { MainCard } from '../../components/main-card';
import { UserAvatar } from '../../components/user-avatar';
import { useSession } from '../../hooks/use-session';
import { formatDate } from '../../lib/format';
import { DeleteDepartmentDialog } from './delete-department-dialog';
import { DepartmentFormDialog } from './department-form-dialog';
import { useGetDepartmentQuery } from './departments-api';

/** /app/departments/:id: a department, its manager and its members. */
export default function DepartmentDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { can } = useSession();
  const { currentData: dept, error, refetch } = useGetDepartmentQuery(id);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const canProfile = can({ anyOf: ['employee:read'] });

  if (error) {
    const missing = errorStatus(error) === 404;
    return (
      <ErrorPanel
        title={missing ? 'Department not found' : 'Something went wrong'}
        message={
          missing
            ? 'This department does not exist or was deleted.'
            : errorMessage(error, MESSAGES.departments.fetchFailed)
        }
        onRetry={missing ? undefined : () => void refetch()}
      />
    );
  }
  if (!dept) {
    return <Skeleton variant="rounded" height={280} aria-label="Loading department" />;
  }
  return (
    <Stack spacing={2.5}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <div>
          <Typography variant="h3" component="h1">
            {dept.name}
          </Typography>
          <Typography color="text.secondary">{dept.description ?? 'No description'}</Typography>
        </div>
        <Stack direction="row" spacing={1}>
          {can({ anyOf: ['department:update'] }) && (
            <Button variant="outlined" startIcon={<EditOutlined />} onClick={() => setEditing(true)}>
              Edit
            </Button>
          )}
          {can({ anyOf: ['department:delete'] }) && (
            <Button
              variant="outlined"
              color="error"
              startIcon={<DeleteOutlineRounded />}
              onClick={() => setDeleting(true)}
            >
              Delete
            </Button>
          )}
        </Stack>
      </Stack>
      <MainCard
        title={`Members (${dept.memberCount})`}
        subheader={`Manager: ${dept.managerName ?? 'none'} · updated ${formatDate(dept.updatedAt)}`}
      >
        {dept.members.length === 0 ? (
          <EmptyState
            title="No members yet"
            description="Assign people to this department from the employee list."
          />
        ) : (
          <List dense disablePadding aria-label="Department members">
            {dept.members.map((m) => (
              <ListItem key={m.userId} disableGutters divider>
                <ListItemAvatar>
                  <UserAvatar
                    firstName={m.firstName}
                    lastName={m.lastName}
                    photoUrl={m.profilePhotoUrl}
                    size={36}
                  />
                </ListItemAvatar>
                <ListItemText
                  primary={
                    canProfile ? (
                      <Link component={RouterLink} to={`/app/employee-profile/${m.userId}`} underline="hover">
                        {m.firstName} {m.lastName}
                      </Link>
                    ) : (
                      `${m.firstName} ${m.lastName}`
                    )
                  }
                  secondary={
                    [m.jobTitle, m.roleName, m.userId === dept.managerId ? 'Manager' : null]
                      .filter(Boolean)
                      .join(' · ') || m.email
                  }
                />
              </ListItem>
            ))}
          </List>
        )}
      </MainCard>
      {editing && <DepartmentFormDialog department={dept} onClose={() => setEditing(false)} />}
      <DeleteDepartmentDialog
        department={deleting ? dept : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => void navigate('/app/department', { replace: true })}
      />
    </Stack>
  );
}
