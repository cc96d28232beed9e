import type {
  CreateDepartmentBody,
  deleteDepartmentResultSchema,
  Department,
  DepartmentDetail,
  DepartmentListQuery,
  Paged,
  UpdateDepartmentBody,
  UserProfile,
} from '@taskhive/contract';
import { MAX_PAGE_SIZE } from '@taskhive/contract';
import type { z } from 'zod';
import { baseApi, unwrapEnvelope } from '../../api/base-api';

export type DepartmentListArgs = Pick<DepartmentListQuery, 'sortBy' | 'sortOrder'> & {
  page: number;
  pageSize: number;
  search?: string;
};
export type DeleteDepartmentResult = z.infer<typeof deleteDepartmentResultSchema> & { message: string };

const LIST = { type: 'Department', id: 'LIST' } as const;

/** Departments: the paged list, one department with its members, create/update/delete. */
export const departmentsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listDepartments: build.query<Paged<Department>, DepartmentListArgs>({
      query: (params) => ({ url: 'Department', params }),
      transformResponse: unwrapEnvelope<Paged<Department>>,
      providesTags: (r) => [
        LIST,
        ...(r?.items ?? []).map((d) => ({ type: 'Department' as const, id: d.deptId })),
      ],
    }),
    getDepartment: build.query<DepartmentDetail, string>({
      query: (id) => `Department/${encodeURIComponent(id)}`,
      transformResponse: unwrapEnvelope<DepartmentDetail>,
      providesTags: (_r, _e, id) => [{ type: 'Department', id }],
    }),
    /** Who may manage a department: the company's active employees. */
    departmentManagerOptions: build.query<UserProfile[], void>({
      query: () => ({
        url: 'CompanyUsers/details',
        params: { page: 1, pageSize: MAX_PAGE_SIZE, statusNames: 'active', sortBy: 'firstName' },
      }),
      transformResponse: (res: { data: Paged<UserProfile> }) => res.data.items,
      providesTags: [{ type: 'Employee', id: 'LIST' }],
    }),
    createDepartment: build.mutation<Department, CreateDepartmentBody>({
      query: (body) => ({ url: 'Department', method: 'POST', body }),
      transformResponse: unwrapEnvelope<Department>,
      invalidatesTags: (r) => (r ? [LIST] : []),
    }),
    updateDepartment: build.mutation<Department, { id: string; body: UpdateDepartmentBody }>({
      query: ({ id, body }) => ({ url: `Department/${encodeURIComponent(id)}`, method: 'PUT', body }),
      transformResponse: unwrapEnvelope<Department>,
      invalidatesTags: (r, _e, { id }) => (r ? [LIST, { type: 'Department', id }, 'Employee'] : []),
    }),
    deleteDepartment: build.mutation<DeleteDepartmentResult, string>({
      query: (id) => ({ url: `Department/${encodeURIComponent(id)}`, method: 'DELETE' }),
      transformResponse: (res: { message: string; data: z.infer<typeof deleteDepartmentResultSchema> }) => ({
        ...res.data,
        message: res.message,
      }),
      invalidatesTags: (r) => (r ? [LIST, 'Employee'] : []),
    }),
  }),
});

export const {
  useListDepartmentsQuery,
  useGetDepartmentQuery,
  useDepartmentManagerOptionsQuery,
  useCreateDepartmentMutation,
  useUpdateDepartmentMutation,
  useDeleteDepartmentMutation,
} = departmentsApi;
