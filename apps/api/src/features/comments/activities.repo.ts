import { type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { activities } from '../../db/schema/index.ts';
import type { LiveEvent } from '../../lib/live-events.ts';
import type { Scope } from '../../lib/scope.ts';

/**
 * The only place that writes `activities`. Append-only: there is no update and no delete here;
 * rows go only with their task or project (the foreign keys' cascade). A service does not call
 * it to record a change: its changes' fields become activity rows in their transaction
 * (`fromChanges`), so a change that fails leaves no activity behind.
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

  /**
   * `recordCreated` outside a transaction: the task's insert, its 'created' activity and its
   * change log row (lib/changes.ts) in one statement. Answers the task's id and the change row.
   */
  async recordCreatedWithChange(
    scope: Scope,
    insert: SQLWrapper,
    title: string,
  ): Promise<{ taskId: string; projectId: string; changeId: string; tx: string }> {
    const [row] = rowsOf<{ task_id: string; project_id: string; change_id: string; tx: string }>(
      await scope.db.execute(sql`with t as (${insert.getSQL()}),
        a as (insert into ${activities} (company_id, task_id, project_id, actor_id, field, from_value, to_value)
          select ${scope.companyId}, t.id, t.project_id, ${scope.actor.userId}, 'created', null, ${title} from t),
        c as (insert into changes (company_id, type, action, entity_id, project_id, task_id, actor_id, session_id)
          select ${scope.companyId}, 'task', 'created', t.id::text, t.project_id, null, ${scope.actor.userId},
                 ${scope.actor.sessionId || null}::uuid from t
          returning seq, tx)
        select t.id as task_id, t.project_id, c.seq::text as change_id, c.tx::text as tx from t, c`),
    );
    if (!row) throw new Error('insert returned no row');
    return { taskId: row.task_id, projectId: row.project_id, changeId: row.change_id, tx: row.tx };
  },

  /**
   * The activity subscriber of the change log (change-subscribers.ts): a change's fields on a
   * task, a project or a comment (the history of its task, or of its project) become activity
   * rows, one insert for a whole transaction, in the statement that writes its change rows.
   * Answers nothing when no change has fields.
   */
  fromChanges(db: Db, events: readonly LiveEvent[]): SQL[] {
    // Only tasks, projects and comments have a history here (a timesheet week keeps its own).
    const rows = events.flatMap((e) =>
      (e.type === 'task' || e.type === 'project' || e.type === 'comment' ? (e.fields ?? []) : []).map(
        (f) => ({
          companyId: e.companyId,
          taskId: e.type === 'task' ? e.id : e.type === 'comment' ? (e.taskId ?? null) : null,
          projectId: e.type === 'project' ? e.id : (e.projectId ?? ''),
          actorId: e.actorId,
          field: f.field,
          fromValue: f.from,
          toValue: f.to,
        }),
      ),
    );
    return rows.length ? [db.insert(activities).values(rows).getSQL()] : [];
  },
};
