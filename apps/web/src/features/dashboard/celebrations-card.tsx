import CakeOutlined from '@mui/icons-material/CakeOutlined';
import WorkHistoryOutlined from '@mui/icons-material/WorkHistoryOutlined';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PROFILE_MESSAGES, type Celebrations } from '@taskhive/contract';
import type { ReactNode } from 'react';
import { MainCard } from '../../components/main-card';
import { UserAvatar } from '../../components/user-avatar';
import { useCelebrationsQuery } from './dashboard-api';

const T = PROFILE_MESSAGES;

/** "12 March": the month's day, never the year. */
function dayOf(month: string, day: number) {
  const d = new Date(`${month}-${String(day).padStart(2, '0')}T00:00:00Z`);
  return new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(d);
}

type Person = Celebrations['birthdays'][number];

function People({
  label,
  icon,
  people,
  month,
  detail,
}: {
  label: string;
  icon: ReactNode;
  people: Person[];
  month: string;
  detail: (p: Person) => string;
}) {
  if (people.length === 0) return null;
  return (
    <div>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {icon}
        <Typography variant="subtitle2" component="h3">
          {label}
        </Typography>
      </Stack>
      <List dense disablePadding aria-label={label}>
        {people.map((p) => (
          <ListItem key={p.userId} disableGutters>
            <ListItemAvatar>
              <UserAvatar
                firstName={p.firstName}
                lastName={p.lastName}
                photoUrl={p.profilePhotoUrl}
                size={32}
              />
            </ListItemAvatar>
            <ListItemText
              primary={`${p.firstName} ${p.lastName}`}
              secondary={`${dayOf(month, p.day)} · ${detail(p)}`}
            />
          </ListItem>
        ))}
      </List>
    </div>
  );
}

/**
 * This month's work anniversaries and birthdays (issue 24): shown only when the company opted in
 * (Company profile); nothing at all otherwise.
 */
export function CelebrationsCard() {
  const { data } = useCelebrationsQuery();
  if (!data?.enabled) return null;
  const none = data.anniversaries.length === 0 && data.birthdays.length === 0;
  const years = (p: Person) => {
    const n = 'years' in p && typeof p.years === 'number' ? p.years : 0;
    return `${n} ${n === 1 ? 'year' : 'years'}`;
  };
  return (
    <MainCard title={T.celebrationsTitle}>
      {none ? (
        <Typography color="text.secondary">{T.noCelebrations}</Typography>
      ) : (
        <Stack spacing={2}>
          <People
            label={T.anniversaries}
            icon={<WorkHistoryOutlined fontSize="small" color="primary" />}
            people={data.anniversaries}
            month={data.month}
            detail={years}
          />
          <People
            label={T.birthdays}
            icon={<CakeOutlined fontSize="small" color="secondary" />}
            people={data.birthdays}
            month={data.month}
            detail={() => 'Birthday'}
          />
        </Stack>
      )}
    </MainCard>
  );
}
