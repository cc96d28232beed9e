import type { LoginBody, LoginResult, MeResult, RegisterBody, ResetPasswordBody } from '@taskhive/contract';
import { baseApi, messageOf } from '../../api/base-api';

export interface RegisterResult {
  companyId: string;
  userId: string;
  email: string;
}

/** The sign-in endpoints; where the screen shows the server's message, the answer is that message. */
export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResult, LoginBody>({
      query: (body) => ({ url: 'auth/login', method: 'POST', body }),
    }),
    register: build.mutation<RegisterResult, RegisterBody>({
      query: (body) => ({ url: 'auth/register', method: 'POST', body }),
    }),
    forgotPassword: build.mutation<{ message: string }, { email: string }>({
      query: (body) => ({ url: 'auth/forgot-password', method: 'POST', body }),
      transformResponse: messageOf,
    }),
    resetPassword: build.mutation<null, ResetPasswordBody>({
      query: (body) => ({ url: 'auth/reset-password', method: 'POST', body }),
    }),
    logout: build.mutation<null, void>({
      query: () => ({ url: 'auth/logout', method: 'POST' }),
    }),
    getMe: build.query<MeResult, void>({
      query: () => 'auth/me',
      providesTags: ['Me'],
    }),
  }),
});

export const {
  useLoginMutation,
  useRegisterMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useLogoutMutation,
  useGetMeQuery,
} = authApi;
