import type { CompanyRole, CreateCompanyRoleBody, UpdateCompanyRoleBody } from '@taskhive/contract';
import { baseApi } from '../../api/base-api';
import { COMPANY_ROLE_LIST } from '../../api/company-roles-api';

/** Create, update and delete a company role (the list, read by several features, is in `api/`). */
export const companyRolesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    createCompanyRole: build.mutation<CompanyRole, CreateCompanyRoleBody>({
      query: (body) => ({ url: 'CompanyRoles', method: 'POST', body }),
      invalidatesTags: [COMPANY_ROLE_LIST],
    }),
    updateCompanyRole: build.mutation<CompanyRole, { id: string; body: UpdateCompanyRoleBody }>({
      query: ({ id, body }) => ({ url: `CompanyRoles/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: [COMPANY_ROLE_LIST, 'Employee', 'Company'],
    }),
    deleteCompanyRole: build.mutation<null, string>({
      query: (id) => ({ url: `CompanyRoles/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [COMPANY_ROLE_LIST, 'Company'],
    }),
  }),
});

export const { useCreateCompanyRoleMutation, useUpdateCompanyRoleMutation, useDeleteCompanyRoleMutation } =
  companyRolesApi;
