import type { CompanyRole, Paged } from '@taskhive/contract';
import { baseApi } from './base-api';

/** The tag of the role list; the role mutations invalidate it. */
export const COMPANY_ROLE_LIST = { type: 'CompanyRole', id: 'LIST' } as const;

/**
 * The company's roles, read by the roles page and as the employees' role options: the whole
 * list at once (spec section 5 filters it in the browser), declared once so it is fetched once.
 */
export const companyRolesListApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listCompanyRoles: build.query<CompanyRole[], void>({
      query: () => 'CompanyRoles',
      transformResponse: (page: Paged<CompanyRole>) => page.items,
      providesTags: [COMPANY_ROLE_LIST],
    }),
  }),
});

export const { useListCompanyRolesQuery } = companyRolesListApi;
