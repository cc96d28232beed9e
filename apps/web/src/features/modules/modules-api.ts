import type {
  CreateModuleBody,
  Module,
  ModuleListQuery,
  Paged,
  PermissionItem,
  UpdateModuleBody,
} from '@taskhive/contract';
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
    updateModule: build.mutation<Module, { id: string; body: UpdateModuleBody }>({
      query: ({ id, body }) => ({ url: `Modules/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: (r) => (r ? [LIST, 'CompanyModule'] : []),
    }),
    /** Removes the row at once from every loaded page (count never below 0); puts it back on failure. */
    deleteModule: build.mutation<unknown, string>({
      query: (id) => ({ url: `Modules/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, e) => (e ? [] : [LIST, 'CompanyModule']),
      async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
        const patches = modulesApi.util
          .selectInvalidatedBy(getState(), [LIST])
          .filter((q) => q.endpointName === 'listModules')
          .map((q) =>
            dispatch(
              modulesApi.util.updateQueryData('listModules', q.originalArgs as ModuleListArgs, (d) => {
                const before = d.items.length;
                d.items = d.items.filter((m) => m.moduleId !== id);
                if (d.items.length < before) d.totalCount = Math.max(0, d.totalCount - 1);
              }),
            ),
          );
        try {
          await queryFulfilled;
        } catch {
          for (const p of patches) p.undo();
        }
      },
    }),
  }),
});

export const {
  useListModulesQuery,
  useModulePermissionsQuery,
  useCreateModuleMutation,
  useUpdateModuleMutation,
  useDeleteModuleMutation,
} = modulesApi;
