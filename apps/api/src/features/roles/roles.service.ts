import {
  type CreateRoleBody,
  MESSAGES,
  type Paged,
  type PermissionItem,
  type Role,
  type RoleListQuery,
  type UpdateRoleBody,
  type UserRole,
} from '@taskhive/contract';
import { badRequest, conflict, notFound, uniqueViolation } from '../../lib/errors.ts';
import { toPaged } from '../../lib/list.ts';
import type { Scope } from '../../lib/scope.ts';
import { companyTarget } from '../company-modules/index.ts';
import { toPermission, permissionsReads } from '../permissions/index.ts';
import { grantsPolicy } from '../users/index.ts';
import { toRole } from './roles.mapper.ts';
import { rolesPolicy } from './roles.policy.ts';
import { rolesRepo } from './roles.repo.ts';
import { userTarget } from './user-target.ts';
import { auditChanges } from '../audit/index.ts';
import { audited } from '../../lib/live-events.ts';

const nameTaken = () => conflict(MESSAGES.roles.nameTaken, { name: [MESSAGES.roles.nameTaken] });

async function saving<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const c = uniqueViolation(err);
    if (c === 'roles_company_name_uq' || c === 'roles_platform_name_uq') throw nameTaken();
    throw err;
  }
}

async function load(scope: Scope, id: string) {
  return rolesPolicy.assertVisible(scope, await rolesRepo.byId(scope, id));
}

/**
 * The scope of the role's own company: writes on a role go through it (the request's scope in that
 * company, so what it changes joins the request's changes).
 */
const ownerOf = (scope: Scope, role: { companyId: string }) => scope.forCompany(role.companyId);

async function loadPermission(scope: Scope, id: string) {
  const p = await permissionsReads.byId(scope, id);
  if (!p) throw notFound('Permission');
  return p;
}

/**
 * /api/Roles: the Super Admin manages platform roles (and may look at any company's roles with
 * `companyId`); a Company Admin manages its own company's roles. A role's permissions are limited
 * to what its company's modules allow, and the grants policy (i8) applies to every change.
 */
