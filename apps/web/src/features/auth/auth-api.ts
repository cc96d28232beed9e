import type {
  Envelope,
  LoginBody,
  LoginResult,
  MeResult,
  RegisterBody,
  ResetPasswordBody,
} from '@taskhive/contract';
import { baseApi, unwrapEnvelope } from '../../api/base-api';

export interface RegisterResult {
  companyId: string;
  userId: string;
  email: string;
}

/** The sign-in endpoints; answers keep their envelope where the screen shows the server's message. */
export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResult, LoginBody>({
      query: (body) => ({ url: 'auth/login', method: 'POST', body }),
      transformResponse: unwrapEnvelope<LoginResult>,
    }),
    register: build.mutation<Envelope<RegisterResult>, RegisterBody>({
      query: (body) => ({ url: 'auth/register', method: 'POST', body }),
    }),
    forgotPassword: build.mutation<Envelope<null>, { email: string }>({
      query: (body) => ({ url: 'auth/forgot-password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<Envelope<null>, ResetPasswordBody>({
      query: (body) => ({ url: 'auth/reset-password', method: 'POST', body }),
    }),
    logout: build.mutation<Envelope<null>, void>({
      query: () => ({ url: 'auth/logout', method: 'POST' }),
    }),
    getMe: build.query<MeResult, void>({
      query: () => 'auth/me',
      transformResponse: unwrapEnvelope<MeResult>,
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
