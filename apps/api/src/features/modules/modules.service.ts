import {
  type CreateModuleBody,
  MESSAGES,
  type Module,
  type ModuleListQuery,
  type Paged,
  type UpdateModuleBody,
} from '@taskhive/contract';
import { conflict, notFound, uniqueViolation } from '../../lib/errors.ts';
import { toPaged } from '../../lib/list.ts';
import type { Scope } from '../../lib/scope.ts';
import { companyGrants } from '../company-modules/index.ts';
import { toPermission, permissionsReads } from '../permissions/index.ts';
import { toModule } from './modules.mapper.ts';
import { modulesRepo } from './modules.repo.ts';

const nameTaken = () => conflict(MESSAGES.modules.nameTaken, { name: [MESSAGES.modules.nameTaken] });

async function saving<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const c = uniqueViolation(err);
    if (c === 'modules_name_uq' || c === 'modules_key_uq') throw nameTaken();
    throw err;
  }
}

async function load(scope: Scope, id: string) {
  const row = await modulesRepo.byId(scope, id);
  if (!row) throw notFound('Module');
  return row;
}

const keyOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50) || 'module';

/** The module catalogue of the subscription model; only the Super Admin reaches these routes. */
export const modulesService = {
  async list(scope: Scope, q: ModuleListQuery): Promise<Paged<Module>> {
    return toPaged(q, await modulesRepo.list(scope, q), toModule);
  },

  async get(scope: Scope, id: string) {
    return toModule(await load(scope, id));
  },

  async permissions(scope: Scope, id: string) {
    await load(scope, id);
    return (await permissionsReads.ofModule(scope, id)).map(toPermission);
  },

  async create(scope: Scope, body: CreateModuleBody) {
    const id = await saving(() =>
      modulesRepo.insert(scope, {
        key: body.key ?? keyOf(body.name),
        name: body.name,
        description: body.description ?? null,
        moduleType: body.moduleType,
        category: body.category,
        status: body.status,
      }),
    );
    return toModule(await load(scope, id));
  },

  async update(scope: Scope, id: string, body: UpdateModuleBody) {
    await load(scope, id);
    await saving(() => modulesRepo.update(scope, id, body));
    return toModule(await load(scope, id));
  },

  /** Refused while permissions belong to the module; its company grants and package links go with it. */
  async remove(scope: Scope, id: string) {
    const row = await load(scope, id);
    if (row.permissionCount > 0) throw conflict(MESSAGES.modules.inUse);
    await scope.transaction(async (tx) => {
      await companyGrants.revokeEverywhere(tx, id);
      await modulesRepo.delete(tx, id);
    });
    return { moduleId: id };
  },
};

export type ModulesService = typeof modulesService;
