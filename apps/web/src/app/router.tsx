import type { Permission } from '@taskhive/contract';
import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { AuthLayout } from '../layout/auth-layout';
import { loadAppDashboardPage } from '../features/dashboard/dashboard-page-loader';
import { lazyFrom } from '../lib/preloadable';
import { loadCompanyLayout } from './company-layout-loader';
import { loadProjectDetailRoute } from './routes/project-detail-loader';
import { DashboardRedirect, RequireAuth } from './guards';

// The signed-in layouts load with the first signed-in page, so the sign-in route never pays for them.
// Loaded ahead of their first render (lib/preloadable.ts), so they render without suspending.
const CompanyLayout = lazyFrom(loadCompanyLayout, (m) => m.CompanyLayout);
const SuperAdminLayout = lazy(() =>
  import('../layout/super-admin-layout').then((m) => ({ default: m.SuperAdminLayout })),
);
const LoginPage = lazy(() => import('../features/auth/login-page'));
const RegisterPage = lazy(() => import('../features/auth/register-page'));
const ForgotPasswordPage = lazy(() => import('../features/auth/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('../features/auth/reset-password-page'));
const SuccessPage = lazy(() => import('../features/auth/success-page'));
const ResetExpiredPage = lazy(() => import('../features/auth/reset-expired-page'));
const UnauthorizedPage = lazy(() => import('../features/errors/unauthorized-page'));
const NotFoundPage = lazy(() => import('../features/errors/not-found-page'));
const AppDashboardPage = lazyFrom(loadAppDashboardPage, (m) => m.default);
const SuperAdminDashboardPage = lazy(() => import('../features/dashboard/super-admin-dashboard-page'));
const AccountSettingsPage = lazy(() => import('../features/account/account-settings-page'));
const AccountRoute = lazy(() => import('./routes/account-route'));
const CompaniesPage = lazy(() => import('../features/companies/companies-page'));
const CompanyDetailPage = lazy(() => import('../features/companies/company-detail-page'));
const OwnCompanyRoute = lazy(() => import('./routes/own-company-route'));
const EmployeesPage = lazy(() => import('../features/employees/employees-page'));
const EmployeeProfilePage = lazy(() => import('../features/employees/employee-profile-page'));
const DepartmentsPage = lazy(() => import('../features/departments/departments-page'));
const DepartmentDetailPage = lazy(() => import('../features/departments/department-detail-page'));
const CompanyRolesPage = lazy(() => import('../features/company-roles/company-roles-page'));
const ReportsPage = lazy(() => import('../features/reports/reports-page'));
const ProjectsPage = lazy(() => import('../features/projects/projects-page'));
const ProjectDetailRoute = lazyFrom(loadProjectDetailRoute, (m) => m.default);
const TaskKeyPage = lazy(() => import('../features/tasks/task-key-page'));
const MyTasksRoute = lazy(() => import('./routes/my-tasks-route'));
const AllTasksRoute = lazy(() => import('./routes/all-tasks-route'));
const CalendarRoute = lazy(() => import('./routes/calendar-route'));
const PackagesRoute = lazy(() => import('./routes/packages-route'));
const ModulesRoute = lazy(() => import('./routes/modules-route'));
const PermissionsRoute = lazy(() => import('./routes/permissions-route'));
const RolesRoute = lazy(() => import('./routes/roles-route'));
const FailedJobsPage = lazy(() => import('../features/jobs/failed-jobs-page'));
const AuditPage = lazy(() => import('../features/audit/audit-page'));
const CompanySubscription = lazy(() => import('./routes/company-subscription'));
const UserAccess = lazy(() => import('./routes/user-access'));
const MyWeekPage = lazy(() => import('../features/timesheet-weeks/my-week-page'));
const TimesheetApprovalsPage = lazy(() => import('../features/timesheet-weeks/approvals-page'));
const WorkloadPage = lazy(() => import('../features/timesheet-weeks/workload-page'));
const ExpectedHours = lazy(() => import('./routes/expected-hours'));

/** Cards other features add to the company and employee pages (composed here, not imported there). */
const subscriptionSlot = (companyId: string) => (
  <Suspense fallback={<PageLoader />}>
    <CompanySubscription companyId={companyId} />
  </Suspense>
);
const userAccessSlot = (userId: string) => (
  <Suspense fallback={<PageLoader />}>
    <UserAccess userId={userId} />
    <ExpectedHours userId={userId} />
  </Suspense>
);

/** A route that needs any one of the permissions (none: any signed-in user). */
const anyOf = (permissions: Permission[], element: ReactNode): ReactNode => (
  <RequireAuth requires={{ anyOf: permissions }}>{element}</RequireAuth>
);
/** A route that needs every one of the permissions. */
const allOf = (permissions: Permission[], element: ReactNode): ReactNode => (
  <RequireAuth requires={{ allOf: permissions }}>{element}</RequireAuth>
);

/** The company area of spec section 2. */
const appRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="dashboard" replace /> },
  { path: 'dashboard', element: <AppDashboardPage /> },
  { path: 'project', element: anyOf(['project:read'], <ProjectsPage />) },
  { path: 'reports', element: anyOf(['report:read'], <ReportsPage />) },
  { path: 'tasks', element: anyOf(['task:read'], <MyTasksRoute />) },
  { path: 'all-tasks', element: anyOf(['task:read:all'], <AllTasksRoute />) },
  { path: 'calendar', element: anyOf(['task:read'], <CalendarRoute />) },
  { path: 'profile', element: <AccountRoute /> },
  { path: 'project-detail/:projectId', element: anyOf(['project:read'], <ProjectDetailRoute />) },
  { path: 't/:key', element: anyOf(['task:read'], <TaskKeyPage />) },
  {
    path: 'employee-profile/:userId',
    element: anyOf(['employee:read'], <EmployeeProfilePage slot={userAccessSlot} />),
  },
  {
    path: 'companies/:companyId',
    element: anyOf(['company:read'], <CompanyDetailPage slot={subscriptionSlot} />),
  },
  { path: 'company', element: anyOf(['company:read'], <OwnCompanyRoute slot={subscriptionSlot} />) },
  { path: 'company/audit', element: anyOf(['audit:read'], <AuditPage />) },
  { path: 'role', element: anyOf(['companyrole:read:all'], <CompanyRolesPage />) },
  { path: 'department', element: anyOf(['department:read:all'], <DepartmentsPage />) },
  { path: 'departments/:id', element: anyOf(['department:read:all'], <DepartmentDetailPage />) },
  { path: 'employee', element: allOf(['employee:read:all', 'company:read'], <EmployeesPage />) },
  {
    path: 'company-management',
    element: allOf(['employee:read:all', 'company:read'], <EmployeesPage />),
  },
  { path: 'timesheets/week', element: anyOf(['timelog:read'], <MyWeekPage />) },
  {
    path: 'timesheets/approvals',
    element: anyOf(['timesheet:approve:all', 'department:read:all'], <TimesheetApprovalsPage />),
  },
  {
    path: 'timesheets/workload',
    element: anyOf(['report:read:all', 'department:read:all'], <WorkloadPage />),
  },
  { path: 'redirect', element: <Navigate to="/dashboard" replace /> },
];

