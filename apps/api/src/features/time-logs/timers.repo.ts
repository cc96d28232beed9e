import { and, eq } from 'drizzle-orm';
import { projects, tasks, timeLogTimers } from '../../db/schema/index.ts';
import type { Scope } from '../../lib/scope.ts';

export type TimerRow = {
  id: string;
  userId: string;
  projectId: string;
  projectName: string;
  taskId: string;
  taskTitle: string;
  description: string | null;
  billable: boolean;
  startedAt: Date;
};

/** The only place that touches `time_log_timers`: one running timer per user. */
export const timersRepo = {
  async ofUser(scope: Scope, userId: string): Promise<TimerRow | null> {
    const [row] = await scope.db
      .select({
        id: timeLogTimers.id,
        userId: timeLogTimers.userId,
        projectId: timeLogTimers.projectId,
        projectName: projects.name,
        taskId: timeLogTimers.taskId,
        taskTitle: tasks.title,
        description: timeLogTimers.description,
        billable: timeLogTimers.billable,
        startedAt: timeLogTimers.startedAt,
      })
      .from(timeLogTimers)
      .innerJoin(
        projects,
        and(eq(projects.id, timeLogTimers.projectId), eq(projects.companyId, timeLogTimers.companyId)),
      )
      .innerJoin(tasks, and(eq(tasks.id, timeLogTimers.taskId), eq(tasks.companyId, timeLogTimers.companyId)))
      .where(scope.own(timeLogTimers, eq(timeLogTimers.userId, userId)));
    return row ?? null;
  },

  /** Starts one; false when the user already has one running (the unique index decides). */
  async start(
    scope: Scope,
    t: { userId: string; projectId: string; taskId: string; description: string | null; billable: boolean },
  ): Promise<boolean> {
    const rows = await scope.db
      .insert(timeLogTimers)
      .values(scope.values(t))
      .onConflictDoNothing({ target: [timeLogTimers.companyId, timeLogTimers.userId] })
      .returning({ id: timeLogTimers.id });
    return rows.length > 0;
  },

  /** Removes the user's timer and answers it (null when none ran): stop and discard both start here. */
  async take(
    scope: Scope,
    userId: string,
  ): Promise<{
    projectId: string;
    taskId: string;
    description: string | null;
    billable: boolean;
    startedAt: Date;
  } | null> {
    const [row] = await scope.db
      .delete(timeLogTimers)
      .where(scope.own(timeLogTimers, eq(timeLogTimers.userId, userId)))
      .returning({
        projectId: timeLogTimers.projectId,
        taskId: timeLogTimers.taskId,
        description: timeLogTimers.description,
        billable: timeLogTimers.billable,
        startedAt: timeLogTimers.startedAt,
      });
    return row ?? null;
  },
};
