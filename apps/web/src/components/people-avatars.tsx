import AvatarGroup from '@mui/material/AvatarGroup';
import Tooltip from '@mui/material/Tooltip';
import { UserAvatar } from './user-avatar';

export interface AvatarPerson {
  userId: string;
  firstName: string;
  lastName: string;
  profilePhotoUrl: string | null;
}

/**
 * Overlapping avatars of a few people, "+n" for the rest. `total`: how many there are when
 * `people` is only a preview (the project list carries the first few members and a count).
 */
export function PeopleAvatars({
  people,
  total = people.length,
  max = 4,
  size = 28,
  label,
}: {
  people: readonly AvatarPerson[];
  total?: number;
  max?: number;
  size?: number;
  label: string;
}) {
  if (people.length === 0) return null;
  return (
    <AvatarGroup
      max={max}
      total={Math.max(total, people.length)}
      aria-label={label}
      // "+n" on a grey white text reads on (MUI's default grey falls under 4.5:1).
      slotProps={{ surplus: { sx: { bgcolor: 'grey.700', color: 'common.white' } } }}
      sx={{
        justifyContent: 'flex-end',
        '& .MuiAvatar-root': { width: size, height: size, fontSize: size * 0.4 },
      }}
    >
      {people.map((p) => (
        <Tooltip key={p.userId} title={`${p.firstName} ${p.lastName}`}>
          <UserAvatar
            firstName={p.firstName}
            lastName={p.lastName}
            photoUrl={p.profilePhotoUrl}
            size={size}
          />
        </Tooltip>
      ))}
    </AvatarGroup>
  );
}
