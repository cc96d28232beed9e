import { type ProjectTimeline, TIMELINE_TASKS_CAP, type ProjectTimelineQuery } from '@taskhive/contract';
import type { Scope } from '../../lib/scope.ts';
import { loadProject, projectsPolicy } from '../projects/index.ts';
import { timelineRepo } from './timeline.repo.ts';

/** The permission the timeline needs. */
export const TIMELINE_PERMISSION = 'task:read';

/**
 * The project timeline: every task of a project the reader may read (subtasks too) with its dates,
 * list, status, assignees and labels, the project's lists in order, and the dependencies among its
 * tasks. With `labelIds` (issue 26) only the tasks carrying any of those labels are answered, and
 * only the edges between answered tasks (as past the cap).
 * Two statements whatever the project's size: the project's check, then its lists, tasks and
 * edges in one (timeline.repo.ts).
 */
export function timelineService() {
  return {
    async timeline(scope: Scope, q: ProjectTimelineQuery): Promise<ProjectTimeline> {
      // Another company's project, or one out of reach, answers 404 like one that does not exist.
      await loadProject(scope, q.projectId, projectsPolicy.taskReach(scope.actor));
      const {
        lists,
        tasks: rows,
        edges,
      } = await timelineRepo.read(scope, q.projectId, TIMELINE_TASKS_CAP + 1, q.labelIds);
      const tasks = rows.slice(0, TIMELINE_TASKS_CAP);
      const answered = new Set(tasks.map((t) => t.id));
      return {
        projectId: q.projectId,
        lists,
        tasks: tasks.map((t) => ({
          taskId: t.id,
          key: t.key,
          title: t.title,
          taskListId: t.taskListId,
          parentTaskId: t.parentTaskId,
          statusName: t.statusName,
          statusColor: t.statusColor,
          isDone: t.isDone,
          startDate: t.startDate,
          dueDate: t.dueDate,
          assigneeNames: t.assigneeNames,
          labels: t.labels,
        })),
        edges: edges.filter((e) => answered.has(e.blockerTaskId) && answered.has(e.blockedTaskId)),
        truncated: rows.length > TIMELINE_TASKS_CAP,
      };
    },
  };
}

export type TimelineService = ReturnType<typeof timelineService>;
