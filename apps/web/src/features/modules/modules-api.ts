import type { CreateModuleBody, Module, ModuleListQuery, Paged, PermissionItem } from '@taskhive/contract';
import { baseApi } from '../../api/base-api';

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
      providesTags: [LIST],
    }),
    modulePermissions: build.query<PermissionItem[], string>({
      query: (id) => `Modules/${encodeURIComponent(id)}/permissions`,
      providesTags: (_r, _e, id) => [{ type: 'Module', id }],
    }),
    createModule: build.mutation<Module, CreateModuleBody>({
      query: (body) => ({ url: 'Modules', method: 'POST', body }),
      invalidatesTags: (r) => (r ? [LIST] : []),
    }),
  }),
});

export const { useListModulesQuery, useModulePermissionsQuery, useCreateModuleMutation } = modulesApi;
