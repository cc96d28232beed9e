import type {
  AccessLevel,
  CompanyModule,
  CreatePackageBody,
  Module,
  Package,
  PackageListQuery,
  Paged,
  Purchase,
  UpdatePackageBody,
} from '@taskhive/contract';
import { IDEMPOTENCY_KEY_HEADER } from '@taskhive/contract';
import { baseApi } from '../../api/base-api';

export type PackageListArgs = Partial<Omit<PackageListQuery, 'pageSize' | 'page'>> & {
  page: number;
  pageSize: number;
};

const LIST = { type: 'Package', id: 'LIST' } as const;
/** Removals lower a count, never below 0 (spec section 4). */
const lower = (n: number) => Math.max(0, n - 1);

/**
 * Packages, their modules, purchases and a company's module grants. Deleting and purchasing
 * adjust the cached lists at once (undone on failure); every mutation has its own in-progress flag.
 */
export const packagesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listPackages: build.query<Paged<Package>, PackageListArgs>({
      query: (params) => ({ url: 'Package', params }),
      providesTags: (r) => [
        LIST,
        ...(r?.items ?? []).map((p) => ({ type: 'Package' as const, id: p.packageId })),
      ],
    }),
    packageModules: build.query<Module[], string>({
      query: (id) => `Package/${encodeURIComponent(id)}/modules`,
      providesTags: (_r, _e, id) => [{ type: 'Package', id: `${id}:modules` }],
    }),
    createPackage: build.mutation<Package, CreatePackageBody>({
      query: (body) => ({ url: 'Package', method: 'POST', body }),
      invalidatesTags: (r) => (r ? [LIST] : []),
    }),
    updatePackage: build.mutation<Package, { id: string; body: UpdatePackageBody }>({
      query: ({ id, body }) => ({ url: `Package/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: (r, _e, { id }) => (r ? [LIST, { type: 'Package', id }] : []),
    }),
    deletePackage: build.mutation<null, string>({
      query: (id) => ({ url: `Package/${encodeURIComponent(id)}`, method: 'DELETE' }),
      async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
        const patches = packagesApi.util.selectCachedArgsForQuery(getState(), 'listPackages').map((args) =>
          dispatch(
            packagesApi.util.updateQueryData('listPackages', args, (draft) => {
              const before = draft.items.length;
              draft.items = draft.items.filter((p) => p.packageId !== id);
              if (draft.items.length < before) draft.totalCount = lower(draft.totalCount);
            }),
          ),
        );
        try {
          await queryFulfilled;
        } catch {
          patches.forEach((p) => p.undo());
        }
      },
      invalidatesTags: (_r, e) => (e ? [] : [LIST]),
    }),
    addPackageModule: build.mutation<Module, { id: string; moduleId: string }>({
      query: ({ id, moduleId }) => ({
        url: `Package/${encodeURIComponent(id)}/modules/${encodeURIComponent(moduleId)}`,
        method: 'POST',
      }),
      // The companies holding the package are granted the module too (grants follow packages).
      invalidatesTags: (r, _e, { id }) =>
        r ? [{ type: 'Package', id: `${id}:modules` }, LIST, 'CompanyModule', 'Me'] : [],
    }),
    removePackageModule: build.mutation<unknown, { id: string; moduleId: string }>({
      query: ({ id, moduleId }) => ({
        url: `Package/${encodeURIComponent(id)}/modules/${encodeURIComponent(moduleId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_r, e, { id }) =>
        e ? [] : [{ type: 'Package', id: `${id}:modules` }, LIST, 'CompanyModule', 'Me'],
    }),
    /**
     * Buys a package: the cached purchaseCount rises at once (undone on failure). The caller's
     * `idempotencyKey` (one per intended purchase) makes a repeat of the same request answer the
     * first result instead of buying twice.
     */
    purchasePackage: build.mutation<
      Purchase,
      { companyId: string; packageId: string; idempotencyKey: string }
    >({
      query: ({ companyId, packageId, idempotencyKey }) => ({
        url: `Companies/${encodeURIComponent(companyId)}/packages/${encodeURIComponent(packageId)}/purchase`,
        method: 'POST',
        headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
        body: { billingCycle: 'monthly' },
      }),
      async onQueryStarted({ packageId }, { dispatch, getState, queryFulfilled }) {
        const patches = packagesApi.util.selectCachedArgsForQuery(getState(), 'listPackages').map((args) =>
          dispatch(
            packagesApi.util.updateQueryData('listPackages', args, (draft) => {
              const p = draft.items.find((x) => x.packageId === packageId);
              if (p) p.purchaseCount += 1;
            }),
          ),
        );
        try {
          await queryFulfilled;
        } catch {
          patches.forEach((p) => p.undo());
        }
      },
      invalidatesTags: (r, _e, { companyId }) =>
        r ? [{ type: 'Purchase', id: companyId }, { type: 'CompanyModule', id: companyId }, 'Me'] : [],
    }),
    companyPackages: build.query<Purchase[], string>({
      query: (companyId) => `Companies/${encodeURIComponent(companyId)}/packages`,
      providesTags: (_r, _e, companyId) => [{ type: 'Purchase', id: companyId }],
    }),
    companyModules: build.query<CompanyModule[], string>({
      query: (companyId) => `Companies/${encodeURIComponent(companyId)}/modules`,
      providesTags: (_r, _e, companyId) => [{ type: 'CompanyModule', id: companyId }],
    }),
    assignCompanyModule: build.mutation<
      CompanyModule,
      { companyId: string; moduleId: string; accessLevel: AccessLevel }
    >({
      query: ({ companyId, moduleId, accessLevel }) => ({
        url: `Companies/${encodeURIComponent(companyId)}/modules/${encodeURIComponent(moduleId)}`,
        method: 'POST',
        body: { accessLevel },
      }),
      invalidatesTags: (r, _e, { companyId }) => (r ? [{ type: 'CompanyModule', id: companyId }, 'Me'] : []),
    }),
    setCompanyModuleLevel: build.mutation<
      CompanyModule,
      { companyId: string; moduleId: string; accessLevel: AccessLevel }
    >({
      query: ({ companyId, moduleId, accessLevel }) => ({
        url: `Companies/${encodeURIComponent(companyId)}/modules/${encodeURIComponent(moduleId)}`,
        method: 'PUT',
        body: { accessLevel },
      }),
      invalidatesTags: (r, _e, { companyId }) => (r ? [{ type: 'CompanyModule', id: companyId }, 'Me'] : []),
    }),
    /** Revokes a module grant: it leaves the cached list at once (restored on failure). */
    revokeCompanyModule: build.mutation<unknown, { companyId: string; moduleId: string }>({
      query: ({ companyId, moduleId }) => ({
        url: `Companies/${encodeURIComponent(companyId)}/modules/${encodeURIComponent(moduleId)}`,
        method: 'DELETE',
      }),
      async onQueryStarted({ companyId, moduleId }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          packagesApi.util.updateQueryData('companyModules', companyId, (draft) =>
            draft.filter((m) => m.moduleId !== moduleId),
          ),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: (_r, e, { companyId }) => (e ? [] : [{ type: 'CompanyModule', id: companyId }, 'Me']),
    }),
  }),
});

export const {
  useListPackagesQuery,
  usePackageModulesQuery,
  useCreatePackageMutation,
  useUpdatePackageMutation,
  useDeletePackageMutation,
  useAddPackageModuleMutation,
  useRemovePackageModuleMutation,
  usePurchasePackageMutation,
  useCompanyPackagesQuery,
  useCompanyModulesQuery,
  useAssignCompanyModuleMutation,
  useSetCompanyModuleLevelMutation,
  useRevokeCompanyModuleMutation,
} = packagesApi;
