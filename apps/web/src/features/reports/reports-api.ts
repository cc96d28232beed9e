import type {
  HoursReport,
  MemberReport,
  ReportPerson,
  TeamReport,
  UserTasksByStatus,
} from '@taskhive/contract';
import { baseApi } from '../../api/base-api';

export interface ReportRange {
  startDateTo: string;
  endDateTo: string;
}

/** Time-log changes (tag TimeLog/LIST) refresh the reports too. */
const TIME = [{ type: 'TimeLog' as const, id: 'LIST' }];

export const reportsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    userTasksByStatus: build.query<UserTasksByStatus, ReportRange & { userId: string }>({
      query: ({ userId, ...params }) => ({
        url: `taskreports/user-tasks-by-status/${encodeURIComponent(userId)}`,
        params,
      }),
      providesTags: TIME,
    }),
    hoursReport: build.query<HoursReport, ReportRange & { userId?: string }>({
      query: (params) => ({ url: 'taskreports/company-hours', params }),
      providesTags: TIME,
    }),
    /** The people whose reports the caller may read, by name: the user report's picker. */
    reportPeople: build.query<ReportPerson[], { search: string }>({
      query: ({ search }) => ({ url: 'taskreports/people', params: search ? { search } : {} }),
      keepUnusedDataFor: 30,
    }),
    teamReport: build.query<TeamReport, ReportRange & { departmentId?: string; projectId?: string }>({
      query: (params) => ({ url: 'taskreports/team', params }),
      providesTags: TIME,
    }),
    memberReport: build.query<MemberReport, ReportRange & { userId: string }>({
      query: ({ userId, ...params }) => ({
        url: `taskreports/member/${encodeURIComponent(userId)}`,
        params,
      }),
      providesTags: TIME,
    }),
  }),
});

export const {
  useUserTasksByStatusQuery,
  useHoursReportQuery,
  useReportPeopleQuery,
  useTeamReportQuery,
  useMemberReportQuery,
} = reportsApi;
