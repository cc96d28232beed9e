import { createHash } from 'node:crypto';
import {
  ACCESS_MESSAGES,
  type CreatePackageBody,
  PLATFORM_MODULE_KEY,
  MESSAGES,
  type Package,
  type PackageListQuery,
  type Paged,
  type Purchase,
  type PurchaseBody,
  type PurchaseListQuery,
  purchaseSchema,
  type UpdatePackageBody,
} from '@taskhive/contract';
import { badRequest, conflict, HttpError, notFound, uniqueViolation } from '../../lib/errors.ts';
import { toPaged } from '../../lib/list.ts';
import type { Scope } from '../../lib/scope.ts';
import { companyGrants, companyTarget } from '../company-modules/index.ts';
import { type AuditNotice, audited } from '../../lib/live-events.ts';
import { toModule, modulesReads } from '../modules/index.ts';
import { idempotencyRepo } from './idempotency.repo.ts';
import { toPackage, toPurchase } from './packages.mapper.ts';
import { packagesRepo } from './packages.repo.ts';

const nameTaken = () => conflict(MESSAGES.packages.nameTaken, { name: [MESSAGES.packages.nameTaken] });

async function saving<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (uniqueViolation(err) === 'packages_name_uq') throw nameTaken();
    throw err;
  }
}

async function load(scope: Scope, id: string) {
  const row = await packagesRepo.byId(scope, id);
  // A company sees the active packages only (what it can buy).
  if (!row || (!scope.actor.isSuperAdmin && row.status !== 'active')) throw notFound('Package');
  return row;
}

/** Platform Administration is the platform's own module: never part of a company package (400, naming it). */
const platformRefused = (field: string) =>
  badRequest(ACCESS_MESSAGES.platformModuleInPackage, { [field]: [ACCESS_MESSAGES.platformModuleInPackage] });

async function assertModules(scope: Scope, ids: readonly string[]) {
  for (const id of ids) {
    const mod = await modulesReads.byId(scope, id);
    if (!mod) throw badRequest(MESSAGES.validationFailed, { moduleIds: [`No such module: ${id}`] });
    if (mod.key === PLATFORM_MODULE_KEY) throw platformRefused('moduleIds');
  }
}

/**
 * The company's (the scope's) package grants made what its packages include, in the caller's
 * transaction; a company holding no package keeps what it has. Answers what changed.
 */
export async function followPackages(tx: Scope) {
  const held = await packagesRepo.heldModuleIds(tx);
  if (held === null) return { granted: [], revoked: [] };
  return companyGrants.followPackages(tx, held);
}

/**
 * A package's modules changed: every company holding it gets its grants made what its packages
 * include now, each in its own scope, with an audit entry per module granted or revoked.
 */
async function packageChanged(tx: Scope, packageId: string, packageName: string) {
  for (const companyId of await packagesRepo.holders(tx, packageId)) {
    const company = tx.forCompany(companyId);
    const { granted, revoked } = await followPackages(company);
    const audit: AuditNotice[] = [];
    for (const [kind, ids] of [
      ['module.granted', granted],
      ['module.revoked', revoked],
    ] as const)
      for (const moduleId of ids)
        audit.push({
          kind,
          details: {
            moduleId,
            module: (await modulesReads.byId(company, moduleId))?.name ?? moduleId,
            package: packageName,
          },
        });
    if (audit.length > 0)
      company.emit({ type: 'subscription', action: 'updated', id: packageId, ...audited(...audit) });
  }
}

const money = (n: number) => n.toFixed(2);

/** What a purchase request asks, as its Idempotency-Key remembers it (the company is the key's). */
const requestHash = (packageId: string, body: PurchaseBody) =>
  createHash('sha256')
    .update(JSON.stringify(['purchase', packageId, body.billingCycle]))
    .digest('hex');

/** The purchase itself, in the caller's transaction (see packagesService.purchase). */
async function buy(tx: Scope, packageId: string, body: PurchaseBody): Promise<Purchase> {
  await packagesRepo.lockForPurchase(tx, packageId);
  const pkg = await packagesRepo.byId(tx, packageId);
  if (!pkg) throw notFound('Package');
  if (pkg.status !== 'active') throw conflict(MESSAGES.packages.inactive);
  if (await packagesRepo.heldUntil(tx, packageId)) throw conflict(MESSAGES.packages.alreadyActive);
  const amount = body.billingCycle === 'yearly' ? pkg.yearlyPrice : pkg.price;
  const id = await packagesRepo.recordPurchase(tx, packageId, amount, body.billingCycle);
  const moduleIds = await packagesRepo.moduleIds(tx, packageId);
  await companyGrants.grantFull(tx, moduleIds);
  // Grants follow the packages held: what no package held includes goes (a first package
  // replaces the all-modules start), the Super Admin's own grants stay.
  const { revoked } = await followPackages(tx);
  tx.emit({
    type: 'subscription',
    action: 'created',
    id,
    ...audited({
      kind: 'package.purchased',
      details: {
        purchaseId: id,
        packageId,
        package: pkg.name,
        billingCycle: body.billingCycle,
        amount,
        modulesGrantedFull: moduleIds.length,
        modulesRevoked: revoked.length,
      },
    }),
  });
  const row = await packagesRepo.purchaseById(tx, id);
  if (!row) throw new Error('purchase vanished');
  return toPurchase(row);
}

/**
 * Packages (Super Admin writes them, companies read the active ones) and purchases. No payment
 * provider: a purchase is recorded as paid at the package's price for the chosen cycle.
 */
