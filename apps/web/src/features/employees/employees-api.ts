import type {
  CompanyRole,
  CreateEmployeeBody,
  Department,
  EmployeeDetail,
  Paged,
  UpdateEmployeeBody,
  UserProfile,
} from '@taskhive/contract';
import { MAX_PAGE_SIZE } from '@taskhive/contract';
import { baseApi, unwrapEnvelope } from '../../api/base-api';
import { employeeQueryParams, type EmployeeQuery } from './employee-query';

const LIST = { type: 'Employee', id: 'LIST' } as const;

/** Employees of the company: the paged list, profiles, invite, update and (optimistic) delete. */
export const employeesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listEmployees: build.query<Paged<UserProfile>, EmployeeQuery>({
      query: (q) => ({ url: 'CompanyUsers/details', params: employeeQueryParams(q) }),
      transformResponse: unwrapEnvelope<Paged<UserProfile>>,
      providesTags: (r) => [
        LIST,
        ...(r?.items ?? []).map((u) => ({ type: 'Employee' as const, id: u.userId })),
      ],
    }),
    getEmployee: build.query<EmployeeDetail, string>({
      query: (userId) => `CompanyUsers/details/user/${encodeURIComponent(userId)}`,
      transformResponse: unwrapEnvelope<EmployeeDetail>,
      providesTags: (_r, _e, userId) => [
        { type: 'Employee', id: userId },
        { type: 'UserProfile', id: userId },
      ],
    }),
    /** Roles and departments to filter and assign by (the lists stay small: one page of the largest size). */
    employeeRoleOptions: build.query<CompanyRole[], void>({
      query: () => 'CompanyRoles',
      transformResponse: (res: { data: Paged<CompanyRole> }) => res.data.items,
      providesTags: [{ type: 'CompanyRole', id: 'LIST' }],
    }),
    employeeDepartmentOptions: build.query<Department[], void>({
      query: () => ({ url: 'Department', params: { page: 1, pageSize: MAX_PAGE_SIZE } }),
      transformResponse: (res: { data: Paged<Department> }) => res.data.items,
      providesTags: [{ type: 'Department', id: 'LIST' }],
    }),
    createEmployee: build.mutation<UserProfile, CreateEmployeeBody>({
      query: (body) => ({ url: 'CompanyUsers', method: 'POST', body }),
      transformResponse: unwrapEnvelope<UserProfile>,
      // Spec section 4: the new user goes to the top of the list and the count rises by one.
      async onQueryStarted(_body, { dispatch, getState, queryFulfilled }) {
        const { data: created } = await queryFulfilled.catch(() => ({ data: null }));
        if (!created) return;
        for (const args of employeesApi.util.selectCachedArgsForQuery(getState(), 'listEmployees')) {
          dispatch(
            employeesApi.util.updateQueryData('listEmployees', args, (draft) => {
              draft.items.unshift(created);
              draft.totalCount += 1;
            }),
          );
        }
      },
      invalidatesTags: (r) => (r ? ['Department', 'CompanyRole', 'Company'] : []),
    }),
    updateEmployee: build.mutation<UserProfile, { userId: string; body: UpdateEmployeeBody }>({
      query: ({ userId, body }) => ({
        url: `CompanyUsers/user/${encodeURIComponent(userId)}`,
        method: 'PUT',
        body,
      }),
      transformResponse: unwrapEnvelope<UserProfile>,
      invalidatesTags: (r, _e, { userId }) =>
        r
          ? [
              LIST,
              { type: 'Employee', id: userId },
              { type: 'UserProfile', id: userId },
              'Department',
              'CompanyRole',
            ]
          : [],
    }),
    /**
     * Spec section 4: the row leaves every loaded list at once; if the server refuses, the undo puts
     * it back in its old place (and the page shows the error).
     */
    deleteEmployee: build.mutation<null, string>({
      query: (userId) => ({ url: `CompanyUsers/user/${encodeURIComponent(userId)}`, method: 'DELETE' }),
      transformResponse: unwrapEnvelope<null>,
      async onQueryStarted(userId, { dispatch, getState, queryFulfilled }) {
        const patches = employeesApi.util.selectCachedArgsForQuery(getState(), 'listEmployees').map((args) =>
          dispatch(
            employeesApi.util.updateQueryData('listEmployees', args, (draft) => {
              const before = draft.items.length;
              draft.items = draft.items.filter((u) => u.userId !== userId);
              if (draft.items.length < before) draft.totalCount = Math.max(0, draft.totalCount - 1);
            }),
          ),
        );
        try {
          await queryFulfilled;
        } catch {
          for (const patch of patches) patch.undo();
        }
      },
      // Not the list: the server keeps the user (deactivated), so a reload would bring the row back.
      invalidatesTags: (_r, error, userId) =>
        error ? [] : [{ type: 'UserProfile', id: userId }, 'Department', 'CompanyRole', 'Company'],
    }),
    uploadEmployeePhoto: build.mutation<{ profilePhotoUrl: string }, { userId: string; file: File }>({
      query: ({ userId, file }) => {
        const body = new FormData();
        body.append('file', file);
        return {
          url: `CompanyUsers/upload-profile-photo/${encodeURIComponent(userId)}`,
          method: 'POST',
          body,
        };
      },
      transformResponse: unwrapEnvelope<{ profilePhotoUrl: string }>,
      invalidatesTags: (r, _e, { userId }) =>
        r ? [LIST, { type: 'Employee', id: userId }, { type: 'UserProfile', id: userId }] : [],
    }),
  }),
});

export const {
  useListEmployeesQuery,
  useGetEmployeeQuery,
  useEmployeeRoleOptionsQuery,
  useEmployeeDepartmentOptionsQuery,
  useCreateEmployeeMutation,
  useUpdateEmployeeMutation,
  useDeleteEmployeeMutation,
  useUploadEmployeePhotoMutation,
} = employeesApi;
