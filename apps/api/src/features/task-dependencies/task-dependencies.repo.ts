import { and, eq, or, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { projects, taskDependencies } from '../../db/schema/index.ts';
import type { Scope } from '../../lib/scope.ts';

/** A task a blocker blocks, as a change of the blocker's status reads it. */
export type BlockedRow = {
  blockerId: string;
  /** The blocker's key (`WEB-3`), to say what was done. */
  blockerKey: string;
  blockerDone: boolean;
  taskId: string;
  projectId: string;
  title: string;
  /** Its blockers that are not done, the given one included if it is open. */
  openLeft: number;
  assigneeIds: string[];
};

/**
 * The only place that touches `task_dependencies` (and the projects' `auto_schedule` switch).
 * Reads that follow the dependencies through the graph are recursive CTEs: one statement each.
 */
export const dependenciesRepo = {
  /**
   * Writers of one company's dependencies take turns (a transaction advisory lock): two inserts
   * that together would close a cycle (A blocks B, B blocks A, at once) are then checked one after
   * the other, and the second sees the first (read committed: each statement its own snapshot).
   */
  async lock(scope: Scope): Promise<void> {
    await scope.db.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`task-dependencies:${scope.companyId}`}, 0))`,
    );
  },

  /**
   * The cycle that `blocker` blocks `blocked` would close, as task ids from the blocker back to
   * itself (blocker, blocked, ..., blocker), or null. One statement: walk from `blocked` along
   * what it blocks, transitively, and stop at the blocker.
   */
  async cycle(scope: Scope, blockerId: string, blockedId: string): Promise<string[] | null> {
    const rows = rowsOf<{ path: string[] }>(
      await scope.db.execute(sql`with recursive walk(task_id, path) as (
          select ${blockedId}::uuid, array[${blockerId}::uuid, ${blockedId}::uuid]
          union all
          select d.blocked_task_id, w.path || d.blocked_task_id
            from walk w
            join task_dependencies d on d.company_id = ${scope.companyId} and d.blocker_task_id = w.task_id
           where w.task_id <> ${blockerId}::uuid
             and (d.blocked_task_id = ${blockerId}::uuid or not d.blocked_task_id = any(w.path))
        )
        select path::text[] as path from walk where task_id = ${blockerId}::uuid
        order by array_length(path, 1) limit 1`),
    );
    const path = rows[0]?.path;
    if (!path) return null;
    // node-postgres hands a text[] as an array; PGlite too. A string '{a,b}' is parsed just in case.
    return Array.isArray(path) ? path : String(path).replace(/[{}]/g, '').split(',');
  },

  /** Answers whether a row was added (false: it was there already). */
  async insert(scope: Scope, blockerId: string, blockedId: string): Promise<boolean> {
    const rows = await scope.db
      .insert(taskDependencies)
      .values(
        scope.values({ blockerTaskId: blockerId, blockedTaskId: blockedId, createdBy: scope.actor.userId }),
      )
      .onConflictDoNothing()
      .returning({ blockerTaskId: taskDependencies.blockerTaskId });
    return rows.length > 0;
  },

  /** Answers whether a row was removed. */
  async remove(scope: Scope, blockerId: string, blockedId: string): Promise<boolean> {
    const rows = await scope.db
      .delete(taskDependencies)
      .where(
        scope.own(
          taskDependencies,
          eq(taskDependencies.blockerTaskId, blockerId),
          eq(taskDependencies.blockedTaskId, blockedId),
        ),
      )
      .returning({ blockerTaskId: taskDependencies.blockerTaskId });
    return rows.length > 0;
  },

  /** Whether the dependency exists. */
  async exists(scope: Scope, blockerId: string, blockedId: string): Promise<boolean> {
    const [row] = await scope.db
      .select({ one: sql`1` })
      .from(taskDependencies)
      .where(
        scope.own(
          taskDependencies,
          eq(taskDependencies.blockerTaskId, blockerId),
          eq(taskDependencies.blockedTaskId, blockedId),
        ),
      );
    return row !== undefined;
  },

  /** The task's direct dependencies, both ways: one statement (the key and the blocked index). */
  async of(scope: Scope, taskId: string): Promise<{ blockerIds: string[]; blockedIds: string[] }> {
    const rows = await scope.db
      .select({
        blockerTaskId: taskDependencies.blockerTaskId,
        blockedTaskId: taskDependencies.blockedTaskId,
      })
      .from(taskDependencies)
      .where(
        scope.own(
          taskDependencies,
          or(eq(taskDependencies.blockerTaskId, taskId), eq(taskDependencies.blockedTaskId, taskId)),
        ),
      );
    return {
      blockerIds: rows.filter((r) => r.blockedTaskId === taskId).map((r) => r.blockerTaskId),
      blockedIds: rows.filter((r) => r.blockerTaskId === taskId).map((r) => r.blockedTaskId),
    };
  },

  /**
   * The tasks that follow `taskId`'s due date (auto-scheduling): what it blocks, transitively,
   * through tasks whose project has the switch on (a task of a project without it does not move,
   * nor what waits for it). One statement.
   */
  async followers(scope: Scope, taskId: string): Promise<string[]> {
    const rows = rowsOf<{ id: string }>(
      await scope.db.execute(sql`with recursive follows(id) as (
          select d.blocked_task_id from task_dependencies d
            join tasks t on t.company_id = d.company_id and t.id = d.blocked_task_id
            join projects p on p.company_id = t.company_id and p.id = t.project_id
           where d.company_id = ${scope.companyId} and d.blocker_task_id = ${taskId}::uuid and p.auto_schedule
          union
          select d.blocked_task_id from follows f
            join task_dependencies d on d.company_id = ${scope.companyId} and d.blocker_task_id = f.id
            join tasks t on t.company_id = d.company_id and t.id = d.blocked_task_id
            join projects p on p.company_id = t.company_id and p.id = t.project_id
           where p.auto_schedule
        )
        select id from follows where id <> ${taskId}::uuid`),
    );
    return rows.map((r) => r.id);
  },

  /**
   * The tasks these blockers block, each with its blocker (key, done or not), how many open
   * blockers it has left, and who is assigned to it: one statement, read in the transaction that
   * finished or reopened the blockers.
   */
  async blockedOf(scope: Scope, blockerIds: string[]): Promise<BlockedRow[]> {
    if (blockerIds.length === 0) return [];
    const rows = rowsOf<{
      blocker_id: string;
      blocker_key: string;
      blocker_done: boolean;
      task_id: string;
      project_id: string;
      title: string;
      open_left: number | string;
      assignee_ids: string[] | string;
    }>(
      await scope.db.execute(sql`select d.blocker_task_id as blocker_id,
          bp.code || '-' || b.number as blocker_key, (bs.built_in is not null) as blocker_done,
          t.id as task_id, t.project_id, t.title,
          (select count(*) from task_dependencies o
             join tasks ob on ob.company_id = o.company_id and ob.id = o.blocker_task_id
             left join task_statuses os on os.company_id = ob.company_id and os.id = ob.status_id
            where o.company_id = d.company_id and o.blocked_task_id = d.blocked_task_id
              and os.built_in is null) as open_left,
          coalesce((select array_agg(a.user_id::text) from task_assignees a
                     where a.company_id = t.company_id and a.task_id = t.id), '{}') as assignee_ids
        from task_dependencies d
        join tasks b on b.company_id = d.company_id and b.id = d.blocker_task_id
        join projects bp on bp.company_id = b.company_id and bp.id = b.project_id
        left join task_statuses bs on bs.company_id = b.company_id and bs.id = b.status_id
        join tasks t on t.company_id = d.company_id and t.id = d.blocked_task_id
        where d.company_id = ${scope.companyId}
          and d.blocker_task_id = any(${sql.param(blockerIds)}::uuid[])`),
    );
    return rows.map((r) => ({
      blockerId: r.blocker_id,
      blockerKey: r.blocker_key,
      blockerDone: r.blocker_done,
      taskId: r.task_id,
      projectId: r.project_id,
      title: r.title,
      openLeft: Number(r.open_left),
      assigneeIds: Array.isArray(r.assignee_ids)
        ? r.assignee_ids
        : String(r.assignee_ids).replace(/[{}]/g, '').split(',').filter(Boolean),
    }));
  },

  /** The project's auto-schedule switch (the caller has checked the project is in reach). */
  async schedule(scope: Scope, projectId: string): Promise<boolean | null> {
    const [row] = await scope.db
      .select({ autoSchedule: projects.autoSchedule })
      .from(projects)
      .where(scope.own(projects, eq(projects.id, projectId)));
    return row ? row.autoSchedule : null;
  },

  async setSchedule(scope: Scope, projectId: string, on: boolean): Promise<boolean> {
    const rows = await scope.db
      .update(projects)
      .set({ autoSchedule: on })
      .where(scope.own(projects, and(eq(projects.id, projectId))))
      .returning({ id: projects.id });
    return rows.length > 0;
  },
};
