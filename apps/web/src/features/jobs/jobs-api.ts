import type { FailedJob } from '@taskhive/contract';
import { baseApi, messageOf } from '../../api/base-api';

/** The platform's failed background jobs (Super Admin): the list and the retry. */
export const jobsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listFailedJobs: build.query<FailedJob[], void>({
      query: () => 'platform/jobs/failed',
      providesTags: [{ type: 'FailedJob', id: 'LIST' }],
      // Jobs fail and recover on their own: read again whenever the page opens.
      keepUnusedDataFor: 0,
    }),
    retryJob: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `platform/jobs/${encodeURIComponent(id)}/retry`, method: 'POST' }),
      transformResponse: messageOf,
      invalidatesTags: [{ type: 'FailedJob', id: 'LIST' }],
    }),
  }),
});

export const { useListFailedJobsQuery, useRetryJobMutation } = jobsApi;
