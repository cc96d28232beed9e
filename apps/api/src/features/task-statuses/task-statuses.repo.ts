import { asc } from 'drizzle-orm';
import { DEFAULT_TASK_STATUSES } from '@taskhive/contract';
import { taskStatuses } from '../../db/schema/index.ts';
import type { Scope } from '../../lib/scope.ts';

/** The task statuses of the scope's company. */
export const taskStatusesRepo = {
  /** Copies the master list (Open … Cancelled, with colours and order) to the company. */
  async copyDefaults(scope: Scope) {
    await scope.db
      .insert(taskStatuses)
      .values(DEFAULT_TASK_STATUSES.map((s) => scope.values(s)))
      .onConflictDoNothing();
  },
  list(scope: Scope) {
    return scope.db
      .select({
        statusId: taskStatuses.id,
        name: taskStatuses.name,
        color: taskStatuses.color,
        sortOrder: taskStatuses.sortOrder,
      })
      .from(taskStatuses)
      .where(scope.own(taskStatuses))
      .orderBy(asc(taskStatuses.sortOrder));
  },
};