export const packagesService = {
  async list(scope: Scope, q: PackageListQuery): Promise<Paged<Package>> {
    return toPaged(q, await packagesRepo.list(scope, q, !scope.actor.isSuperAdmin), toPackage);
  },

  async get(scope: Scope, id: string) {
    return toPackage(await load(scope, id));
  },

  async create(scope: Scope, body: CreatePackageBody) {
    const moduleIds = [...new Set(body.moduleIds ?? [])];
    await assertModules(scope, moduleIds);
    const id = await saving(() =>
      scope.transaction(async (tx) => {
        const created = await packagesRepo.insert(tx, {
          name: body.name,
          description: body.description ?? null,
          price: money(body.monthlyPrice),
          yearlyPrice: money(body.yearlyPrice),
          trialDays: body.trialDays,
          packageType: body.packageType,
          status: body.status,
        });
        await packagesRepo.addModules(tx, created, moduleIds);
        return created;
      }),
    );
    return toPackage(await load(scope, id));
  },

  async update(scope: Scope, id: string, body: UpdatePackageBody) {
    await load(scope, id);
    const { monthlyPrice, yearlyPrice, ...rest } = body;
    await saving(() =>
      packagesRepo.update(scope, id, {
        ...rest,
        ...(monthlyPrice !== undefined ? { price: money(monthlyPrice) } : {}),
        ...(yearlyPrice !== undefined ? { yearlyPrice: money(yearlyPrice) } : {}),
      }),
    );
    return toPackage(await load(scope, id));
  },

  /** A package that was purchased is kept as inactive (its purchases name it); others are erased. */
  async remove(scope: Scope, id: string): Promise<'deleted' | 'deactivated'> {
    await load(scope, id);
    return scope.transaction(async (tx) => {
      if (await packagesRepo.hasPurchases(tx, id)) {
        await packagesRepo.update(tx, id, { status: 'inactive' });
        return 'deactivated';
      }
      await packagesRepo.delete(tx, id);
      return 'deleted';
    });
  },

  async modules(scope: Scope, id: string) {
    await load(scope, id);
    const ids = await packagesRepo.moduleIds(scope, id);
    const rows = await modulesReads.list(scope, {
      packageId: id,
      pageSize: Math.max(ids.length, 1),
      sortBy: 'name',
      sortOrder: 'asc',
    });
    return rows.rows.map(toModule);
  },

  /** Adds a module to a package and grants it, in the same transaction, to every company holding the package. */
  async addModule(scope: Scope, id: string, moduleId: string) {
    const pkg = await load(scope, id);
    const mod = await modulesReads.byId(scope, moduleId);
    if (!mod) throw notFound('Module');
    if (mod.key === PLATFORM_MODULE_KEY) throw platformRefused('moduleId');
    await scope.transaction(async (tx) => {
      // Purchases of the package wait: they grant the package's modules as they are after this.
      await packagesRepo.lockForPurchase(tx, id);
      await packagesRepo.addModules(tx, id, [moduleId]);
      await packageChanged(tx, id, pkg.name);
    });
    return toModule(mod);
  },

  /** Removes a module from a package and, in the same transaction, from the companies holding it (unless another package of theirs has it). */
  async removeModule(scope: Scope, id: string, moduleId: string) {
    const pkg = await load(scope, id);
    await scope.transaction(async (tx) => {
      await packagesRepo.lockForPurchase(tx, id);
      if (!(await packagesRepo.removeModule(tx, id, moduleId))) throw notFound('Package module');
      await packageChanged(tx, id, pkg.name);
    });
    return { packageId: id, moduleId };
  },

  /**
   * Buys a package for a company: records a paid purchase, raises purchaseCount and grants the
   * package's modules at full access, all in one transaction. A company that holds the package
   * (an active purchase whose period covers now) is refused with 409 rather than charged a second
   * time (ARCHITECTURE.md, Subscriptions). With an Idempotency-Key, the key is claimed in the same
   * transaction: the same key and request answer the first purchase again (`replayed`), the same
   * key with another request 422.
   */
  async purchase(
    scope: Scope,
    companyId: string,
    packageId: string,
    body: PurchaseBody,
    idempotencyKey?: string,
  ): Promise<{ purchase: Purchase; replayed: boolean }> {
    const target = await companyTarget(scope, companyId);
    return target.transaction(async (tx) => {
      if (idempotencyKey === undefined) return { purchase: await buy(tx, packageId, body), replayed: false };
      const hash = requestHash(packageId, body);
      await idempotencyRepo.purgeExpired(tx);
      if (!(await idempotencyRepo.claim(tx, idempotencyKey, hash))) {
        const first = await idempotencyRepo.find(tx, idempotencyKey);
        if (!first || first.requestHash !== hash || first.statusCode !== 201)
          throw new HttpError(422, MESSAGES.packages.idempotencyKeyReused);
        return { purchase: purchaseSchema.parse(first.response), replayed: true };
      }
      const purchase = await buy(tx, packageId, body);
      await idempotencyRepo.complete(tx, idempotencyKey, 201, purchase);
      return { purchase, replayed: false };
    });
  },

  /** Purchases: the Super Admin's across companies; a company's own only. */
  async purchases(scope: Scope, q: PurchaseListQuery): Promise<Paged<Purchase>> {
    const companyId = scope.actor.isSuperAdmin ? q.companyId : scope.companyId;
    return toPaged(q, await packagesRepo.purchases(scope, q, companyId), toPurchase);
  },

  async ofCompany(scope: Scope, companyId: string): Promise<Purchase[]> {
    const target = await companyTarget(scope, companyId);
    const q = { pageSize: 200, sortOrder: 'desc' as const };
    return (await packagesRepo.purchases(target, q, target.companyId)).rows.map(toPurchase);
  },
};

export type PackagesService = typeof packagesService;
