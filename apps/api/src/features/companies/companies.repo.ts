import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies } from '../../db/schema/index.ts';

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
};

/** Companies are the tenants themselves: the platform reads them all, a tenant only its own row. */
export function companiesRepo(db: Db) {
  return {
    async insert(c: NewCompany): Promise<string> {
      const [row] = await db
        .insert(companies)
        .values({ ...c, approvedAt: c.isApproved ? new Date() : null })
        .returning({ id: companies.id });
      if (!row) throw new Error('insert returned no row');
      return row.id;
    },
    async byId(companyId: string) {
      const [row] = await db.select().from(companies).where(eq(companies.id, companyId));
      return row ?? null;
    },
  };
}
