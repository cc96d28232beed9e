import { asc, eq } from 'drizzle-orm';
import { DEFAULT_TASK_STATUSES } from '@taskhive/contract';
import type { Db } from '../../db/client.ts';
import { taskStatuses } from '../../db/schema/index.ts';

export function taskStatusesRepo(db: Db, companyId: string) {
  return {
    /** Copies the master list (Open … Cancelled, with colours and order) to the company. */
    async copyDefaults() {
      await db
        .insert(taskStatuses)
        .values(DEFAULT_TASK_STATUSES.map((s) => ({ ...s, companyId })))
        .onConflictDoNothing();
    },
    list() {
      return db
        .select({
          statusId: taskStatuses.id,
          name: taskStatuses.name,
          color: taskStatuses.color,
          sortOrder: taskStatuses.sortOrder,
        })
        .from(taskStatuses)
        .where(eq(taskStatuses.companyId, companyId))
        .orderBy(asc(taskStatuses.sortOrder));
    },
  };
}
