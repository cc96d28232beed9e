import type { ActivityField } from '@taskhive/contract';
import { sql, type SQLWrapper } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
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
  /**
   * Runs a task's insert (`tasksRepo.insertQuery`: answering `id` and `project_id`) and records
   * its 'created' activity in the same statement: atomic without a transaction, one round trip.
   * Answers the new task's id.
   */
  async recordCreated(scope: Scope, insert: SQLWrapper, title: string): Promise<string> {
    const [row] = rowsOf<{ task_id: string }>(
      await scope.db.execute(sql`with t as (${insert.getSQL()})
        insert into ${activities} (company_id, task_id, project_id, actor_id, field, from_value, to_value)
        select ${scope.companyId}, t.id, t.project_id, ${scope.actor.userId}, 'created', null, ${title}
        from t returning task_id`),
    );
    if (!row) throw new Error('insert returned no row');
    return row.task_id;
  },

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
