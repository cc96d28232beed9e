import type { CompanyRole, CreateCompanyRoleBody, Paged, UpdateCompanyRoleBody } from '@taskhive/contract';
import { baseApi, unwrapEnvelope } from '../../api/base-api';

const LIST = { type: 'CompanyRole', id: 'LIST' } as const;

/** The company's roles: the whole list at once (spec section 5 filters it in the browser). */
export const companyRolesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listCompanyRoles: build.query<CompanyRole[], void>({
      query: () => 'CompanyRoles',
      transformResponse: (res: { data: Paged<CompanyRole> }) => res.data.items,
      providesTags: [LIST],
    }),
    createCompanyRole: build.mutation<CompanyRole, CreateCompanyRoleBody>({
      query: (body) => ({ url: 'CompanyRoles', method: 'POST', body }),
      transformResponse: unwrapEnvelope<CompanyRole>,
      invalidatesTags: [LIST],
    }),
    updateCompanyRole: build.mutation<CompanyRole, { id: string; body: UpdateCompanyRoleBody }>({
      query: ({ id, body }) => ({ url: `CompanyRoles/${encodeURIComponent(id)}`, method: 'PUT', body }),
      transformResponse: unwrapEnvelope<CompanyRole>,
      invalidatesTags: [LIST, 'Employee', 'Company'],
    }),
    deleteCompanyRole: build.mutation<null, string>({
      query: (id) => ({ url: `CompanyRoles/${encodeURIComponent(id)}`, method: 'DELETE' }),
      transformResponse: unwrapEnvelope<null>,
      invalidatesTags: [LIST, 'Company'],
    }),
  }),
});

export const {
  useListCompanyRolesQuery,
  useCreateCompanyRoleMutation,
  useUpdateCompanyRoleMutation,
  useDeleteCompanyRoleMutation,
} = companyRolesApi;
