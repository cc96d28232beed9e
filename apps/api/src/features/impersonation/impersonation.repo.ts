import { and, asc, eq } from 'drizzle-orm';
import { ROLES } from '@taskhive/contract';
import { companies, roles, users } from '../../db/schema/index.ts';
import type { Scope } from '../../lib/scope.ts';

/**
 * What an impersonation reads: the company acted in and the Company Admin acted as. Read-only;
 * the session itself is the auth feature's (sessionsRepo), the audit rows the audit feature's.
 */
export const impersonationRepo = {
  /** The scope's company: name and whether it is active; null when there is none. */
  async company(scope: Scope): Promise<{ name: string; isActive: boolean } | null> {
    const [row] = await scope.db
      .select({ name: companies.name, isActive: companies.isActive })
      .from(companies)
      .where(eq(companies.id, scope.companyId))
      .limit(1);
    return row ?? null;
  },

  /** The company's Company Admin to act as: the first made of its active ones; null when none. */
  async activeAdmin(scope: Scope): Promise<{ userId: string; role: string } | null> {
    const [row] = await scope.db
      .select({ userId: users.id, role: roles.name })
      .from(users)
      .innerJoin(roles, and(eq(roles.companyId, users.companyId), eq(roles.id, users.roleId)))
      .where(
        scope.own(
          users,
          eq(users.status, 'active'),
          eq(roles.name, ROLES.companyAdmin),
          eq(roles.roleType, 'company'),
        ),
      )
      .orderBy(asc(users.createdAt), asc(users.id))
      .limit(1);
    return row ?? null;
  },
};
