import PersonAddAlt1Rounded from '@mui/icons-material/PersonAddAlt1Rounded';
import PersonRemoveOutlined from '@mui/icons-material/PersonRemoveOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { MESSAGES, type ProjectMember, type UserProfile } from '@taskhive/contract';
import { useState } from 'react';
import { errorMessage } from '../../api/errors';
import { usePeopleOptions } from '../../api/people-api';
import { EmptyState } from '../../components/empty-state';
import { MainCard } from '../../components/main-card';
import { UserAvatar } from '../../components/user-avatar';
import { useSession } from '../../hooks/use-session';
import { useToast } from '../../hooks/use-toast';
import { useAddProjectMemberMutation, useRemoveProjectMemberMutation } from './projects-api';

/** Who works on the project; editors add colleagues and remove members. */
export function ProjectMembersCard({
  projectId,
  members,
  canEdit,
}: {
  projectId: string;
  members: ProjectMember[];
  canEdit: boolean;
}) {
  const toast = useToast();
  const { can } = useSession();
  const canPick = canEdit && can({ anyOf: ['employee:read:all'] });
  const { people } = usePeopleOptions(canPick);
  const [add, adding] = useAddProjectMemberMutation();
  const [remove] = useRemoveProjectMemberMutation();
  const [picked, setPicked] = useState<UserProfile | null>(null);
  const candidates = people.filter((p) => !members.some((m) => m.userId === p.userId));

  const onAdd = async () => {
    if (!picked) return;
    try {
      await add({ id: projectId, userId: picked.userId }).unwrap();
      toast.success(MESSAGES.projects.memberAdded);
      setPicked(null);
    } catch (err) {
      toast.error(errorMessage(err, MESSAGES.projects.memberAddFailed));
    }
  };

  const onRemove = async (m: ProjectMember) => {
    try {
      await remove({ id: projectId, userId: m.userId }).unwrap();
      toast.success(MESSAGES.projects.memberRemoved);
    } catch (err) {
      toast.error(errorMessage(err, MESSAGES.projects.memberRemoveFailed));
    }
  };

  return (
    <MainCard title={`Members (${members.length})`}>
      {canPick && (
        <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
          <Autocomplete
            size="small"
            sx={{ flex: 1 }}
            options={candidates}
            value={picked}
            onChange={(_e, v) => setPicked(v)}
            getOptionLabel={(p) => `${p.firstName} ${p.lastName}`}
            isOptionEqualToValue={(a, b) => a.userId === b.userId}
            renderInput={(params) => <TextField {...params} label="Add a member" />}
          />
          <Button
            variant="contained"
            startIcon={<PersonAddAlt1Rounded />}
            disabled={!picked || adding.isLoading}
            onClick={() => void onAdd()}
          >
            Add
          </Button>
        </Stack>
      )}
      {members.length === 0 ? (
        <EmptyState title="No members yet" />
      ) : (
        <List dense disablePadding aria-label="Project members">
          {members.map((m) => (
            <ListItem
              key={m.userId}
              disableGutters
              secondaryAction={
                canEdit && (
                  <Tooltip title="Remove from project">
                    <IconButton
                      aria-label={`Remove ${m.firstName} ${m.lastName}`}
                      onClick={() => void onRemove(m)}
                    >
                      <PersonRemoveOutlined />
                    </IconButton>
                  </Tooltip>
                )
              }
            >
              <ListItemAvatar>
                <UserAvatar
                  firstName={m.firstName}
                  lastName={m.lastName}
                  photoUrl={m.profilePhotoUrl}
                  size={36}
                />
              </ListItemAvatar>
              <ListItemText
                primary={`${m.firstName} ${m.lastName}`}
                secondary={m.jobTitle ?? m.email}
                slotProps={{ secondary: { noWrap: true } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </MainCard>
  );
}
