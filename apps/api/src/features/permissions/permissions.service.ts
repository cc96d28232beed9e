import {
  type CreatePermissionBody,
  MESSAGES,
  type Paged,
  type PermissionItem,
  type PermissionListQuery,
  type UpdatePermissionBody,
  type UserPermissionListQuery,
  type UserPermissions,
} from '@taskhive/contract';
import { accessRepo } from '../../lib/access.ts';
import { badRequest, conflict, notFound, uniqueViolation } from '../../lib/errors.ts';
import { toPaged } from '../../lib/list.ts';
import type { Scope } from '../../lib/scope.ts';
import { modulesReads } from '../modules/index.ts';
import { userTarget } from '../roles/index.ts';
import { grantsPolicy } from '../users/index.ts';
import { toPermission } from './permissions.mapper.ts';
import { permissionsRepo } from './permissions.repo.ts';

const nameTaken = () =>
  conflict(MESSAGES.permissionsAdmin.nameTaken, { name: [MESSAGES.permissionsAdmin.nameTaken] });

async function saving<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (uniqueViolation(err) === 'permissions_name_uq') throw nameTaken();
    throw err;
  }
}

/** What the actor may see of the catalogue: all of it (Super Admin) or what its company's modules allow. */
const within = (scope: Scope) =>
  scope.actor.isSuperAdmin ? undefined : permissionsRepo.allowedForCompany(scope.companyId);

async function load(scope: Scope, id: string) {
  const row = await permissionsRepo.byId(scope, id);
  if (!row) throw notFound('Permission');
  if (!scope.actor.isSuperAdmin && !(await permissionsRepo.allowedInScope(scope, id)))
    throw notFound('Permission');
  return row;
}

async function assertModule(scope: Scope, moduleId: string | undefined) {
  if (moduleId && !(await modulesReads.byId(scope, moduleId)))
    throw badRequest(MESSAGES.validationFailed, { moduleId: ['No such module'] });
}

/** The permission catalogue (Super Admin writes it) and users' direct permissions. */
export const permissionsService = {
  async list(scope: Scope, q: PermissionListQuery): Promise<Paged<PermissionItem>> {
    return toPaged(q, await permissionsRepo.list(scope, q, within(scope)), toPermission);
  },

  async get(scope: Scope, id: string) {
    return toPermission(await load(scope, id));
  },

  async create(scope: Scope, body: CreatePermissionBody) {
    await assertModule(scope, body.moduleId);
    const id = await saving(() =>
      permissionsRepo.insert(scope, { ...body, description: body.description ?? null }),
    );
    return toPermission(await load(scope, id));
  },

  async update(scope: Scope, id: string, body: UpdatePermissionBody) {
    await load(scope, id);
    await assertModule(scope, body.moduleId);
    await saving(() => permissionsRepo.update(scope, id, body));
    return toPermission(await load(scope, id));
  },

  /** Role and user grants of the permission go with it (cascade). */
  async remove(scope: Scope, id: string) {
    await load(scope, id);
    await permissionsRepo.delete(scope, id);
    return { permissionId: id };
  },

  async ofUser(scope: Scope, userId: string, q: UserPermissionListQuery): Promise<UserPermissions> {
    const { target, user } = await userTarget(scope, userId);
    const [direct, effective] = await Promise.all([
      permissionsRepo.ofUser(target, user.id, q),
      accessRepo(scope.db).effectivePermissions(user.id, target.companyId, user.isSuperAdmin),
    ]);
    return { ...toPaged(q, direct, toPermission), effective };
  },

  async grantToUser(scope: Scope, userId: string, permissionId: string) {
    const { target, user } = await userTarget(scope, userId);
    const permission = await permissionsRepo.byId(scope, permissionId);
    if (!permission) throw notFound('Permission');
    if (!(await permissionsRepo.allowedInScope(target, permissionId)))
      throw badRequest(MESSAGES.permissionsAdmin.notInCompanyModules, {
        permissionId: [MESSAGES.permissionsAdmin.notInCompanyModules],
      });
    await grantsPolicy.assertMayGrantPermissions(scope, {
      targetUserId: user.id,
      permissions: [permission.name],
    });
    await target.transaction(async (tx) => {
      if (!(await permissionsRepo.grantToUser(tx, user.id, permissionId))) return;
      tx.emit({
        type: 'employee',
        action: 'updated',
        id: user.id,
        userIds: [user.id],
        notice: {
          audit: [
            {
              kind: 'user.permissions_changed',
              subjectUserId: user.id,
              details: { granted: permission.name },
            },
          ],
        },
      });
    });
    return toPermission(permission);
  },

  async revokeFromUser(scope: Scope, userId: string, permissionId: string) {
    const { target, user } = await userTarget(scope, userId);
    const permission = await permissionsRepo.byId(scope, permissionId);
    if (!permission) throw notFound('Permission');
    await grantsPolicy.assertMayGrantPermissions(scope, {
      targetUserId: user.id,
      permissions: [permission.name],
    });
    await target.transaction(async (tx) => {
      if (!(await permissionsRepo.revokeFromUser(tx, user.id, permissionId)))
        throw notFound('User permission');
      tx.emit({
        type: 'employee',
        action: 'updated',
        id: user.id,
        userIds: [user.id],
        notice: {
          audit: [
            {
              kind: 'user.permissions_changed',
              subjectUserId: user.id,
              details: { revoked: permission.name },
            },
          ],
        },
      });
    });
    return { userId: user.id, permissionId };
  },
};

export type PermissionsService = typeof permissionsService;
