import type {
  Paged,
  PermissionItem,
  PermissionListQuery,
  Role,
  RoleListQuery,
  UserPermissions,
  UserRole,
  createPermissionBodySchema,
  createRoleBodySchema,
  updatePermissionBodySchema,
  UpdateRoleBody,
} from '@taskhive/contract';
import type { z } from 'zod';
import { baseApi } from '../../api/base-api';

export type RoleListArgs = Partial<Omit<RoleListQuery, 'pageSize' | 'page'>> & {
  page: number;
  pageSize: number;
};

export type PermissionListArgs = Partial<Omit<PermissionListQuery, 'pageSize' | 'page'>> & {
  page: number;
  pageSize: number;
};

const PERMS = { type: 'Permission', id: 'LIST' } as const;
const ROLES = { type: 'Role', id: 'LIST' } as const;

/** The permission catalogue, roles with their permissions, and a user's roles and direct permissions. */
export const permissionsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listPermissions: build.query<Paged<PermissionItem>, PermissionListArgs>({
      query: (params) => ({ url: 'Permissions', params }),
      providesTags: [PERMS],
    }),
    createPermission: build.mutation<PermissionItem, z.input<typeof createPermissionBodySchema>>({
      query: (body) => ({ url: 'Permissions', method: 'POST', body }),
      invalidatesTags: (r) => (r ? [PERMS] : []),
    }),
    updatePermission: build.mutation<
      PermissionItem,
      { id: string; body: z.input<typeof updatePermissionBodySchema> }
    >({
      query: ({ id, body }) => ({ url: `Permissions/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: (r) => (r ? [PERMS, 'Role', 'UserAccess'] : []),
    }),
    /** Removes the row at once from every loaded page (count never below 0); puts it back on failure. */
    deletePermission: build.mutation<unknown, string>({
      query: (id) => ({ url: `Permissions/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, e) => (e ? [] : [PERMS, 'Role', 'UserAccess']),
      async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
        const patches = permissionsApi.util
          .selectInvalidatedBy(getState(), [PERMS])
          .filter((q) => q.endpointName === 'listPermissions')
          .map((q) =>
            dispatch(
              permissionsApi.util.updateQueryData(
                'listPermissions',
                q.originalArgs as PermissionListArgs,
                (d) => {
                  const before = d.items.length;
                  d.items = d.items.filter((p) => p.permissionId !== id);
                  if (d.items.length < before) d.totalCount = Math.max(0, d.totalCount - 1);
                },
              ),
            ),
          );
        try {
          await queryFulfilled;
        } catch {
          for (const p of patches) p.undo();
        }
      },
    }),
    listRoles: build.query<Paged<Role>, RoleListArgs>({
      query: (params) => ({ url: 'Roles', params }),
      providesTags: [ROLES],
    }),
    createRole: build.mutation<Role, z.input<typeof createRoleBodySchema>>({
      query: (body) => ({ url: 'Roles', method: 'POST', body }),
      invalidatesTags: (r) => (r ? [ROLES] : []),
    }),
    updateRole: build.mutation<Role, { id: string; body: UpdateRoleBody }>({
      query: ({ id, body }) => ({ url: `Roles/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: (r) => (r ? [ROLES, 'Me', 'UserAccess'] : []),
    }),
    /** Removes the row at once from every loaded page (count never below 0); puts it back on failure. */
    deleteRole: build.mutation<unknown, string>({
      query: (id) => ({ url: `Roles/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, e) => (e ? [] : [ROLES]),
      async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
        const patches = permissionsApi.util
          .selectInvalidatedBy(getState(), [ROLES])
          .filter((q) => q.endpointName === 'listRoles')
          .map((q) =>
            dispatch(
              permissionsApi.util.updateQueryData('listRoles', q.originalArgs as RoleListArgs, (d) => {
                const before = d.items.length;
                d.items = d.items.filter((r) => r.roleId !== id);
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
    rolePermissions: build.query<PermissionItem[], string>({
      query: (id) => `Roles/${encodeURIComponent(id)}/permissions`,
      providesTags: (_r, _e, id) => [{ type: 'Role', id }],
    }),
    setRolePermission: build.mutation<unknown, { roleId: string; permissionId: string; granted: boolean }>({
      query: ({ roleId, permissionId, granted }) => ({
        url: `Roles/${encodeURIComponent(roleId)}/permissions/${encodeURIComponent(permissionId)}`,
        method: granted ? 'POST' : 'DELETE',
      }),
      invalidatesTags: (_r, e, { roleId }) =>
        e ? [] : [{ type: 'Role', id: roleId }, ROLES, 'Me', 'UserAccess'],
    }),
    userRoles: build.query<UserRole[], string>({
      query: (userId) => `Users/${encodeURIComponent(userId)}/roles`,
      providesTags: (_r, _e, userId) => [{ type: 'UserAccess', id: userId }],
    }),
    userPermissions: build.query<UserPermissions, string>({
      query: (userId) => `Users/${encodeURIComponent(userId)}/permissions`,
      providesTags: (_r, _e, userId) => [{ type: 'UserAccess', id: userId }],
    }),
    setUserRole: build.mutation<unknown, { userId: string; roleId: string; granted: boolean }>({
      query: ({ userId, roleId, granted }) => ({
        url: `Users/${encodeURIComponent(userId)}/roles/${encodeURIComponent(roleId)}`,
        method: granted ? 'POST' : 'DELETE',
      }),
      invalidatesTags: (_r, e, { userId }) => (e ? [] : [{ type: 'UserAccess', id: userId }]),
    }),
    setUserPermission: build.mutation<unknown, { userId: string; permissionId: string; granted: boolean }>({
      query: ({ userId, permissionId, granted }) => ({
        url: `Users/${encodeURIComponent(userId)}/permissions/${encodeURIComponent(permissionId)}`,
        method: granted ? 'POST' : 'DELETE',
      }),
      invalidatesTags: (_r, e, { userId }) => (e ? [] : [{ type: 'UserAccess', id: userId }]),
    }),
  }),
});

export const {
  useListPermissionsQuery,
  useCreatePermissionMutation,
  useUpdatePermissionMutation,
  useDeletePermissionMutation,
  useListRolesQuery,
  useCreateRoleMutation,
  useUpdateRoleMutation,
  useDeleteRoleMutation,
  useRolePermissionsQuery,
  useSetRolePermissionMutation,
  useUserRolesQuery,
  useUserPermissionsQuery,
  useSetUserRoleMutation,
  useSetUserPermissionMutation,
} = permissionsApi;
