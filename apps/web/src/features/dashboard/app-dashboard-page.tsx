import AccessTimeRounded from '@mui/icons-material/AccessTimeRounded';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { PermissionRequirement } from '@taskhive/contract';
import type { ReactNode } from 'react';
import { EmptyState } from '../../components/empty-state';
import { useListDepartmentsQuery } from '../../api/departments-api';
import { useListEmployeesQuery } from '../../api/users-api';
import { MainCard } from '../../components/main-card';
import { useSession } from '../../hooks/use-session';
import { StatCard } from './stat-card';

const CARDS: { title: string; icon: ReactNode; caption: string; requires: PermissionRequirement }[] = [
  {
    title: 'Projects',
    icon: <FolderOutlined />,
    caption: 'Projects you are part of',
    requires: { anyOf: ['project:read'] },
  },
  {
    title: 'My tasks',
    icon: <TaskAltOutlined />,
    caption: 'Tasks assigned to you',
    requires: { anyOf: ['task:read'] },
  },
  {
    title: 'Hours this week',
    icon: <AccessTimeRounded />,
    caption: 'Time you logged',
    requires: { anyOf: ['timelog:read'] },
  },
  {
    title: 'Reports',
    icon: <AssessmentOutlined />,
    caption: 'Your tasks by status',
    requires: { anyOf: ['report:read'] },
  },
];

const ONE_ROW = { page: 1, pageSize: 1 };

/** The company dashboard: a welcome and the cards the work screens fill in. */
export default function AppDashboardPage() {
  const { user, can } = useSession();
  const cards = CARDS.filter((c) => can(c.requires));
  const seesPeople = can({ anyOf: ['employee:read:all'] });
  const seesDepartments = can({ anyOf: ['department:read'] });
  // Head counts: one row fetched, the count comes with the page.
  const { data: employees } = useListEmployeesQuery(seesPeople ? ONE_ROW : skipToken, {
    selectFromResult: ({ data }) => ({ data: data?.totalCount }),
  });
  const { data: departments } = useListDepartmentsQuery(seesDepartments ? ONE_ROW : skipToken, {
    selectFromResult: ({ data }) => ({ data: data?.totalCount }),
  });
  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h3" component="h1">
          Welcome back, {user?.firstName}
        </Typography>
        <Typography color="text.secondary">
          {user?.companyName ? `${user.companyName} · ` : ''}
          Here is what is happening in your workspace.
        </Typography>
      </div>
      <Grid container spacing={2.5}>
        {cards.map((c) => (
          <Grid key={c.title} size={{ xs: 12, sm: 6, lg: 3 }}>
            <StatCard title={c.title} icon={c.icon} caption={c.caption} />
          </Grid>
        ))}
        {seesPeople && (
          <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
            <StatCard
              title="Employees"
              icon={<GroupsOutlined />}
              caption="People in your company"
              value={employees}
            />
          </Grid>
        )}
        {seesDepartments && (
          <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
            <StatCard
              title="Departments"
              icon={<ApartmentOutlined />}
              caption="Teams your company is organised in"
              value={departments}
            />
          </Grid>
        )}
      </Grid>
      <Grid container spacing={2.5}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <MainCard title="Recent activity">
            <EmptyState
              title="No activity yet"
              description="Updates to your projects and tasks will appear here."
            />
          </MainCard>
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <MainCard title="Upcoming deadlines">
            <EmptyState title="Nothing due" description="Tasks with a due date will be listed here." />
          </MainCard>
        </Grid>
      </Grid>
    </Stack>
  );
}
