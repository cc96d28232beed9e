import AccessTimeRounded from '@mui/icons-material/AccessTimeRounded';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import Link from '@mui/material/Link';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { formatDuration, MESSAGES, topLevelTasksLabel } from '@taskhive/contract';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../api/errors';
import { EmptyState } from '../../components/empty-state';
import { ErrorPanel } from '../../components/error-panel';
import { MainCard } from '../../components/main-card';
import { CelebrationsCard } from './celebrations-card';
import { useSession } from '../../hooks/use-session';
import { useListDepartmentsQuery } from '../../api/departments-api';
import { useListEmployeesQuery } from '../../api/users-api';
import { localToday, useMyDashboardQuery } from './dashboard-api';
import { StatCard } from './stat-card';

const ONE_ROW = { page: 1, pageSize: 1 };

/** A calendar day `days` after `day` (both YYYY-MM-DD). */
function addDays(day: string, days: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** My Tasks filtered to what a figure counts (the list's filters are its address). */
function myTasksLink(filters: Record<string, string | readonly string[]>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    for (const v of typeof value === 'string' ? [value] : value) params.append(name, v);
  }
  return `/app/tasks?${params.toString()}`;
}
const hours = (minutes: number | null | undefined) =>
  minutes === null || minutes === undefined ? null : formatDuration(minutes);

/** The company dashboard: my tasks, my time and my projects; company-wide figures for an admin. */
export default function AppDashboardPage() {
  const { user, can } = useSession();
  const seesPeople = can({ anyOf: ['employee:read:all'] });
  const seesDepartments = can({ anyOf: ['department:read'] });
  const canReports = can({ anyOf: ['report:read'] });
  // Head counts: one row fetched, the count comes with the page.
  const { data: employees } = useListEmployeesQuery(seesPeople ? ONE_ROW : skipToken, {
    selectFromResult: ({ data }) => ({ data: data?.totalCount }),
  });
  const { data: departments } = useListDepartmentsQuery(seesDepartments ? ONE_ROW : skipToken, {
    selectFromResult: ({ data }) => ({ data: data?.totalCount }),
  });
  const { data, error, isLoading, refetch } = useMyDashboardQuery(localToday());
  const tasks = data?.tasks;
  const time = data?.time;
  const company = data?.company;
  // While the figures load, the cards the user's rights will bring stand in place (showing '—'),
  // so nothing moves when they arrive (the same rules as the API's GET /api/dashboard/me).
  const pending = isLoading && !data;
  const showTasks = Boolean(tasks) || (pending && can({ anyOf: ['task:read', 'task:read:all'] }));
  const showTime = Boolean(time) || (pending && can({ anyOf: ['timelog:read', 'timelog:read:all'] }));
  const showCompany =
    Boolean(company) || (pending && can({ anyOf: ['timelog:read:all', 'project:read:all'] }));
  const card = { xs: 12, sm: 6, lg: 3 } as const;
  // Each figure opens what it counts: open tasks are those in the statuses the open count has.
  const openStatuses = (tasks?.openByStatus ?? []).flatMap((s) => (s.statusId ? [s.statusName] : []));
  const today = data?.today;
  const links = tasks &&
    today && {
      open: myTasksLink({ statusNames: openStatuses }),
      dueThisWeek: myTasksLink({
        statusNames: openStatuses,
        dueDateFrom: today,
        dueDateTo: addDays(data.weekStart, 6),
        sortBy: 'dueDate',
      }),
      overdue: myTasksLink({ statusNames: openStatuses, dueDateTo: addDays(today, -1), sortBy: 'dueDate' }),
    };
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
      <Box sx={{ height: 4 }}>{isLoading && <LinearProgress aria-label="Loading the dashboard" />}</Box>
      {error && <ErrorPanel message={errorMessage(error, MESSAGES.generic)} onRetry={() => void refetch()} />}
      <Grid container spacing={2.5}>
        {showTasks && (
          <>
            <Grid size={card}>
              <StatCard
                title="My open tasks"
                icon={<TaskAltOutlined />}
                caption="Assigned to you, not done"
                value={tasks?.openCount}
                to={links ? links.open : undefined}
              />
            </Grid>
            <Grid size={card}>
              <StatCard
                title="Due this week"
                icon={<EventOutlined />}
                caption="Open tasks due by Sunday"
                value={tasks?.dueThisWeek}
                to={links ? links.dueThisWeek : undefined}
              />
            </Grid>
            <Grid size={card}>
              <StatCard
                title="Overdue"
                icon={<EventBusyOutlined />}
                caption="Open tasks past their due date"
                value={tasks?.overdue}
                to={links ? links.overdue : undefined}
              />
            </Grid>
          </>
        )}
        {showTime && (
          <Grid size={card}>
            <StatCard
              title="Hours this week"
              icon={<AccessTimeRounded />}
              caption={`Last week: ${time ? formatDuration(time.lastWeekMinutes) : '—'}`}
              value={null}
              text={time ? formatDuration(time.thisWeekMinutes) : undefined}
              to={time ? '/app/tasks?view=timesheet' : undefined}
            />
          </Grid>
        )}
        {seesPeople && (
          <Grid size={card}>
            <StatCard
              title="Employees"
              icon={<GroupsOutlined />}
              caption="People in your company"
              value={employees}
              to="/app/employee"
            />
          </Grid>
        )}
        {seesDepartments && (
          <Grid size={card}>
            <StatCard
              title="Departments"
              icon={<ApartmentOutlined />}
              caption="Teams your company is organised in"
              value={departments}
              to={can({ anyOf: ['department:read:all'] }) ? '/app/department' : undefined}
            />
          </Grid>
        )}
      </Grid>
      {showCompany && (
        <MainCard title="Company">
          <Grid container spacing={2.5}>
            <Grid size={card}>
              <StatCard
                title="Active projects"
                icon={<FolderOutlined />}
                caption="Not completed or cancelled"
                value={company?.activeProjects}
                to={can({ anyOf: ['project:read'] }) ? '/app/project' : undefined}
              />
            </Grid>
            <Grid size={card}>
              <StatCard
                title="Open tasks"
                icon={<TaskAltOutlined />}
                caption={`${company?.overdueTasks ?? '—'} overdue`}
                value={company?.openTasks}
                to={canReports ? '/app/reports' : undefined}
              />
            </Grid>
            <Grid size={card}>
              <StatCard
                title="Company hours this week"
                icon={<AccessTimeRounded />}
                caption={`Last week: ${hours(company?.lastWeekMinutes) ?? '—'}`}
                value={null}
                text={hours(company?.thisWeekMinutes) ?? undefined}
                to={canReports ? '/app/reports' : undefined}
              />
            </Grid>
            <Grid size={card}>
              <StatCard
                title="People logging time"
                icon={<GroupsOutlined />}
                caption="This week"
                value={company?.activeUsersThisWeek}
                to={canReports ? '/app/reports' : undefined}
              />
            </Grid>
          </Grid>
        </MainCard>
      )}
      <Grid container spacing={2.5}>
        {tasks && (
          <Grid size={{ xs: 12, md: 6, lg: 4 }}>
            <MainCard title="My open tasks by status">
              {tasks.openByStatus.length === 0 ? (
                <EmptyState title="Nothing open" description="Tasks assigned to you will be counted here." />
              ) : (
                <Stack spacing={1.5}>
                  {tasks.openByStatus.map((s) => (
                    <Stack
                      key={s.statusId ?? 'none'}
                      direction="row"
                      sx={{ justifyContent: 'space-between', alignItems: 'center' }}
                    >
                      {s.statusId ? (
                        <Chip
                          size="small"
                          label={s.statusName}
                          variant="outlined"
                          clickable
                          component={RouterLink}
                          to={myTasksLink({ statusNames: [s.statusName] })}
                        />
                      ) : (
                        <Chip size="small" label={s.statusName} variant="outlined" />
                      )}
                      <Typography aria-label={`${s.statusName} count`}>{s.count}</Typography>
                    </Stack>
                  ))}
                </Stack>
              )}
            </MainCard>
          </Grid>
        )}
        {data?.projects && (
          <Grid size={{ xs: 12, md: 6, lg: 4 }}>
            <MainCard title="My projects">
              {data.projects.length === 0 ? (
                <EmptyState title="No projects yet" description="Projects you are a member of show here." />
              ) : (
                <Stack spacing={2}>
                  {data.projects.map((p) => (
                    <Box key={p.projectId} data-testid="dashboard-project">
                      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
                        <Link
                          component={RouterLink}
                          to={`/app/project-detail/${p.projectId}`}
                          variant="body2"
                          underline="hover"
                          sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
                        >
                          {p.name}
                        </Link>
                        <Typography variant="body2" color="text.secondary">
                          {topLevelTasksLabel(p.taskCount)} · {p.progress}%
                        </Typography>
                      </Stack>
                      <LinearProgress
                        variant="determinate"
                        value={p.progress}
                        aria-label={`${p.name} progress`}
                      />
                    </Box>
                  ))}
                </Stack>
              )}
            </MainCard>
          </Grid>
        )}
        {time && (
          <Grid size={{ xs: 12, lg: 4 }}>
            <MainCard title="Recent time entries">
              {time.recent.length === 0 ? (
                <EmptyState title="No time logged yet" />
              ) : (
                <List dense disablePadding>
                  {time.recent.map((t) => (
                    <ListItem key={t.timeLogId} disablePadding divider>
                      <ListItemButton
                        component={RouterLink}
                        to={
                          t.taskId
                            ? `/app/tasks?task=${encodeURIComponent(t.taskId)}`
                            : `/app/project-detail/${t.projectId}`
                        }
                        sx={{ px: 0 }}
                      >
                        <ListItemText
                          primary={`${t.taskTitle ?? t.projectName} · ${t.duration}`}
                          secondary={`${t.loggedAt} · ${t.projectName}`}
                        />
                      </ListItemButton>
                    </ListItem>
                  ))}
                </List>
              )}
            </MainCard>
          </Grid>
        )}
      </Grid>
      <CelebrationsCard />
    </Stack>
  );
}
