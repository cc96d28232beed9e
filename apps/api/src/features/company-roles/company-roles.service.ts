import {
  type CompanyRoleListQuery,
  type CreateCompanyRoleBody,
  MESSAGES,
  type Paged,
  type CompanyRole,
  PAGE_SIZE,
  permissionLabel,
  type UpdateCompanyRoleBody,
} from '@taskhive/contract';
import { badRequest, conflict, notFound, uniqueViolation } from '../../lib/errors.ts';
import { toPaged } from '../../lib/list.ts';
import { retryTransaction } from '../../lib/retry.ts';
import type { Scope } from '../../lib/scope.ts';
import { toCompanyRole } from './company-roles.mapper.ts';
import { companyRolesPolicy } from './company-roles.policy.ts';
import { companyRolesRepo } from './company-roles.repo.ts';
import { permissionsReads } from '../permissions/index.ts';
import { grantsPolicy, usersReads } from '../users/index.ts';
import { auditChanges } from '../audit/index.ts';
import { type AuditNotice, audited } from '../../lib/live-events.ts';

const nameTaken = () =>
  conflict(MESSAGES.companyRoles.nameTaken, { roleName: [MESSAGES.companyRoles.nameTaken] });

async function load(scope: Scope, id: string) {
  const row = await companyRolesRepo.byId(scope, id);
  if (!row) throw notFound('Role');
  return row;
}

/**
 * Makes the role's permissions `wanted` (when given), in the caller's transaction: every name must
 * be known and allowed by the company's modules (400, naming them), and the editor must hold each
 * permission given or taken away and not hold the role (403, the grants policy). Unchanged
 * permissions are not checked: a role may keep what its editor does not hold. Answers the audit
 * entry the role's change carries, if the permissions changed.
 */
async function setPermissions(
  tx: Scope,
  role: { id: string; name: string; permissions: readonly string[] },
  wanted: readonly string[] | undefined,
): Promise<AuditNotice | null> {
  if (wanted === undefined) return null;
  const add = wanted.filter((p) => !role.permissions.includes(p));
  const remove = role.permissions.filter((p) => !wanted.includes(p));
  if (add.length === 0 && remove.length === 0) return null;
  const rows = await permissionsReads.byNames(tx, [...add, ...remove]);
  const unknown = add.filter((p) => !rows.some((r) => r.name === p));
  if (unknown.length > 0)
    throw badRequest(MESSAGES.validationFailed, {
      permissions: unknown.map((p) => `No such permission: ${p}`),
    });
  const outside = add.filter((p) => !rows.some((r) => r.name === p && r.allowed));
  if (outside.length > 0)
    throw badRequest(MESSAGES.permissionsAdmin.notInCompanyModules, {
      permissions: outside.map(
        (p) => `${MESSAGES.permissionsAdmin.notInCompanyModules}: ${permissionLabel(p)}`,
      ),
    });
  await grantsPolicy.assertMayGrantPermissions(tx, { roleId: role.id, permissions: [...add, ...remove] });
  const idsOf = (names: string[]) => rows.filter((r) => names.includes(r.name)).map((r) => r.id);
  await companyRolesRepo.setPermissions(tx, role.id, idsOf(add), idsOf(remove));
  return {
    kind: 'role.permissions_changed',
    details: { roleId: role.id, role: role.name, granted: add, revoked: remove },
  };
}

/**
 * A company's roles. Rules: names are unique per company; exactly one role is the default (moving
 * the default is one transaction; it is never simply unset, deactivated or deleted); a role held
 * by anyone cannot be deleted; the seeded Company Admin role cannot be renamed, deactivated or deleted.
 */
