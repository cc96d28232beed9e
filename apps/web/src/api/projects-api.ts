import {
  DEFAULT_PAGE,
  PAGE_SIZE,
  type Paged,
  type Project,
  type ProjectDetail,
  type ProjectListQuery,
} from '@taskhive/contract';
import { baseApi } from './base-api';

export type ProjectSortField = ProjectListQuery['sortBy'];

/** The project query of spec section 3 (page 1, size 5, memberUserId null by default). */
export interface ProjectQuery {
  page: number;
  pageSize: number;
  sortBy: ProjectSortField;
  sortOrder: 'asc' | 'desc';
  search: string;
  statusNames: string[];
  startDateFrom: string;
  endDateTo: string;
  memberUserId: string | null;
}

export const DEFAULT_PROJECT_QUERY: ProjectQuery = {
  page: DEFAULT_PAGE,
  pageSize: PAGE_SIZE.projects,
  sortBy: 'createdAt',
  sortOrder: 'desc',
  search: '',
  statusNames: [],
  startDateFrom: '',
  endDateTo: '',
  memberUserId: null,
};

/** The query string: lists comma-separated, empty fields left out. */
export function projectQueryParams(q: ProjectQuery): Record<string, string | number> {
  const params: Record<string, string | number> = {
    page: q.page,
    pageSize: q.pageSize,
    sortBy: q.sortBy,
    sortOrder: q.sortOrder,
  };
  if (q.search.trim()) params.search = q.search.trim();
  if (q.statusNames.length) params.statusNames = q.statusNames.join(',');
  if (q.startDateFrom) params.startDateFrom = q.startDateFrom;
  if (q.endDateTo) params.endDateTo = q.endDateTo;
  if (q.memberUserId) params.memberUserId = q.memberUserId;
  return params;
}

/**
 * Projects as several features read them (the project pages, the task pages' project filter and
 * assignee picker, the start-up load): the paged list and one project with its members,
 * documents and task lists. The project mutations live in features/projects.
 */
export const projectsReadApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listProjects: build.query<Paged<Project>, ProjectQuery>({
      query: (q) => ({ url: 'Project', params: projectQueryParams(q) }),
      providesTags: (r) => [
        { type: 'Project', id: 'LIST' },
        ...(r?.items ?? []).map((p) => ({ type: 'Project' as const, id: p.projectId })),
      ],
    }),
    getProject: build.query<ProjectDetail, string>({
      query: (id) => `Project/${encodeURIComponent(id)}`,
      // Its time against the estimate (issue 25) changes with every time entry.
      providesTags: (_r, _e, id) => [
        { type: 'Project', id },
        { type: 'TimeLog', id: 'LIST' },
      ],
    }),
  }),
});

export const { useListProjectsQuery, useGetProjectQuery } = projectsReadApi;
