import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import DomainOutlined from '@mui/icons-material/DomainOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import ViewModuleOutlined from '@mui/icons-material/ViewModuleOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import ScheduleSendOutlined from '@mui/icons-material/ScheduleSendOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import StackedBarChartOutlined from '@mui/icons-material/StackedBarChartOutlined';
import type { MenuItem } from '../lib/menu';

/** The company sidebar (spec section 2, "My Workspace"). */
export const companyMenu: MenuItem[] = [
  {
    id: 'my-workspace',
    title: 'My Workspace',
    type: 'group',
    children: [
      {
        id: 'dashboard',
        title: 'Dashboard',
        type: 'item',
        url: '/app/dashboard',
        icon: DashboardOutlined,
        breadcrumbs: false,
      },
      {
        id: 'projects',
        title: 'Projects',
        type: 'item',
        url: '/app/project',
        icon: FolderOutlined,
        breadcrumbs: false,
        permission: { anyOf: ['project:read'] },
      },
      {
        id: 'tasks',
        title: 'Tasks',
        type: 'item',
        url: '/app/tasks',
        icon: TaskAltOutlined,
        breadcrumbs: false,
        permission: { anyOf: ['task:read'] },
      },
      {
        id: 'calendar',
        title: 'Calendar',
        type: 'item',
        url: '/app/calendar',
        icon: CalendarMonthOutlined,
        breadcrumbs: false,
        permission: { anyOf: ['task:read'] },
      },
      {
        id: 'all-tasks',
        title: 'All Tasks',
        type: 'item',
        url: '/app/all-tasks',
        icon: AssignmentOutlined,
        breadcrumbs: false,
        permission: { anyOf: ['task:read:all'] },
      },
      {
        id: 'reports',
        title: 'Reports',
        type: 'item',
        url: '/app/reports',
        icon: AssessmentOutlined,
        breadcrumbs: false,
        permission: { anyOf: ['report:read'] },
      },
      {
        id: 'employee',
        title: 'Employees',
        type: 'item',
        url: '/app/employee',
        icon: GroupsOutlined,
        breadcrumbs: false,
        permission: { anyOf: ['employee:read:all'] },
      },
      {
        id: 'company',
        title: 'Company',
        type: 'item',
        url: '/app/company',
        icon: BusinessOutlined,
        breadcrumbs: false,
        permission: { anyOf: ['company:read'] },
      },
      {
        id: 'role',
        title: 'Roles',
        type: 'item',
        url: '/app/role',
        icon: BadgeOutlined,
        breadcrumbs: false,
        permission: { anyOf: ['companyrole:read:all'] },
      },
      {
        id: 'department',
        title: 'Departments',
        type: 'item',
        url: '/app/department',
        icon: ApartmentOutlined,
        breadcrumbs: false,
        permission: { anyOf: ['department:read:all'] },
      },
      {
        id: 'audit',
        title: 'Audit log',
        type: 'item',
        url: '/app/company/audit',
        icon: HistoryOutlined,
        breadcrumbs: false,
        permission: { anyOf: ['audit:read'] },
      },
    ],
  },
  {
    id: 'time',
    title: 'Time',
    type: 'group',
    children: [
      {
        id: 'timesheet-week',
        title: 'My week',
        type: 'item',
        url: '/app/timesheets/week',
        icon: ScheduleOutlined,
        breadcrumbs: false,
        permission: { anyOf: ['timelog:read'] },
      },
      {
        // Department managers and approvers of everyone; the API lists only the weeks they approve.
        id: 'timesheet-approvals',
        title: 'Approvals',
        type: 'item',
        url: '/app/timesheets/approvals',
        icon: FactCheckOutlined,
        breadcrumbs: false,
        permission: { anyOf: ['timesheet:approve:all', 'department:read:all'] },
      },
      {
        id: 'timesheet-workload',
        title: 'Workload',
        type: 'item',
        url: '/app/timesheets/workload',
        icon: StackedBarChartOutlined,
        breadcrumbs: false,
        permission: { anyOf: ['report:read:all', 'department:read:all'] },
      },
    ],
  },
];

/** The platform sidebar; later issues add packages, modules and permissions. */
export const superAdminMenu: MenuItem[] = [
  {
    id: 'platform',
    title: 'Platform',
    type: 'group',
    children: [
      {
        id: 'sa-dashboard',
        title: 'Dashboard',
        type: 'item',
        url: '/super-admin/dashboard',
        icon: DashboardOutlined,
        breadcrumbs: false,
        permission: { anyOf: ['company:read'] },
      },
      {
        id: 'sa-companies',
        title: 'Companies',
        type: 'item',
        url: '/super-admin/companies',
        icon: DomainOutlined,
        breadcrumbs: false,
        permission: { anyOf: ['company:read:all'] },
      },
      {
        id: 'sa-packages',
        title: 'Packages',
        type: 'item',
        url: '/super-admin/packages',
        icon: Inventory2Outlined,
        breadcrumbs: false,
        permission: { anyOf: ['package:create'] },
      },
      {
        id: 'sa-modules',
        title: 'Modules',
        type: 'item',
        url: '/super-admin/modules',
        icon: ViewModuleOutlined,
        breadcrumbs: false,
        permission: { anyOf: ['module:read'] },
      },
      {
        id: 'sa-permissions',
        title: 'Permissions',
        type: 'item',
        url: '/super-admin/permissions',
        icon: KeyOutlined,
        breadcrumbs: false,
        permission: { anyOf: ['permission:read'] },
      },
      {
        id: 'sa-roles',
        title: 'Roles',
        type: 'item',
        url: '/super-admin/roles',
        icon: AdminPanelSettingsOutlined,
        breadcrumbs: false,
        permission: { anyOf: ['role:read'] },
      },
      {
        id: 'sa-jobs',
        title: 'Failed Jobs',
        type: 'item',
        url: '/super-admin/jobs',
        icon: ScheduleSendOutlined,
        breadcrumbs: false,
        permission: { anyOf: ['company:read:all'] },
      },
    ],
  },
];
