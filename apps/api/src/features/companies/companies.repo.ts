import { and, count, eq, gte, type SQL, sql } from 'drizzle-orm';
import type { CompanyListQuery, CompanySize } from '@taskhive/contract';
import { type Db, rowsOf } from '../../db/client.ts';
import { companies } from '../../db/schema/index.ts';
import { countAll, type ListResult, pageWindow, searchAny, sortBy, totalOf } from '../../lib/list.ts';
import { platformReads } from '../platform/index.ts';

export type NewCompany = {
  name: string;
  email?: string | null;
  phone?: string | null;
  website?: string | null;
  address?: string | null;
  industry?: string | null;
  description?: string | null;
  isActive?: boolean;
  isApproved?: boolean;
  isPlatform?: boolean;
  vision?: string | null;
  mission?: string | null;
  goals?: string | null;
  coreValues?: string[];
  companySize?: CompanySize | null;
  celebrationsWidget?: boolean;
};

export type CompanyRow = typeof companies.$inferSelect & { userCount: number };

const SORT: Record<CompanyListQuery['sortBy'], SQL> = {
  name: sql`lower(${companies.name})`,
  createdAt: sql`${companies.createdAt}`,
  updatedAt: sql`${companies.updatedAt}`,
  isActive: sql`${companies.isActive}`,
  isApproved: sql`${companies.isApproved}`,
};

const tenants = eq(companies.isPlatform, false);

function withCounts(db: Db) {
  const counts = platformReads.companyUserCounts(db);
  return db
    .select({
      company: companies,
      userCount: sql<number>`coalesce(${counts.userCount}, 0)`.mapWith(Number),
    })
    .from(companies)
    .leftJoin(counts, eq(counts.companyId, companies.id));
}

const flat = (r: { company: typeof companies.$inferSelect; userCount: number }): CompanyRow => ({
  ...r.company,
  userCount: r.userCount,
});

/**
 * Companies are the tenants themselves (the table has no company_id): the platform reads them
 * all, a tenant only its own row (`companiesPolicy` decides which id a scope may name). The
 * platform's own company (is_platform) never shows in lists or figures.
 */
export const companiesRepo = {
  async insert(db: Db, c: NewCompany): Promise<string> {
    const [row] = await db
      .insert(companies)
      .values({ ...c, approvedAt: c.isApproved ? new Date() : null })
      .returning({ id: companies.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  },

  /** One company with its user count. */
  async detail(db: Db, companyId: string): Promise<CompanyRow | null> {
    const [row] = await withCounts(db).where(eq(companies.id, companyId));
    return row ? flat(row) : null;
  },

  /** A page of tenant companies with user counts (one grouped join, no query per row), and the total. */
  async list(db: Db, q: CompanyListQuery): Promise<ListResult<CompanyRow>> {
    const where = and(tenants, searchAny(q.search, companies.name, companies.email));
    const { limit, offset } = pageWindow(q);
    const [rows, total] = await Promise.all([
      withCounts(db)
        .where(where)
        .orderBy(...sortBy(SORT, q.sortBy, q.sortOrder, companies.id))
        .limit(limit)
        .offset(offset),
      totalOf(db.select({ n: countAll() }).from(companies).where(where)),
    ]);
    return { rows: rows.map(flat), total };
  },

  async update(
    db: Db,
    companyId: string,
    patch: Partial<Omit<NewCompany, 'isPlatform'>> & { logoPath?: string | null; approvedAt?: Date | null },
  ): Promise<boolean> {
    const rows = await db
      .update(companies)
      .set(patch)
      .where(eq(companies.id, companyId))
      .returning({ id: companies.id });
    return rows.length > 0;
  },

  /** The Super Admin dashboard: totals over tenant companies and creations per month since `since`. */
  async stats(db: Db, since: Date) {
    const [totals] = await db
      .select({
        totalCompanies: count(),
        activeCompanies: sql<number>`count(*) filter (where ${companies.isActive})`.mapWith(Number),
        approvedCompanies: sql<number>`count(*) filter (where ${companies.isApproved})`.mapWith(Number),
      })
      .from(companies)
      .where(tenants);
    const byMonth = rowsOf<{ month: string; count: string | number }>(
      await db.execute(sql`
        select to_char(date_trunc('month', ${companies.createdAt} at time zone 'UTC'), 'YYYY-MM') as month, count(*) as count
          from ${companies}
         where ${and(tenants, gte(companies.createdAt, since))}
         group by 1`),
    ).map((r) => ({ month: r.month, count: Number(r.count) }));
    return { totals: totals ?? { totalCompanies: 0, activeCompanies: 0, approvedCompanies: 0 }, byMonth };
  },
};
