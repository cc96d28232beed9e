import type { Dashboard, DashboardStats, Paged } from '@taskhive/contract';
import { baseApi, unwrapEnvelope } from '../../api/base-api';

/** The figures the dashboards show: platform stats, and head counts of the company. */
export const dashboardApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDashboardStats: build.query<DashboardStats, void>({
      query: () => 'Companies/dashboard-stats',
      transformResponse: unwrapEnvelope<DashboardStats>,
      providesTags: ['DashboardStats'],
    }),
    /** How many employees the company has (one row fetched; the count comes with the page). */
    employeeCount: build.query<number, void>({
      query: () => ({ url: 'CompanyUsers/details', params: { page: 1, pageSize: 1 } }),
      transformResponse: (res: { data: Paged<unknown> }) => res.data.totalCount,
      providesTags: [{ type: 'Employee', id: 'LIST' }],
    }),
    departmentCount: build.query<number, void>({
      query: () => ({ url: 'Department', params: { page: 1, pageSize: 1 } }),
      transformResponse: (res: { data: Paged<unknown> }) => res.data.totalCount,
      providesTags: [{ type: 'Department', id: 'LIST' }],
    }),
    /** My dashboard figures for my local `today` (weeks follow my calendar); time-log changes refresh it. */
    myDashboard: build.query<Dashboard, string>({
      query: (today) => ({ url: 'dashboard/me', params: { today } }),
      transformResponse: unwrapEnvelope<Dashboard>,
      providesTags: [{ type: 'TimeLog', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetDashboardStatsQuery,
  useEmployeeCountQuery,
  useDepartmentCountQuery,
  useMyDashboardQuery,
} = dashboardApi;
