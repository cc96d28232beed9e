import type { EmployeeDetail, Paged, UserProfile } from '@taskhive/contract';
import { baseApi } from './base-api';
import { employeeQueryParams, type EmployeeListArgs } from './employee-query';

/** The tag of every loaded user list. */
export const EMPLOYEE_LIST = { type: 'Employee', id: 'LIST' } as const;

/** A photo upload answer carries the URL under one of these names (spec section 3). */
export interface PhotoUploadResult {
  profilePhotoUrl?: string;
  url?: string;
  imageUrl?: string;
}

export function photoUrlOf(result: PhotoUploadResult): string | null {
  return result.profilePhotoUrl ?? result.url ?? result.imageUrl ?? null;
}

/**
 * The company's users, read by several features (employees, account, departments, dashboard):
 * each URL is declared once here, so it has one cache entry whoever reads it.
 */
export const usersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listEmployees: build.query<Paged<UserProfile>, EmployeeListArgs>({
      query: (q) => ({ url: 'CompanyUsers/details', params: employeeQueryParams(q) }),
      providesTags: (r) => [
        EMPLOYEE_LIST,
        ...(r?.items ?? []).map((u) => ({ type: 'Employee' as const, id: u.userId })),
      ],
    }),
    getEmployee: build.query<EmployeeDetail, string>({
      query: (userId) => `CompanyUsers/details/user/${encodeURIComponent(userId)}`,
      providesTags: (_r, _e, userId) => [
        { type: 'Employee', id: userId },
        { type: 'UserProfile', id: userId },
      ],
    }),
    uploadUserPhoto: build.mutation<PhotoUploadResult, { userId: string; file: File }>({
      query: ({ userId, file }) => {
        const body = new FormData();
        body.append('file', file);
        return {
          url: `CompanyUsers/upload-profile-photo/${encodeURIComponent(userId)}`,
          method: 'POST',
          body,
        };
      },
      invalidatesTags: (r, _e, { userId }) =>
        r ? [EMPLOYEE_LIST, { type: 'Employee', id: userId }, { type: 'UserProfile', id: userId }] : [],
    }),
    /** Own photo always; someone else's with employee:update. */
    removeUserPhoto: build.mutation<null, string>({
      query: (userId) => ({ url: `CompanyUsers/photo/${encodeURIComponent(userId)}`, method: 'DELETE' }),
      invalidatesTags: (_r, e, userId) =>
        e ? [] : [EMPLOYEE_LIST, { type: 'Employee', id: userId }, { type: 'UserProfile', id: userId }],
    }),
  }),
});

export const {
  useListEmployeesQuery,
  useGetEmployeeQuery,
  useLazyGetEmployeeQuery,
  useUploadUserPhotoMutation,
  useRemoveUserPhotoMutation,
} = usersApi;
