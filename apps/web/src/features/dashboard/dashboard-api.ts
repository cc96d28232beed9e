import type { Celebrations, Dashboard, DashboardStats } from '@taskhive/contract';
import { baseApi } from '../../api/base-api';

/** The platform figures of the Super Admin's dashboard, and my company dashboard's figures. */
export const dashboardApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDashboardStats: build.query<DashboardStats, void>({
      query: () => 'Companies/dashboard-stats',
      providesTags: ['DashboardStats'],
    }),
    /** My dashboard figures for my local `today` (weeks follow my calendar); time-log changes refresh it. */
    myDashboard: build.query<Dashboard, string>({
      query: (today) => ({ url: 'dashboard/me', params: { today } }),
      providesTags: [{ type: 'TimeLog', id: 'LIST' }],
    }),
    /** This month's anniversaries and birthdays; a company or employee change refreshes them. */
    celebrations: build.query<Celebrations, void>({
      query: () => 'CompanyUsers/celebrations',
      providesTags: [
        { type: 'Company', id: 'LIST' },
        { type: 'Employee', id: 'LIST' },
      ],
    }),
  }),
});

export const { useGetDashboardStatsQuery, useMyDashboardQuery, useCelebrationsQuery } = dashboardApi;

const pad = (n: number) => String(n).padStart(2, '0');
/** The user's calendar day, the argument of `myDashboard` (one cache entry a day). */
export const localToday = () => {
  const d = new Date();
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};
