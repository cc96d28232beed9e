import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { ModuleListQuery } from '@taskhive/contract';
import { modules, packageModules } from '../../db/schema/index.ts';
import { countAll, type ListResult, pageWindow, searchAny, sortBy, totalOf } from '../../lib/list.ts';
import type { Scope } from '../../lib/scope.ts';

export type ModuleRow = {
  id: string;
  key: string;
  name: string;
  description: string | null;
  moduleType: string;
  category: string;
  status: string;
  permissionCount: number;
  createdAt: Date;
  updatedAt: Date;
};

/** A date filter's upper bound: a bare date includes its whole day. */
export const dayAfter = (d: string) =>
  d.length === 10 ? new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000) : new Date(Date.parse(d) + 1);

const permissionCount =
  sql<number>`(select count(*) from permissions p where p.module_id = "modules"."id")`.mapWith(Number);

function select(scope: Scope) {
  return scope.db
    .select({
      id: modules.id,
      key: modules.key,
      name: modules.name,
      description: modules.description,
      moduleType: modules.moduleType,
      category: modules.category,
      status: modules.status,
      permissionCount,
      createdAt: modules.createdAt,
      updatedAt: modules.updatedAt,
    })
    .from(modules);
}

/**
 * The only place that touches `modules`. Modules are platform data (no company column); the
 * routes that write them are the Super Admin's.
 */
export const modulesRepo = {
  async list(scope: Scope, q: ModuleListQuery): Promise<ListResult<ModuleRow>> {
    const where = and(
      searchAny(q.search, modules.name, modules.key, modules.description),
      q.status ? eq(modules.status, q.status) : undefined,
      q.moduleType ? eq(modules.moduleType, q.moduleType) : undefined,
      q.category ? eq(sql`lower(${modules.category})`, q.category.toLowerCase()) : undefined,
      q.packageId
        ? inArray(
            modules.id,
            scope.db
              .select({ id: packageModules.moduleId })
              .from(packageModules)
              .where(eq(packageModules.packageId, q.packageId)),
          )
        : undefined,
      q.createdDateFrom ? gte(modules.createdAt, new Date(q.createdDateFrom)) : undefined,
      q.createdDateTo ? lt(modules.createdAt, dayAfter(q.createdDateTo)) : undefined,
    );
    const { limit, offset } = pageWindow(q);
    const keys = {
      name: sql`lower(${modules.name})`,
      category: sql`lower(${modules.category})`,
      createdAt: modules.createdAt,
      updatedAt: modules.updatedAt,
    };
    const [rows, total] = await Promise.all([
      select(scope)
        .where(where)
        .orderBy(...sortBy(keys, q.sortBy, q.sortOrder, modules.id))
        .limit(limit)
        .offset(offset),
      totalOf(scope.db.select({ n: countAll() }).from(modules).where(where)),
    ]);
    return { rows, total };
  },

  async byId(scope: Scope, id: string): Promise<ModuleRow | null> {
    const [row] = await select(scope).where(eq(modules.id, id));
    return row ?? null;
  },

  async insert(
    scope: Scope,
    m: {
      key: string;
      name: string;
      description: string | null;
      moduleType: string;
      category: string;
      status: string;
    },
  ) {
    const [row] = await scope.db.insert(modules).values(m).returning({ id: modules.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  },

  async update(
    scope: Scope,
    id: string,
    patch: Partial<{
      name: string;
      description: string | null;
      moduleType: string;
      category: string;
      status: string;
    }>,
  ) {
    if (Object.keys(patch).length === 0) return;
    await scope.db.update(modules).set(patch).where(eq(modules.id, id));
  },

  async delete(scope: Scope, id: string) {
    await scope.db.delete(modules).where(eq(modules.id, id));
  },
};
