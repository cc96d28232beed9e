import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import DomainOutlined from '@mui/icons-material/DomainOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
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
        title: 'Employee',
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
        title: 'Role',
        type: 'item',
        url: '/app/role',
        icon: BadgeOutlined,
        breadcrumbs: false,
        permission: { anyOf: ['companyrole:read:all'] },
      },
      {
        id: 'department',
        title: 'Department',
        type: 'item',
        url: '/app/department',
        icon: ApartmentOutlined,
        breadcrumbs: false,
        permission: { anyOf: ['department:read:all'] },
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
    ],
  },
];
