import { DEFAULT_PAGE, PAGE_SIZE } from '@taskhive/contract';
import { companyRolesListApi } from '../api/company-roles-api';
import { departmentsListApi } from '../api/departments-api';
import { DEFAULT_EMPLOYEE_QUERY } from '../api/employee-query';
import { DEFAULT_PROJECT_QUERY, projectsReadApi } from '../api/projects-api';
import { taskStatusesReadApi } from '../api/task-statuses-api';
import { usersApi } from '../api/users-api';
import { authApi } from '../features/auth/auth-api';
import { companiesApi } from '../features/companies/companies-api';
import { DEFAULT_TASK_QUERY, tasksApi } from '../features/tasks/tasks-api';
import { authActions } from './slices/auth-slice';
import { runStartup, type StartupLoader } from './slices/startup-slice';

/**
 * The start-up load of the company area (spec section 3): one entry per call, each with the
 * permission it needs: employees with `employee:read:all`, company roles with `companyrole:read`,
 * departments with `department:read`, the company by id with `company:read`, task statuses with
 * `project:read` or `task:read`, projects with `project:read`, my tasks with `task:read`.
 * The loaders live apart from the start-up slice so the store (and the sign-in route) never
 * loads the feature APIs they call.
 */
export const STARTUP_LOADERS: readonly StartupLoader[] = [
  {
    key: 'profile',
    load: async (dispatch) => {
      const me = await dispatch(authApi.endpoints.getMe.initiate(undefined, { forceRefetch: true })).unwrap();
      dispatch(authActions.sessionUserLoaded(me));
    },
  },
  // Issue 4. Loaded without a subscription: the cache keeps them for the pages that follow.
  {
    key: 'employees',
    requires: { anyOf: ['employee:read:all'] },
    load: (dispatch) =>
      dispatch(
        usersApi.endpoints.listEmployees.initiate(DEFAULT_EMPLOYEE_QUERY, { subscribe: false }),
      ).unwrap(),
  },
  {
    key: 'companyRoles',
    requires: { anyOf: ['companyrole:read'] },
    load: (dispatch) =>
      dispatch(
        companyRolesListApi.endpoints.listCompanyRoles.initiate(undefined, { subscribe: false }),
      ).unwrap(),
  },
  {
    key: 'departments',
    requires: { anyOf: ['department:read'] },
    load: (dispatch) =>
      dispatch(
        departmentsListApi.endpoints.listDepartments.initiate(
          { page: DEFAULT_PAGE, pageSize: PAGE_SIZE.departmentsFetch, sortBy: 'name', sortOrder: 'asc' },
          { subscribe: false },
        ),
      ).unwrap(),
  },
  {
    key: 'company',
    requires: { anyOf: ['company:read'] },
    load: async (dispatch, auth) => {
      if (!auth.companyId) return;
      await dispatch(
        companiesApi.endpoints.getCompany.initiate(auth.companyId, { subscribe: false }),
      ).unwrap();
    },
  },
  // Issue 9: the company's statuses (the project statuses too), the user's projects and my tasks.
  {
    key: 'taskStatuses',
    requires: { anyOf: ['project:read', 'task:read'] },
    load: (dispatch) =>
      dispatch(
        taskStatusesReadApi.endpoints.listTaskStatuses.initiate(undefined, { subscribe: false }),
      ).unwrap(),
  },
  {
    key: 'projects',
    requires: { anyOf: ['project:read'] },
    load: (dispatch) =>
      dispatch(
        projectsReadApi.endpoints.listProjects.initiate(DEFAULT_PROJECT_QUERY, { subscribe: false }),
      ).unwrap(),
  },
  {
    key: 'myTasks',
    requires: { anyOf: ['task:read'] },
    load: (dispatch) =>
      dispatch(tasksApi.endpoints.listMyTasks.initiate(DEFAULT_TASK_QUERY, { subscribe: false })).unwrap(),
  },
];

/** The start-up load of the company area: every loader the signed-in user's permissions allow. */
export const loadStartupData = () => runStartup(STARTUP_LOADERS);
