import type {
  CreateEmployeeBody,
  SetPasswordBody,
  UpdateEmployeeBody,
  UserProfile,
} from '@taskhive/contract';
import { baseApi, messageOf } from '../../api/base-api';
import type { EmployeeListArgs } from '../../api/employee-query';
import { EMPLOYEE_LIST, usersApi } from '../../api/users-api';

/** Whether a list loaded with these arguments can hold a user of this status. */
function listsStatus(args: EmployeeListArgs, status: UserProfile['status']): boolean {
  return !args.statusNames?.length || args.statusNames.includes(status);
}

/**
 * Invite, update and (optimistic) delete an employee. The list, the profile and the photo upload
 * are read by other features too, so they live in `api/users-api.ts`.
 */
export const employeesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    createEmployee: build.mutation<UserProfile, CreateEmployeeBody>({
      query: (body) => ({ url: 'CompanyUsers', method: 'POST', body }),
      // Spec section 4: the new user goes to the top of the list and the count rises by one
      // (in every loaded list that can show them: a list of active users cannot).
      async onQueryStarted(_body, { dispatch, getState, queryFulfilled }) {
        const { data: created } = await queryFulfilled.catch(() => ({ data: null }));
        if (!created) return;
        for (const args of usersApi.util.selectCachedArgsForQuery(getState(), 'listEmployees')) {
          if (!listsStatus(args, created.status)) continue;
          dispatch(
            usersApi.util.updateQueryData('listEmployees', args, (draft) => {
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
      invalidatesTags: (r, _e, { userId }) =>
        r
          ? [
              EMPLOYEE_LIST,
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
      async onQueryStarted(userId, { dispatch, getState, queryFulfilled }) {
        const patches = usersApi.util.selectCachedArgsForQuery(getState(), 'listEmployees').map((args) =>
          dispatch(
            usersApi.util.updateQueryData('listEmployees', args, (draft) => {
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
    /** A Company Admin sets a password the employee must change at the next sign-in (issue 24). */
    setEmployeePassword: build.mutation<{ message: string }, { userId: string; body: SetPasswordBody }>({
      query: ({ userId, body }) => ({
        url: `CompanyUsers/user/${encodeURIComponent(userId)}/password`,
        method: 'POST',
        body,
      }),
      transformResponse: messageOf,
    }),
  }),
});

export const {
  useCreateEmployeeMutation,
  useUpdateEmployeeMutation,
  useDeleteEmployeeMutation,
  useSetEmployeePasswordMutation,
} = employeesApi;
