import {
  type AccessLevel,
  type CompanyModule,
  type CompanyModuleListQuery,
  MESSAGES,
} from '@taskhive/contract';
import { conflict, notFound } from '../../lib/errors.ts';
import type { Scope } from '../../lib/scope.ts';
import { modulesReads } from '../modules/index.ts';
import { type CompanyModuleRow, companyGrants } from './company-modules.repo.ts';
import { companyTarget } from './company-target.ts';
import { audited } from '../../lib/live-events.ts';

export function toCompanyModule(row: CompanyModuleRow): CompanyModule {
  return {
    companyId: row.companyId,
    moduleId: row.moduleId,
    key: row.key,
    name: row.name,
    category: row.category,
    status: row.status as CompanyModule['status'],
    accessLevel: row.accessLevel as AccessLevel,
    assignedAt: row.assignedAt.toISOString(),
  };
}

async function loaded(scope: Scope, moduleId: string) {
  const row = await companyGrants.one(scope, moduleId);
  if (!row) throw notFound('Company module');
  return toCompanyModule(row);
}

/** A company's module grants: read by its own people, assigned, changed and revoked by the Super Admin. */
export const companyModulesService = {
  async list(scope: Scope, companyId: string, q: CompanyModuleListQuery) {
    const target = await companyTarget(scope, companyId);
    return (await companyGrants.list(target, q)).map(toCompanyModule);
  },

  async assign(scope: Scope, companyId: string, moduleId: string, level: AccessLevel) {
    const target = await companyTarget(scope, companyId);
    const mod = await modulesReads.byId(scope, moduleId);
    if (!mod) throw notFound('Module');
    await target.transaction(async (tx) => {
      if (!(await companyGrants.assign(tx, moduleId, level))) throw conflict(MESSAGES.conflict);
      tx.emit({
        type: 'subscription',
        action: 'created',
        id: moduleId,
        ...audited({ kind: 'module.granted', details: { moduleId, module: mod.name, accessLevel: level } }),
      });
    });
    return loaded(target, moduleId);
  },

  async setLevel(scope: Scope, companyId: string, moduleId: string, level: AccessLevel) {
    const target = await companyTarget(scope, companyId);
    await target.transaction(async (tx) => {
      const before = await companyGrants.one(tx, moduleId);
      if (!before || !(await companyGrants.setLevel(tx, moduleId, level))) throw notFound('Company module');
      tx.emit({
        type: 'subscription',
        action: 'updated',
        id: moduleId,
        ...(before.accessLevel !== level
          ? audited({
              kind: 'module.changed',
              details: { moduleId, module: before.name, from: before.accessLevel, to: level },
            })
          : {}),
      });
    });
    return loaded(target, moduleId);
  },

  async revoke(scope: Scope, companyId: string, moduleId: string) {
    const target = await companyTarget(scope, companyId);
    await target.transaction(async (tx) => {
      const before = await companyGrants.one(tx, moduleId);
      if (!before || !(await companyGrants.revoke(tx, moduleId))) throw notFound('Company module');
      tx.emit({
        type: 'subscription',
        action: 'deleted',
        id: moduleId,
        ...audited({
          kind: 'module.revoked',
          details: { moduleId, module: before.name, accessLevel: before.accessLevel },
        }),
      });
    });
    return { companyId, moduleId };
  },
};

export type CompanyModulesService = typeof companyModulesService;
