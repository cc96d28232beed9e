import type {
  Company,
  CompanyDetail,
  companyLogoResultSchema,
  CompanyListQuery,
  CompanyStatusBody,
  CreateCompanyBody,
  createCompanyResultSchema,
  DocumentInfo,
  EmployeeListQuery,
  Paged,
  UpdateCompanyBody,
  UserProfile,
} from '@taskhive/contract';
import type { z } from 'zod';
import { baseApi } from '../../api/base-api';

export type CompanyListArgs = Pick<CompanyListQuery, 'sortBy' | 'sortOrder'> & {
  page: number;
  pageSize: number;
  search?: string;
};
export type CreateCompanyResult = z.infer<typeof createCompanyResultSchema>;
export type CompanyLogoResult = z.infer<typeof companyLogoResultSchema>;
export type CompanyUsersArgs = { companyId: string } & Partial<
  Pick<EmployeeListQuery, 'page' | 'pageSize' | 'search'>
>;

const LIST = { type: 'Company', id: 'LIST' } as const;

function upload(file: File): FormData {
  const body = new FormData();
  body.append('file', file);
  return body;
}

/** The companies of the platform (Super Admin) and a company's own profile, logo and documents. */
export const companiesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listCompanies: build.query<Paged<Company>, CompanyListArgs>({
      query: (params) => ({ url: 'Companies', params }),
      providesTags: (r) => [
        LIST,
        ...(r?.items ?? []).map((c) => ({ type: 'Company' as const, id: c.companyId })),
      ],
    }),
    getCompany: build.query<CompanyDetail, string>({
      query: (id) => `Companies/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Company', id }],
    }),
    listCompanyUsers: build.query<Paged<UserProfile>, CompanyUsersArgs>({
      query: ({ companyId, ...params }) => ({
        url: `Companies/${encodeURIComponent(companyId)}/users`,
        params,
      }),
      providesTags: (_r, _e, { companyId }) => [{ type: 'Company', id: companyId }, 'Employee'],
    }),
    createCompany: build.mutation<CreateCompanyResult, CreateCompanyBody>({
      query: (body) => ({ url: 'Companies', method: 'POST', body }),
      invalidatesTags: [LIST, 'DashboardStats'],
    }),
    updateCompany: build.mutation<CompanyDetail, { id: string; body: UpdateCompanyBody }>({
      query: ({ id, body }) => ({ url: `Companies/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => [LIST, { type: 'Company', id }],
    }),
    deleteCompany: build.mutation<null, string>({
      query: (id) => ({ url: `Companies/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [LIST, { type: 'Company', id }, 'DashboardStats'],
    }),
    approveCompany: build.mutation<Company, string>({
      query: (id) => ({ url: `Companies/${encodeURIComponent(id)}/approve`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => [LIST, { type: 'Company', id }, 'DashboardStats'],
    }),
    setCompanyStatus: build.mutation<Company, { id: string; body: CompanyStatusBody }>({
      query: ({ id, body }) => ({ url: `Companies/${encodeURIComponent(id)}/status`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => [LIST, { type: 'Company', id }, 'DashboardStats'],
    }),
    uploadCompanyLogo: build.mutation<CompanyLogoResult, { id: string; file: File }>({
      query: ({ id, file }) => ({
        url: `Companies/${encodeURIComponent(id)}/upload-logo`,
        method: 'POST',
        body: upload(file),
      }),
      // Logo upload sets the logo URL and the updated time (spec section 4) without a reload.
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(
          companiesApi.util.updateQueryData('getCompany', id, (draft) => {
            draft.companyLogoUrl = data.companyLogoUrl;
            draft.updatedAt = data.updatedAt;
          }),
        );
      },
      invalidatesTags: [LIST],
    }),
    uploadCompanyDocument: build.mutation<DocumentInfo, { id: string; file: File }>({
      query: ({ id, file }) => ({
        url: `Companies/${encodeURIComponent(id)}/documents`,
        method: 'POST',
        body: upload(file),
      }),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(
          companiesApi.util.updateQueryData('getCompany', id, (draft) => {
            draft.documents.unshift(data);
          }),
        );
      },
    }),
    deleteCompanyDocument: build.mutation<null, { id: string; docId: string }>({
      query: ({ id, docId }) => ({
        url: `Companies/${encodeURIComponent(id)}/documents/${encodeURIComponent(docId)}`,
        method: 'DELETE',
      }),
      async onQueryStarted({ id, docId }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          companiesApi.util.updateQueryData('getCompany', id, (draft) => {
            draft.documents = draft.documents.filter((d) => d.documentId !== docId);
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
    }),
  }),
});

export const {
  useListCompaniesQuery,
  useGetCompanyQuery,
  useListCompanyUsersQuery,
  useCreateCompanyMutation,
  useUpdateCompanyMutation,
  useDeleteCompanyMutation,
  useApproveCompanyMutation,
  useSetCompanyStatusMutation,
  useUploadCompanyLogoMutation,
  useUploadCompanyDocumentMutation,
  useDeleteCompanyDocumentMutation,
} = companiesApi;
