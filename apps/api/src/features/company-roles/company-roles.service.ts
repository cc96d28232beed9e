import {
  type CompanyRoleListQuery,
  type CreateCompanyRoleBody,
  MESSAGES,
  type Paged,
  type CompanyRole,
  PAGE_SIZE,
  ROLES,
  type UpdateCompanyRoleBody,
} from '@taskhive/contract';
import type { Db } from '../../db/client.ts';
import { conflict, notFound, uniqueViolation } from '../../lib/errors.ts';
import { retryTransaction } from '../../lib/retry.ts';
import type { Actor } from '../../plugins/auth.ts';
import { toCompanyRole } from './company-roles.mapper.ts';
import { companyRolesRepo } from './company-roles.repo.ts';
import { usersRepo } from '../users/users.repo.ts';

const nameTaken = () =>
  conflict(MESSAGES.companyRoles.nameTaken, { roleName: [MESSAGES.companyRoles.nameTaken] });

/**
 * A company's roles. Rules: names are unique per company; exactly one role is the default (moving
 * the default is one transaction; it is never simply unset, deactivated or deleted); a role held
 * by anyone cannot be deleted; the seeded Company Admin role cannot be renamed, deactivated or deleted.
 */
export function companyRolesService(db: Db) {
  async function load(companyId: string, id: string) {
    const row = await companyRolesRepo(db, companyId).byId(id);
    if (!row) throw notFound('Role');
    return row;
  }

  return {
    async list(actor: Actor, q: CompanyRoleListQuery): Promise<Paged<CompanyRole>> {
      const paged = q.page !== undefined || q.pageNumber !== undefined || q.pageSize !== undefined;
      const number = q.page ?? q.pageNumber ?? 1;
      const size = q.pageSize ?? PAGE_SIZE.companyRolesFetch;
      const { rows, total } = await companyRolesRepo(db, actor.companyId).list(
        q,
        paged ? { number, size } : undefined,
      );
      const pageSize = paged ? size : Math.max(total, 1);
      return {
        items: rows.map(toCompanyRole),
        totalCount: total,
        pageNumber: paged ? number : 1,
        pageSize,
        totalPages: Math.ceil(total / pageSize),
      };
    },

    get: async (actor: Actor, id: string) => toCompanyRole(await load(actor.companyId, id)),

    async create(actor: Actor, body: CreateCompanyRoleBody) {
      if (body.defaultRole && !body.isActive) throw conflict(MESSAGES.companyRoles.defaultMustBeActive);
      try {
        const id = await retryTransaction(() =>
          db.transaction(async (tx) => {
            const roles = companyRolesRepo(tx, actor.companyId);
            if (body.defaultRole) {
              await roles.lockAll();
              await roles.clearDefault();
            }
            return roles.insert({
              name: body.roleName,
              description: body.description ?? null,
              isActive: body.isActive,
              isDefault: body.defaultRole,
            });
          }),
        );
        return toCompanyRole(await load(actor.companyId, id));
      } catch (err) {
        const constraint = uniqueViolation(err);
        if (constraint === 'roles_company_name_uq') throw nameTaken();
        // Another request moved the default at the same moment: one wins, this one may retry.
        if (constraint === 'roles_one_default_uq') throw conflict();
        throw err;
      }
    },

    async update(actor: Actor, id: string, body: UpdateCompanyRoleBody) {
      await load(actor.companyId, id);
      try {
        await retryTransaction(() =>
          db.transaction(async (tx) => {
            const roles = companyRolesRepo(tx, actor.companyId);
            // The rules are checked on the locked rows: a concurrent "deactivate" or "delete"
            // has either committed (and is seen here) or waits for this transaction.
            const role = (await roles.lockAll()).find((r) => r.id === id);
            if (!role) throw notFound('Role');
            const renamed = body.roleName !== undefined && body.roleName !== role.name;
            if (role.name === ROLES.companyAdmin && (renamed || body.isActive === false))
              throw conflict(MESSAGES.companyRoles.protectedRole);
            if (role.isDefault && body.defaultRole === false)
              throw conflict(MESSAGES.companyRoles.defaultRequired);
            const willBeDefault = body.defaultRole ?? role.isDefault;
            const willBeActive = body.isActive ?? role.isActive;
            if (willBeDefault && !willBeActive) throw conflict(MESSAGES.companyRoles.defaultMustBeActive);
            if (body.defaultRole && !role.isDefault) await roles.clearDefault(id);
            await roles.update(id, {
              name: body.roleName,
              description: body.description,
              isActive: body.isActive,
              isDefault: body.defaultRole,
            });
          }),
        );
      } catch (err) {
        const constraint = uniqueViolation(err);
        if (constraint === 'roles_company_name_uq') throw nameTaken();
        // Another request moved the default at the same moment: one wins, this one may retry.
        if (constraint === 'roles_one_default_uq') throw conflict();
        throw err;
      }
      return toCompanyRole(await load(actor.companyId, id));
    },

    async remove(actor: Actor, id: string) {
      await load(actor.companyId, id);
      await retryTransaction(() =>
        db.transaction(async (tx) => {
          const role = (await companyRolesRepo(tx, actor.companyId).lockAll()).find((r) => r.id === id);
          if (!role) throw notFound('Role');
          if (role.name === ROLES.companyAdmin) throw conflict(MESSAGES.companyRoles.protectedRole);
          if (role.isDefault) throw conflict(MESSAGES.companyRoles.defaultCannotBeDeleted);
          if ((await usersRepo(tx, actor.companyId).countWithRole(id)) > 0)
            throw conflict(MESSAGES.companyRoles.inUse);
          await companyRolesRepo(tx, actor.companyId).delete(id);
        }),
      );
    },
  };
}

export type CompanyRolesService = ReturnType<typeof companyRolesService>;
