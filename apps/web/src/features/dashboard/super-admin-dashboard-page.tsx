import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EmptyState } from '../../components/empty-state';
import { MainCard } from '../../components/main-card';
import { useSession } from '../../hooks/use-session';
import { StatCard } from './stat-card';

const CARDS = [
  { title: 'Total companies', icon: <ApartmentOutlined />, caption: 'Companies on the platform' },
  { title: 'Active companies', icon: <TaskAltOutlined />, caption: 'Companies currently active' },
  { title: 'Approved companies', icon: <VerifiedOutlined />, caption: 'Companies approved to use Taskhive' },
  { title: 'Active users', icon: <GroupsOutlined />, caption: 'Users active across all companies' },
];

/** The platform dashboard of the Super Admin. */
export default function SuperAdminDashboardPage() {
  const { user } = useSession();
  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h3" component="h1">
          Welcome back, {user?.firstName}
        </Typography>
        <Typography color="text.secondary">Platform overview for System Admins.</Typography>
      </div>
      <Grid container spacing={2.5}>
        {CARDS.map((c) => (
          <Grid key={c.title} size={{ xs: 12, sm: 6, lg: 3 }}>
            <StatCard title={c.title} icon={c.icon} caption={c.caption} />
          </Grid>
        ))}
      </Grid>
      <MainCard title="Recently registered companies">
        <EmptyState title="No companies to show yet" description="New registrations will be listed here." />
      </MainCard>
    </Stack>
  );
}