export const rolesService = {
  async list(scope: Scope, q: RoleListQuery): Promise<Paged<Role>> {
    const owner = scope.actor.isSuperAdmin
      ? q.companyId
        ? rolesRepo.ofCompany(q.companyId)
        : rolesRepo.platform(scope)
      : rolesRepo.ofCompany(scope.companyId);
    return toPaged(q, await rolesRepo.list(scope, q, owner), toRole);
  },

  async create(scope: Scope, body: CreateRoleBody): Promise<Role> {
    // The role's company: the one named (the Super Admin's roles page creates in the company it
    // shows), else the actor's own. The Super Admin's own is the platform's: a platform role.
    const owner = body.companyId ? await companyTarget(scope, body.companyId) : scope;
    const platform = scope.actor.isSuperAdmin && owner.companyId === scope.companyId;
    const id = await saving(() =>
      owner.transaction(async (tx) => {
        const roleId = await rolesRepo.insert(tx, {
          name: body.name,
          description: body.description ?? null,
          isActive: body.isActive,
          roleType: platform ? 'platform' : 'company',
        });
        tx.emit({
          type: 'companyrole',
          action: 'created',
          id: roleId,
          ...audited({ kind: 'role.created', details: { roleId, role: body.name, isActive: body.isActive } }),
        });
        return roleId;
      }),
    );
    return toRole(await load(scope, id));
  },

  async update(scope: Scope, id: string, body: UpdateRoleBody): Promise<Role> {
    const role = await load(scope, id);
    rolesPolicy.assertNotProtected(role, body);
    await saving(() =>
      ownerOf(scope, role).transaction(async (tx) => {
        await rolesRepo.update(tx, id, body);
        const changes = auditChanges(role, body);
        tx.emit({
          type: 'companyrole',
          action: 'updated',
          id,
          ...(Object.keys(changes).length > 0
            ? audited({ kind: 'role.updated', details: { roleId: id, role: role.name, changes } })
            : {}),
        });
      }),
    );
    return toRole(await load(scope, id));
  },

  async remove(scope: Scope, id: string) {
    const role = await load(scope, id);
    rolesPolicy.assertNotProtected(role, 'delete');
    await ownerOf(scope, role).transaction(async (tx) => {
      if ((await rolesRepo.holders(tx, id)) > 0) throw conflict(MESSAGES.companyRoles.inUse);
      await rolesRepo.delete(tx, id);
      tx.emit({
        type: 'companyrole',
        action: 'deleted',
        id,
        ...audited({ kind: 'role.deleted', details: { roleId: id, role: role.name } }),
      });
    });
    return { roleId: id };
  },

  async permissions(scope: Scope, id: string): Promise<PermissionItem[]> {
    await load(scope, id);
    const ids = await rolesRepo.permissionIds(scope, id);
    const rows = await permissionsReads.byIds(scope, ids);
    return rows.map(toPermission);
  },

  async grantPermission(scope: Scope, id: string, permissionId: string) {
    const role = await load(scope, id);
    const permission = await loadPermission(scope, permissionId);
    if (role.roleType !== 'platform') {
      const roleScope = ownerOf(scope, role);
      if (!(await permissionsReads.allowedInScope(roleScope, permissionId)))
        throw badRequest(MESSAGES.permissionsAdmin.notInCompanyModules, {
          permissionId: [MESSAGES.permissionsAdmin.notInCompanyModules],
        });
    }
    await grantsPolicy.assertMayGrantPermissions(scope, {
      roleId: id,
      permissions: [permission.name],
    });
    await ownerOf(scope, role).transaction(async (tx) => {
      if (!(await rolesRepo.grant(tx, id, permissionId))) return;
      tx.emit({
        type: 'companyrole',
        action: 'updated',
        id,
        ...audited({
          kind: 'role.permissions_changed',
          details: { roleId: id, role: role.name, granted: permission.name },
        }),
      });
    });
    return toPermission(permission);
  },

  async revokePermission(scope: Scope, id: string, permissionId: string) {
    const role = await load(scope, id);
    const permission = await loadPermission(scope, permissionId);
    await grantsPolicy.assertMayGrantPermissions(scope, {
      roleId: id,
      permissions: [permission.name],
    });
    await ownerOf(scope, role).transaction(async (tx) => {
      if (!(await rolesRepo.revoke(tx, id, permissionId))) throw notFound('Role permission');
      tx.emit({
        type: 'companyrole',
        action: 'updated',
        id,
        ...audited({
          kind: 'role.permissions_changed',
          details: { roleId: id, role: role.name, revoked: permission.name },
        }),
      });
    });
    return { roleId: id, permissionId };
  },

  async ofUser(scope: Scope, userId: string): Promise<UserRole[]> {
    const { target, user } = await userTarget(scope, userId);
    const rows = await rolesRepo.ofUser(target, user.id, user.roleId);
    return rows.map((r) => ({ ...toRole(r), primary: r.id === user.roleId }));
  },

  /** An additional role for a user: one of the user's company's roles (a platform role for the platform's own users). */
  async addToUser(scope: Scope, userId: string, roleId: string): Promise<UserRole> {
    const { target, user } = await userTarget(scope, userId);
    const role = await load(scope, roleId);
    if (role.companyId !== target.companyId)
      throw badRequest(MESSAGES.roles.notForThisUser, { roleId: [MESSAGES.roles.notForThisUser] });
    await grantsPolicy.assertMayAssignRole(scope, {
      targetUserId: user.id,
      from: null,
      to: roleId,
    });
    await target.transaction(async (tx) => {
      if (!(await rolesRepo.addToUser(tx, user.id, roleId))) return;
      tx.emit({
        type: 'employee',
        action: 'updated',
        id: user.id,
        userIds: [user.id],
        ...audited({ kind: 'user.roles_changed', subjectUserId: user.id, details: { added: role.name } }),
      });
    });
    return { ...toRole(role), primary: role.id === user.roleId };
  },

  /** Removes an additional role (the primary role is changed on the employee's profile). */
  async removeFromUser(scope: Scope, userId: string, roleId: string) {
    const { target, user } = await userTarget(scope, userId);
    const role = await load(scope, roleId);
    await grantsPolicy.assertMayAssignRole(scope, {
      targetUserId: user.id,
      from: roleId,
      to: null,
    });
    await target.transaction(async (tx) => {
      if (!(await rolesRepo.removeFromUser(tx, user.id, roleId))) throw notFound('User role');
      tx.emit({
        type: 'employee',
        action: 'updated',
        id: user.id,
        userIds: [user.id],
        ...audited({ kind: 'user.roles_changed', subjectUserId: user.id, details: { removed: role.name } }),
      });
    });
    return { userId: user.id, roleId };
  },
};

export type RolesService = typeof rolesService;
