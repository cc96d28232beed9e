import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { MESSAGES, type DashboardStats } from '@taskhive/contract';
import type { ReactNode } from 'react';
import { errorMessage } from '../../api/errors';
import { EmptyState } from '../../components/empty-state';
import { ErrorPanel } from '../../components/error-panel';
import { MainCard } from '../../components/main-card';
import { useSession } from '../../hooks/use-session';
import { CompaniesChart } from './companies-chart';
import { useGetDashboardStatsQuery } from './dashboard-api';
import { StatCard } from './stat-card';

const CARDS: {
  key: Exclude<keyof DashboardStats, 'companiesByMonth'>;
  title: string;
  icon: ReactNode;
  caption: string;
}[] = [
  {
    key: 'totalCompanies',
    title: 'Total companies',
    icon: <ApartmentOutlined />,
    caption: 'Companies on the platform',
  },
  {
    key: 'activeCompanies',
    title: 'Active companies',
    icon: <TaskAltOutlined />,
    caption: 'Companies currently active',
  },
  {
    key: 'approvedCompanies',
    title: 'Approved companies',
    icon: <VerifiedOutlined />,
    caption: 'Companies approved to use Taskhive',
  },
  {
    key: 'totalActiveUsers',
    title: 'Active users',
    icon: <GroupsOutlined />,
    caption: 'Users active across all companies',
  },
];

/** The platform dashboard of the Super Admin. */
export default function SuperAdminDashboardPage() {
  const { user } = useSession();
  const { data: stats, error, isLoading, refetch } = useGetDashboardStatsQuery();
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
            <StatCard title={c.title} icon={c.icon} caption={c.caption} value={stats?.[c.key]} />
          </Grid>
        ))}
      </Grid>
      <MainCard title="Companies over time" subheader="New companies per month, the last twelve months">
        {isLoading ? (
          <Skeleton variant="rounded" height={300} aria-label="Loading chart" />
        ) : error ? (
          <ErrorPanel
            message={errorMessage(error, MESSAGES.companies.fetchFailed)}
            onRetry={() => void refetch()}
          />
        ) : stats && stats.companiesByMonth.some((m) => m.count > 0) ? (
          <CompaniesChart data={stats.companiesByMonth} />
        ) : (
          <EmptyState
            title="No companies to show yet"
            description="New registrations will be charted here."
          />
        )}
      </MainCard>
    </Stack>
  );
}
