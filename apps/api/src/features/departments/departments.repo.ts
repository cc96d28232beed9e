import { aliasedTable, and, eq, sql } from 'drizzle-orm';
import type { DepartmentListQuery } from '@taskhive/contract';
import { departments, users } from '../../db/schema/index.ts';
import { countAll, type ListResult, pageWindow, searchAny, sortBy, totalOf } from '../../lib/list.ts';
import type { Scope } from '../../lib/scope.ts';
import { usersReads } from '../users/index.ts';

export type DepartmentRow = {
  id: string;
  name: string;
  description: string | null;
  managerId: string | null;
  managerName: string | null;
  memberCount: number;
  createdAt: Date;
  updatedAt: Date;
};

/** Departments joined with their manager's name and member count (joined, so sorting by count works). */
function select(scope: Scope) {
  const counts = usersReads.departmentMemberCounts(scope);
  const manager = aliasedTable(users, 'manager');
  const memberCount = sql<number>`coalesce(${counts.memberCount}, 0)`.mapWith(Number);
  const q = scope.db
    .select({
      id: departments.id,
      name: departments.name,
      description: departments.description,
      managerId: departments.managerId,
      managerName: sql<string | null>`${manager.firstName} || ' ' || ${manager.lastName}`,
      memberCount,
      createdAt: departments.createdAt,
      updatedAt: departments.updatedAt,
    })
    .from(departments)
    .leftJoin(counts, eq(counts.departmentId, departments.id))
    .leftJoin(
      manager,
      and(eq(manager.id, departments.managerId), eq(manager.companyId, departments.companyId)),
    );
  return { q, memberCount };
}

/** The only place that touches `departments`. Every statement goes through the scope. */
export const departmentsRepo = {
  async insert(scope: Scope, d: { name: string; description?: string | null; managerId?: string | null }) {
    const [row] = await scope.db
      .insert(departments)
      .values(scope.values(d))
      .returning({ id: departments.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  },

  /** One page and the total: two queries whatever the page size. */
  async list(scope: Scope, q: DepartmentListQuery): Promise<ListResult<DepartmentRow>> {
    const where = scope.own(departments, searchAny(q.search, departments.name, departments.description));
    const { q: base, memberCount } = select(scope);
    const { limit, offset } = pageWindow(q);
    const keys = {
      name: sql`lower(${departments.name})`,
      createdAt: departments.createdAt,
      updatedAt: departments.updatedAt,
      memberCount,
    };
    const [rows, total] = await Promise.all([
      base
        .where(where)
        .orderBy(...sortBy(keys, q.sortBy, q.sortOrder, departments.id))
        .limit(limit)
        .offset(offset),
      totalOf(scope.db.select({ n: countAll() }).from(departments).where(where)),
    ]);
    return { rows, total };
  },

  async byId(scope: Scope, id: string): Promise<DepartmentRow | null> {
    const [row] = await select(scope).q.where(scope.own(departments, eq(departments.id, id)));
    return row ?? null;
  },

  async exists(scope: Scope, id: string): Promise<boolean> {
    const [row] = await scope.db
      .select({ id: departments.id })
      .from(departments)
      .where(scope.own(departments, eq(departments.id, id)));
    return !!row;
  },

  async update(
    scope: Scope,
    id: string,
    patch: { name?: string; description?: string | null; managerId?: string | null },
  ) {
    await scope.db
      .update(departments)
      .set(patch)
      .where(scope.own(departments, eq(departments.id, id)));
  },

  async delete(scope: Scope, id: string): Promise<boolean> {
    const rows = await scope.db
      .delete(departments)
      .where(scope.own(departments, eq(departments.id, id)))
      .returning({ id: departments.id });
    return rows.length > 0;
  },
};
