import type { TaskPriority, TaskStatus } from '@taskhive/contract';
import { baseApi } from './base-api';

/**
 * The company's task statuses (also the project statuses) and the platform's priorities: read by
 * projects, tasks, the status admin card and the start-up load, so declared once here.
 */
export const taskStatusesReadApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listTaskStatuses: build.query<TaskStatus[], void>({
      query: () => 'Taskstatuses',
      providesTags: [{ type: 'TaskStatus', id: 'LIST' }],
    }),
    listTaskPriorities: build.query<TaskPriority[], void>({
      query: () => 'Taskpriorities',
      providesTags: [{ type: 'TaskPriority', id: 'LIST' }],
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useListTaskStatusesQuery, useListTaskPrioritiesQuery } = taskStatusesReadApi;
