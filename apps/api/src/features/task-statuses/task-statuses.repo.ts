import { asc, eq } from 'drizzle-orm';
import { BUILT_IN_STATUS_KEYS, BUILT_IN_STATUS_NAMES, DEFAULT_TASK_STATUSES } from '@taskhive/contract';
import type { Db } from '../../db/client.ts';
import { taskStatuses } from '../../db/schema/index.ts';

export function taskStatusesRepo(db: Db, companyId: string) {
  return {
    /** Copies the master list (Open … Cancelled, with colours and order) to the company. */
    async copyDefaults() {
      await db
        .insert(taskStatuses)
        .values(
          DEFAULT_TASK_STATUSES.map((s) => ({
            ...s,
            companyId,
            builtIn: BUILT_IN_STATUS_KEYS.find((k) => BUILT_IN_STATUS_NAMES[k] === s.name) ?? null,
          })),
        )
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
