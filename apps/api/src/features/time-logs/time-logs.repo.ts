import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projects, tasks, timeLogs } from '../../db/schema/index.ts';

/** Time logs of one company. Every query filters by that company. */
export function timeLogsRepo(db: Db, companyId: string) {
  return {
    /** A user's latest entries, newest first, with project name and task title. */
    recentForUser(userId: string, limit: number) {
      return db
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
        .where(and(eq(timeLogs.companyId, companyId), eq(timeLogs.userId, userId)))
        .orderBy(desc(timeLogs.loggedAt), desc(timeLogs.id))
        .limit(limit);
    },
  };
}
