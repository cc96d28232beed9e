import { and, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { PackageListQuery, PurchaseListQuery } from '@taskhive/contract';
import { companies, packageModules, packagePurchases, packages } from '../../db/schema/index.ts';
import { countAll, type ListResult, pageWindow, searchAny, sortBy, totalOf } from '../../lib/list.ts';
import type { Scope } from '../../lib/scope.ts';
import { dayAfter } from '../modules/index.ts';

export type PackageRow = {
  id: string;
  name: string;
  description: string | null;
  price: string;
  yearlyPrice: string;
  trialDays: number;
  currency: string;
  packageType: string;
  status: string;
  purchaseCount: number;
  moduleCount: number;
  createdAt: Date;
  updatedAt: Date;
};

export type PurchaseRow = {
  id: string;
  companyId: string;
  companyName: string;
  packageId: string;
  packageName: string;
  amount: string;
  billingCycle: string;
  paymentStatus: string;
  status: string;
  purchasedAt: Date;
};

const moduleCount =
  sql<number>`(select count(*) from package_modules pm where pm.package_id = "packages"."id")`.mapWith(
    Number,
  );

function select(scope: Scope) {
  return scope.db
    .select({
      id: packages.id,
      name: packages.name,
      description: packages.description,
      price: packages.price,
      yearlyPrice: packages.yearlyPrice,
      trialDays: packages.trialDays,
      currency: packages.currency,
      packageType: packages.packageType,
      status: packages.status,
      purchaseCount: packages.purchaseCount,
      moduleCount,
      createdAt: packages.createdAt,
      updatedAt: packages.updatedAt,
    })
    .from(packages);
}

function selectPurchases(scope: Scope) {
  return scope.db
    .select({
      id: packagePurchases.id,
      companyId: packagePurchases.companyId,
      companyName: companies.name,
      packageId: packagePurchases.packageId,
      packageName: packages.name,
      amount: packagePurchases.amount,
      billingCycle: packagePurchases.billingCycle,
      paymentStatus: packagePurchases.paymentStatus,
      status: packagePurchases.status,
      purchasedAt: packagePurchases.purchasedAt,
    })
    .from(packagePurchases)
    .innerJoin(companies, eq(companies.id, packagePurchases.companyId))
    .innerJoin(packages, eq(packages.id, packagePurchases.packageId));
}

type PackageFields = {
  name: string;
  description: string | null;
  price: string;
  yearlyPrice: string;
  trialDays: number;
  packageType: string;
  status: string;
};

/** The only place that touches `packages`, `package_modules` and `package_purchases`. */
export const packagesRepo = {
  async list(scope: Scope, q: PackageListQuery, onlyActive: boolean): Promise<ListResult<PackageRow>> {
    const where = and(
      searchAny(q.search, packages.name, packages.description),
      onlyActive ? eq(packages.status, 'active') : q.status ? eq(packages.status, q.status) : undefined,
      q.packageType ? eq(packages.packageType, q.packageType) : undefined,
      q.priceFrom !== undefined ? gte(packages.price, String(q.priceFrom)) : undefined,
      q.priceTo !== undefined ? lte(packages.price, String(q.priceTo)) : undefined,
      q.createdDateFrom ? gte(packages.createdAt, new Date(q.createdDateFrom)) : undefined,
      q.createdDateTo ? lt(packages.createdAt, dayAfter(q.createdDateTo)) : undefined,
    );
    const { limit, offset } = pageWindow(q);
    const keys = {
      name: sql`lower(${packages.name})`,
      monthlyPrice: packages.price,
      purchaseCount: packages.purchaseCount,
      createdAt: packages.createdAt,
    };
    const [rows, total] = await Promise.all([
      select(scope)
        .where(where)
        .orderBy(...sortBy(keys, q.sortBy, q.sortOrder, packages.id))
        .limit(limit)
        .offset(offset),
      totalOf(scope.db.select({ n: countAll() }).from(packages).where(where)),
    ]);
    return { rows, total };
  },

  async byId(scope: Scope, id: string): Promise<PackageRow | null> {
    const [row] = await select(scope).where(eq(packages.id, id));
    return row ?? null;
  },

  async insert(scope: Scope, p: PackageFields) {
    const [row] = await scope.db.insert(packages).values(p).returning({ id: packages.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  },

  async update(scope: Scope, id: string, patch: Partial<PackageFields>) {
    if (Object.keys(patch).length === 0) return;
    await scope.db.update(packages).set(patch).where(eq(packages.id, id));
  },

  async delete(scope: Scope, id: string) {
    await scope.db.delete(packages).where(eq(packages.id, id));
  },

  async hasPurchases(scope: Scope, id: string): Promise<boolean> {
    const [row] = await scope.db
      .select({ id: packagePurchases.id })
      .from(packagePurchases)
      .where(eq(packagePurchases.packageId, id))
      .limit(1);
    return !!row;
  },

  async moduleIds(scope: Scope, id: string): Promise<string[]> {
    const rows = await scope.db
      .select({ id: packageModules.moduleId })
      .from(packageModules)
      .where(eq(packageModules.packageId, id));
    return rows.map((r) => r.id);
  },

  /** The modules of the packages the scope's company holds (has an active purchase of); null when it holds none. */
  async heldModuleIds(scope: Scope): Promise<string[] | null> {
    const rows = await scope.db
      .select({ packageId: packagePurchases.packageId, moduleId: packageModules.moduleId })
      .from(packagePurchases)
      .leftJoin(packageModules, eq(packageModules.packageId, packagePurchases.packageId))
      .where(scope.own(packagePurchases, eq(packagePurchases.status, 'active')));
    if (rows.length === 0) return null;
    return [...new Set(rows.flatMap((r) => (r.moduleId ? [r.moduleId] : [])))];
  },

  /** The companies holding this package (an active purchase of it): their grants follow it. */
  async holders(scope: Scope, id: string): Promise<string[]> {
    const rows = await scope.db
      .selectDistinct({ companyId: packagePurchases.companyId })
      .from(packagePurchases)
      .where(and(eq(packagePurchases.packageId, id), eq(packagePurchases.status, 'active')));
    return rows.map((r) => r.companyId);
  },

  async addModules(scope: Scope, id: string, moduleIds: readonly string[]) {
    if (moduleIds.length === 0) return;
    await scope.db
      .insert(packageModules)
      .values(moduleIds.map((moduleId) => ({ packageId: id, moduleId })))
      .onConflictDoNothing();
  },

  async removeModule(scope: Scope, id: string, moduleId: string): Promise<boolean> {
    const rows = await scope.db
      .delete(packageModules)
      .where(and(eq(packageModules.packageId, id), eq(packageModules.moduleId, moduleId)))
      .returning({ id: packageModules.moduleId });
    return rows.length > 0;
  },

  /**
   * Locks the package's row until the transaction ends: purchases of one package run one after
   * the other from here, so the "already held" check below sees every purchase committed before.
   */
  async lockForPurchase(scope: Scope, id: string): Promise<void> {
    await scope.db.select({ id: packages.id }).from(packages).where(eq(packages.id, id)).for('no key update');
  },

  /**
   * When the scope's company's paid period of the package ends, if an active purchase still covers
   * now: a month after a monthly purchase, a year after a yearly one.
   */
  async heldUntil(scope: Scope, packageId: string): Promise<Date | null> {
    const end = sql<Date>`${packagePurchases.purchasedAt} + case ${packagePurchases.billingCycle}
      when 'yearly' then interval '1 year' else interval '1 month' end`;
    const [row] = await scope.db
      .select({ until: sql<string | null>`max(${end})` })
      .from(packagePurchases)
      .where(
        scope.own(
          packagePurchases,
          eq(packagePurchases.packageId, packageId),
          eq(packagePurchases.status, 'active'),
          sql`${end} > now()`,
        ),
      );
    return row?.until ? new Date(row.until) : null;
  },

  /** A paid purchase by the scope's company, and the package's purchaseCount raised in the same statement set. */
  async recordPurchase(scope: Scope, packageId: string, amount: string, billingCycle: string) {
    const [row] = await scope.db
      .insert(packagePurchases)
      .values(scope.values({ packageId, amount, billingCycle, paymentStatus: 'paid', status: 'active' }))
      .returning({ id: packagePurchases.id });
    if (!row) throw new Error('insert returned no row');
    await scope.db
      .update(packages)
      .set({ purchaseCount: sql`${packages.purchaseCount} + 1` })
      .where(eq(packages.id, packageId));
    return row.id;
  },

  async purchaseById(scope: Scope, id: string): Promise<PurchaseRow | null> {
    const [row] = await selectPurchases(scope).where(
      scope.own(packagePurchases, eq(packagePurchases.id, id)),
    );
    return row ?? null;
  },

  /** Purchases; `companyId` set: that company's only. */
  async purchases(
    scope: Scope,
    q: PurchaseListQuery,
    companyId: string | undefined,
  ): Promise<ListResult<PurchaseRow>> {
    const where = and(
      companyId ? eq(packagePurchases.companyId, companyId) : undefined,
      q.packageId ? eq(packagePurchases.packageId, q.packageId) : undefined,
      q.status ? eq(packagePurchases.status, q.status) : undefined,
      q.purchaseDateFrom ? gte(packagePurchases.purchasedAt, new Date(q.purchaseDateFrom)) : undefined,
      q.purchaseDateTo ? lt(packagePurchases.purchasedAt, dayAfter(q.purchaseDateTo)) : undefined,
      searchAny(q.search, packages.name, companies.name),
    );
    const { limit, offset } = pageWindow(q);
    const dir = q.sortOrder === 'asc' ? sql`asc` : sql`desc`;
    const [rows, total] = await Promise.all([
      selectPurchases(scope)
        .where(where)
        .orderBy(sql`${packagePurchases.purchasedAt} ${dir}`, sql`${packagePurchases.id} ${dir}`)
        .limit(limit)
        .offset(offset),
      totalOf(
        scope.db
          .select({ n: countAll() })
          .from(packagePurchases)
          .innerJoin(companies, eq(companies.id, packagePurchases.companyId))
          .innerJoin(packages, eq(packages.id, packagePurchases.packageId))
          .where(where),
      ),
    ]);
    return { rows, total };
  },
};
