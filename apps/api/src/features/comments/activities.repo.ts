import type { ActivityField } from '@taskhive/contract';
import { activities } from '../../db/schema/index.ts';
import type { Scope } from '../../lib/scope.ts';

/** One change: on a task (which names its project too) or on a project. */
export type Change = {
  taskId?: string | null;
  projectId: string;
  field: ActivityField;
  from: string | null;
  to: string | null;
};

/**
 * The only place that writes `activities`. Append-only: there is no update and no delete here;
 * rows go only with their task or project (the foreign keys' cascade). Call it with the scope of
 * the transaction that makes the change, so a change that fails leaves no activity behind.
 */
export const activitiesRepo = {
  async record(scope: Scope, changes: Change[]): Promise<void> {
    if (changes.length === 0) return;
    await scope.db.insert(activities).values(
      changes.map((c) =>
        scope.values({
          taskId: c.taskId ?? null,
          projectId: c.projectId,
          actorId: scope.actor.userId,
          field: c.field,
          fromValue: c.from,
          toValue: c.to,
        }),
      ),
    );
  },
};
