import type {
  CreateDepartmentBody,
  deleteDepartmentResultSchema,
  Department,
  DepartmentDetail,
  UpdateDepartmentBody,
} from '@taskhive/contract';
import type { z } from 'zod';
import { baseApi, messageOf } from '../../api/base-api';
import type { ApiMeta } from '../../api/base-query';
import { DEPARTMENT_LIST } from '../../api/departments-api';

type DeleteDepartmentData = z.infer<typeof deleteDepartmentResultSchema>;
export type DeleteDepartmentResult = DeleteDepartmentData & { message: string };

/** Departments: one department with its members, create/update/delete (the list is in `api/`). */
export const departmentsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDepartment: build.query<DepartmentDetail, string>({
      query: (id) => `Department/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Department', id }],
    }),
    createDepartment: build.mutation<Department, CreateDepartmentBody>({
      query: (body) => ({ url: 'Department', method: 'POST', body }),
      invalidatesTags: (r) => (r ? [DEPARTMENT_LIST] : []),
    }),
    updateDepartment: build.mutation<Department, { id: string; body: UpdateDepartmentBody }>({
      query: ({ id, body }) => ({ url: `Department/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: (r, _e, { id }) =>
        r ? [DEPARTMENT_LIST, { type: 'Department', id }, 'Employee'] : [],
    }),
    /** The toast shows the server's message (how many members moved). */
    deleteDepartment: build.mutation<DeleteDepartmentResult, string>({
      query: (id) => ({ url: `Department/${encodeURIComponent(id)}`, method: 'DELETE' }),
      transformResponse: (data: DeleteDepartmentData, meta: ApiMeta | undefined) => ({
        ...data,
        ...messageOf(data, meta),
      }),
      invalidatesTags: (r) => (r ? [DEPARTMENT_LIST, 'Employee'] : []),
    }),
  }),
});

export const {
  useGetDepartmentQuery,
  useCreateDepartmentMutation,
  useUpdateDepartmentMutation,
  useDeleteDepartmentMutation,
} = departmentsApi;
