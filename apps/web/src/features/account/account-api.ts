import type { ChangePasswordBody, UpdateOwnProfileBody, UserProfile } from '@taskhive/contract';
import { baseApi, messageOf } from '../../api/base-api';

/** The signed-in user's own profile and password; the profile itself is read through `usersApi`. */
export const accountApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    updateOwnProfile: build.mutation<UserProfile, UpdateOwnProfileBody>({
      query: (body) => ({ url: 'auth/me', method: 'PUT', body }),
      invalidatesTags: (r) => ['Me', ...(r ? [{ type: 'UserProfile' as const, id: r.userId }] : [])],
    }),
    /** The screen shows the server's message. */
    changePassword: build.mutation<{ message: string }, ChangePasswordBody>({
      query: (body) => ({ url: 'auth/change-password', method: 'POST', body }),
      transformResponse: messageOf,
    }),
  }),
});

export const { useUpdateOwnProfileMutation, useChangePasswordMutation } = accountApi;