export const companyRolesService = {
  /** Every role on one page, or the page asked for when page/pageNumber/pageSize is given. */
  async list(scope: Scope, q: CompanyRoleListQuery): Promise<Paged<CompanyRole>> {
    const paged = q.page !== undefined || q.pageNumber !== undefined || q.pageSize !== undefined;
    if (!paged) {
      const all = await companyRolesRepo.list(scope, { ...q, pageSize: undefined });
      return toPaged({ pageSize: Math.max(all.total, 1) }, all, toCompanyRole);
    }
    const page = { ...q, pageSize: q.pageSize ?? PAGE_SIZE.companyRolesFetch };
    return toPaged(page, await companyRolesRepo.list(scope, page), toCompanyRole);
  },

  get: async (scope: Scope, id: string) => toCompanyRole(await load(scope, id)),

  async create(scope: Scope, body: CreateCompanyRoleBody) {
    companyRolesPolicy.assertCanCreate(body);
    // A new role carries nothing yet, but making it the default is assigning it.
    if (body.defaultRole) await grantsPolicy.assertMayMakeDefault(scope, null);
    try {
      const id = await retryTransaction(() =>
        scope.transaction(async (tx) => {
          if (body.defaultRole) {
            await companyRolesRepo.lockAll(tx);
            await companyRolesRepo.clearDefault(tx);
          }
          const roleId = await companyRolesRepo.insert(tx, {
            name: body.roleName,
            description: body.description ?? null,
            isActive: body.isActive,
            isDefault: body.defaultRole,
          });
          const granted = await setPermissions(
            tx,
            { id: roleId, name: body.roleName, permissions: [] },
            body.permissions,
          );
          const created: AuditNotice = {
            kind: 'role.created',
            details: { roleId, role: body.roleName, isActive: body.isActive, isDefault: body.defaultRole },
          };
          tx.emit({
            type: 'companyrole',
            action: 'created',
            id: roleId,
            ...audited(...(granted ? [created, granted] : [created])),
          });
          return roleId;
        }),
      );
      return toCompanyRole(await load(scope, id));
    } catch (err) {
      const constraint = uniqueViolation(err);
      if (constraint === 'roles_company_name_uq') throw nameTaken();
      // Another request moved the default at the same moment: one wins, this one may retry.
      if (constraint === 'roles_one_default_uq') throw conflict();
      throw err;
    }
  },

  async update(scope: Scope, id: string, body: UpdateCompanyRoleBody) {
    const before = await load(scope, id);
    try {
      await retryTransaction(() =>
        scope.transaction(async (tx) => {
          // The rules are checked on the locked rows: a concurrent "deactivate" or "delete" has
          // either committed (and is seen here) or waits for this transaction.
          const role = (await companyRolesRepo.lockAll(tx)).find((r) => r.id === id);
          if (!role) throw notFound('Role');
          companyRolesPolicy.assertCanUpdate(role, body);
          if (body.defaultRole && !role.isDefault) {
            // The default is the role every invitation without one gets: only someone who may
            // assign it, holding all it carries (read on the locked role), makes it the default.
            await grantsPolicy.assertMayMakeDefault(tx, id);
            await companyRolesRepo.clearDefault(tx, id);
          }
          const patch = {
            name: body.roleName,
            description: body.description,
            isActive: body.isActive,
            isDefault: body.defaultRole,
          };
          if (Object.values(patch).some((v) => v !== undefined)) await companyRolesRepo.update(tx, id, patch);
          // The permissions as they are now, under the role's lock (not as loaded before it).
          const current = await companyRolesRepo.byId(tx, id);
          const permissionsChanged = await setPermissions(
            tx,
            { id, name: role.name, permissions: current?.permissions ?? [] },
            body.permissions,
          );
          const changes = auditChanges(
            {
              name: role.name,
              description: before.description,
              isActive: role.isActive,
              isDefault: role.isDefault,
            },
            patch,
          );
          const audit: AuditNotice[] = [];
          if (Object.keys(changes).length > 0)
            audit.push({ kind: 'role.updated', details: { roleId: id, role: role.name, changes } });
          if (permissionsChanged) audit.push(permissionsChanged);
          tx.emit({ type: 'companyrole', action: 'updated', id, ...audited(...audit) });
        }),
      );
    } catch (err) {
      const constraint = uniqueViolation(err);
      if (constraint === 'roles_company_name_uq') throw nameTaken();
      // Another request moved the default at the same moment: one wins, this one may retry.
      if (constraint === 'roles_one_default_uq') throw conflict();
      throw err;
    }
    return toCompanyRole(await load(scope, id));
  },

  async remove(scope: Scope, id: string) {
    await load(scope, id);
    await retryTransaction(() =>
      scope.transaction(async (tx) => {
        const role = (await companyRolesRepo.lockAll(tx)).find((r) => r.id === id);
        if (!role) throw notFound('Role');
        companyRolesPolicy.assertCanDelete(role);
        if ((await usersReads.countWithRole(tx, id)) > 0) throw conflict(MESSAGES.companyRoles.inUse);
        await companyRolesRepo.delete(tx, id);
        tx.emit({
          type: 'companyrole',
          action: 'deleted',
          id,
          ...audited({ kind: 'role.deleted', details: { roleId: id, role: role.name } }),
        });
      }),
    );
  },
};

export type CompanyRolesService = typeof companyRolesService;
