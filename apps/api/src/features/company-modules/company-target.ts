import { eq } from 'drizzle-orm';
import { companies } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { Scope } from '../../lib/scope.ts';

/**
 * A scope on the company a route names in its path. A company's own people reach only their
 * company (another id answers 404); the Super Admin reaches any existing company.
 */
export async function companyTarget(scope: Scope, companyId: string): Promise<Scope> {
  if (!scope.actor.isSuperAdmin) {
    if (companyId !== scope.companyId) throw notFound('Company');
    return scope;
  }
  const [row] = await scope.db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!row) throw notFound('Company');
  // The request's own scope, in another company: what it changes joins the request's changes.
  return scope.forCompany(companyId);
}
