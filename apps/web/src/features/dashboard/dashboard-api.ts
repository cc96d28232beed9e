import type { DashboardStats } from '@taskhive/contract';
import { baseApi } from '../../api/base-api';

/** The platform figures of the Super Admin's dashboard. */
export const dashboardApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDashboardStats: build.query<DashboardStats, void>({
      query: () => 'Companies/dashboard-stats',
      providesTags: ['DashboardStats'],
    }),
  }),
});

export const { useGetDashboardStatsQuery } = dashboardApi;