/** The platform area; the whole of it needs company:read and the Super Admin role. */
const superAdminRoutes: RouteObject[] = [
  { index: true, element: <SuperAdminDashboardPage /> },
  { path: 'dashboard', element: <SuperAdminDashboardPage /> },
  { path: 'companies', element: anyOf(['company:read:all'], <CompaniesPage />) },
  {
    path: 'companies/:companyId',
    element: anyOf(['company:read'], <CompanyDetailPage slot={subscriptionSlot} />),
  },
  { path: 'profile', element: <AccountSettingsPage /> },
  { path: 'packages', element: anyOf(['package:create'], <PackagesRoute />) },
  { path: 'modules', element: anyOf(['module:read'], <ModulesRoute />) },
  { path: 'permissions', element: anyOf(['permission:read'], <PermissionsRoute />) },
  { path: 'roles', element: anyOf(['role:read'], <RolesRoute />) },
  { path: 'jobs', element: anyOf(['company:read:all'], <FailedJobsPage />) },
];

const page = (element: ReactNode) => <Suspense fallback={<PageLoader />}>{element}</Suspense>;

export const routes: RouteObject[] = [
  {
    element: <AuthLayout />,
    children: [
      { index: true, element: <LoginPage preloadWorkspace={loadCompanyLayout} /> },
      { path: 'register', element: <RegisterPage /> },
      { path: 'forgot-password', element: <ForgotPasswordPage /> },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      { path: 'success', element: <SuccessPage /> },
      { path: 'reset-expired', element: <ResetExpiredPage /> },
    ],
  },
  { path: 'unauthorized', element: page(<UnauthorizedPage />) },
  { path: 'dashboard', element: <DashboardRedirect /> },
  {
    path: 'app',
    element: (
      <RequireAuth>
        <CompanyLayout />
      </RequireAuth>
    ),
    children: appRoutes,
  },
  {
    path: 'super-admin',
    element: (
      <RequireAuth requires={{ allOf: ['company:read'] }} superAdminOnly>
        <SuperAdminLayout />
      </RequireAuth>
    ),
    children: superAdminRoutes,
  },
  { path: '*', element: page(<NotFoundPage />) },
];

export function createAppRouter() {
  return createBrowserRouter([{ element: <Outlet />, children: routes }]);
}
