import type { CreateModuleBody, Module, ModuleListQuery, Paged, PermissionItem } from '@taskhive/contract';
import { baseApi, unwrapEnvelope } from '../../api/base-api';

export type ModuleListArgs = Partial<Omit<ModuleListQuery, 'pageSize' | 'page'>> & {
  page: number;
  pageSize: number;
};

const LIST = { type: 'Module', id: 'LIST' } as const;

/** The module catalogue (Super Admin). */
export const modulesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listModules: build.query<Paged<Module>, ModuleListArgs>({
      query: (params) => ({ url: 'Modules', params }),
      transformResponse: unwrapEnvelope<Paged<Module>>,
      providesTags: [LIST],
    }),
    modulePermissions: build.query<PermissionItem[], string>({
      query: (id) => `Modules/${encodeURIComponent(id)}/permissions`,
      transformResponse: unwrapEnvelope<PermissionItem[]>,
      providesTags: (_r, _e, id) => [{ type: 'Module', id }],
    }),
    createModule: build.mutation<Module, CreateModuleBody>({
      query: (body) => ({ url: 'Modules', method: 'POST', body }),
      transformResponse: unwrapEnvelope<Module>,
      invalidatesTags: (r) => (r ? [LIST] : []),
    }),
  }),
});

export const { useListModulesQuery, useModulePermissionsQuery, useCreateModuleMutation } = modulesApi;
