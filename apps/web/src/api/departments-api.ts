import type { Department, DepartmentListQuery, Paged } from '@taskhive/contract';
import { baseApi } from './base-api';

/** A page of departments; a reader that only counts or lists options leaves the sort out. */
export type DepartmentListArgs = Partial<Pick<DepartmentListQuery, 'sortBy' | 'sortOrder'>> & {
  page: number;
  pageSize: number;
  search?: string;
};

/** The tag of every loaded department list. */
export const DEPARTMENT_LIST = { type: 'Department', id: 'LIST' } as const;

/**
 * The company's departments, read by the departments page, the employees' filters and forms and
 * the dashboard: declared once, so one URL has one cache entry.
 */
export const departmentsListApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listDepartments: build.query<Paged<Department>, DepartmentListArgs>({
      query: (params) => ({ url: 'Department', params }),
      providesTags: (r) => [
        DEPARTMENT_LIST,
        ...(r?.items ?? []).map((d) => ({ type: 'Department' as const, id: d.deptId })),
      ],
    }),
  }),
});

export const { useListDepartmentsQuery } = departmentsListApi;
