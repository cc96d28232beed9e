import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, users } from '../../db/schema/index.ts';
import { totalOf } from '../../lib/list.ts';
import { notDeactivated, profileColumns, withProfileJoins } from '../users/index.ts';

/**
 * Reads across every tenant, for the platform itself: the sign-in look-up (before a tenant is
 * known) and the Super Admin's figures. Nothing here takes a scope, so nothing here may serve a
 * company user's request for their own company's data.
 */
export const platformRepo = {
  /**
   * The account behind an email at sign-in (email is unique across the platform), with the
   * password hash and whether its company is active.
   */
  async userForSignIn(db: Db, email: string) {
    const [row] = await withProfileJoins(
      db
        .select({
          ...profileColumns,
          passwordHash: users.passwordHash,
          companyName: companies.name,
          companyActive: companies.isActive,
        })
        .from(users)
        .innerJoin(companies, eq(companies.id, users.companyId))
        .$dynamic(),
    )
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
      .limit(1);
    return row ?? null;
  },

  /** Users of each company (not deactivated), as a subquery the platform's company list joins. */
  companyUserCounts(db: Db) {
    return db
      .select({ companyId: users.companyId, userCount: count().as('user_count') })
      .from(users)
      .where(notDeactivated)
      .groupBy(users.companyId)
      .as('company_user_counts');
  },

  /** Active users of active, non-platform companies: the Super Admin dashboard figure. */
  activeUsersOfActiveCompanies(db: Db): Promise<number> {
    return totalOf(
      db
        .select({ n: count() })
        .from(users)
        .innerJoin(companies, eq(companies.id, users.companyId))
        .where(
          and(eq(users.status, 'active'), eq(companies.isActive, true), eq(companies.isPlatform, false)),
        ),
    );
  },
};
