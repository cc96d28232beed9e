import type { ChangePasswordBody, Envelope, UpdateOwnProfileBody, UserProfile } from '@taskhive/contract';
import { baseApi, unwrapEnvelope } from '../../api/base-api';

/** A photo upload answer carries the URL under one of these names (spec section 3). */
export interface PhotoUploadResult {
  profilePhotoUrl?: string;
  url?: string;
  imageUrl?: string;
}

export const accountApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getUserProfile: build.query<UserProfile, string>({
      query: (userId) => `CompanyUsers/details/user/${encodeURIComponent(userId)}`,
      transformResponse: unwrapEnvelope<UserProfile>,
      providesTags: (_r, _e, userId) => [{ type: 'UserProfile', id: userId }],
    }),
    updateOwnProfile: build.mutation<UserProfile, UpdateOwnProfileBody>({
      query: (body) => ({ url: 'auth/me', method: 'PUT', body }),
      transformResponse: unwrapEnvelope<UserProfile>,
      invalidatesTags: (r) => ['Me', ...(r ? [{ type: 'UserProfile' as const, id: r.userId }] : [])],
    }),
    changePassword: build.mutation<Envelope<null>, ChangePasswordBody>({
      query: (body) => ({ url: 'auth/change-password', method: 'POST', body }),
    }),
    uploadProfilePhoto: build.mutation<PhotoUploadResult, { userId: string; file: File }>({
      query: ({ userId, file }) => {
        const body = new FormData();
        body.append('file', file);
        return {
          url: `CompanyUsers/upload-profile-photo/${encodeURIComponent(userId)}`,
          method: 'POST',
          body,
        };
      },
      transformResponse: unwrapEnvelope<PhotoUploadResult>,
      invalidatesTags: (_r, _e, { userId }) => [{ type: 'UserProfile', id: userId }],
    }),
  }),
});

export const {
  useGetUserProfileQuery,
  useLazyGetUserProfileQuery,
  useUpdateOwnProfileMutation,
  useChangePasswordMutation,
  useUploadProfilePhotoMutation,
} = accountApi;

export function photoUrlOf(result: PhotoUploadResult): string | null {
  return result.profilePhotoUrl ?? result.url ?? result.imageUrl ?? null;
}
