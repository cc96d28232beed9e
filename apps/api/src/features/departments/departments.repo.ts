import { aliasedTable, and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { DepartmentListQuery } from '@taskhive/contract';
import type { Db } from '../../db/client.ts';
import { departments, users } from '../../db/schema/index.ts';
import { containsPattern, departmentMemberCounts } from '../users/users.repo.ts';

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

/** Departments of one company. Every query filters by that company; inserts set it. */
export function departmentsRepo(db: Db, companyId: string) {
  const mine = eq(departments.companyId, companyId);
  const select = () => {
    const counts = departmentMemberCounts(db, companyId);
    const manager = aliasedTable(users, 'manager');
    const memberCount = sql<number>`coalesce(${counts.memberCount}, 0)`.mapWith(Number);
    const q = db
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
  };

  return {
    async insert(d: { name: string; description?: string | null; managerId?: string | null }) {
      const [row] = await db
        .insert(departments)
        .values({ ...d, companyId })
        .returning({ id: departments.id });
      if (!row) throw new Error('insert returned no row');
      return row.id;
    },

    /** One page with manager names and member counts (joined, so sorting by count works), and the total. */
    async list(q: DepartmentListQuery, page: number) {
      const term = q.search ? containsPattern(q.search) : undefined;
      const where = and(
        mine,
        term ? or(ilike(departments.name, term), ilike(departments.description, term)) : undefined,
      );
      const dir = q.sortOrder === 'desc' ? desc : asc;
      const { q: base, memberCount } = select();
      const sortBy: Record<DepartmentListQuery['sortBy'], SQL> = {
        name: sql`lower(${departments.name})`,
        createdAt: sql`${departments.createdAt}`,
        updatedAt: sql`${departments.updatedAt}`,
        memberCount: sql`${memberCount}`,
      };
      const rows: DepartmentRow[] = await base
        .where(where)
        .orderBy(dir(sortBy[q.sortBy]), dir(departments.id))
        .limit(q.pageSize)
        .offset((page - 1) * q.pageSize);
      const [total] = await db.select({ n: count() }).from(departments).where(where);
      return { rows, total: total?.n ?? 0 };
    },

    async byId(id: string): Promise<DepartmentRow | null> {
      const [row] = await select().q.where(and(mine, eq(departments.id, id)));
      return row ?? null;
    },

    async exists(id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: departments.id })
        .from(departments)
        .where(and(mine, eq(departments.id, id)));
      return !!row;
    },

    async update(
      id: string,
      patch: { name?: string; description?: string | null; managerId?: string | null },
    ) {
      await db
        .update(departments)
        .set(patch)
        .where(and(mine, eq(departments.id, id)));
    },

    async delete(id: string): Promise<boolean> {
      const rows = await db
        .delete(departments)
        .where(and(mine, eq(departments.id, id)))
        .returning({ id: departments.id });
      return rows.length > 0;
    },
  };
}
