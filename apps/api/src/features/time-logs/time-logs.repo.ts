import { and, desc, eq } from 'drizzle-orm';
import { projects, tasks, timeLogs } from '../../db/schema/index.ts';
import type { Scope } from '../../lib/scope.ts';

/** Time logs of the scope's company. Every statement goes through the scope. */
export const timeLogsRepo = {
  /** A user's latest entries, newest first, with project name and task title. */
  recentForUser(scope: Scope, userId: string, limit: number) {
    return scope.db
      .select({
        timeLogId: timeLogs.id,
        projectId: timeLogs.projectId,
        projectName: projects.name,
        taskId: timeLogs.taskId,
        taskTitle: tasks.title,
        description: timeLogs.description,
        loggedAt: timeLogs.loggedAt,
        durationMinutes: timeLogs.durationMinutes,
      })
      .from(timeLogs)
      .innerJoin(
        projects,
        and(eq(projects.id, timeLogs.projectId), eq(projects.companyId, timeLogs.companyId)),
      )
      .leftJoin(tasks, and(eq(tasks.id, timeLogs.taskId), eq(tasks.companyId, timeLogs.companyId)))
      .where(scope.own(timeLogs, eq(timeLogs.userId, userId)))
      .orderBy(desc(timeLogs.loggedAt), desc(timeLogs.id))
      .limit(limit);
  },
};
