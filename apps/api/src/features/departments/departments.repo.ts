import type { Db } from '../../db/client.ts';
import { departments } from '../../db/schema/index.ts';

export function departmentsRepo(db: Db, companyId: string) {
  return {
    async insert(d: { name: string; description?: string | null; managerId?: string | null }) {
      const [row] = await db
        .insert(departments)
        .values({ ...d, companyId })
        .returning({ id: departments.id });
      if (!row) throw new Error('insert returned no row');
      return row.id;
    },
  };
}
