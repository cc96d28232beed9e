import type { ProjectTimelineQuery } from '@taskhive/contract';
import { TIMELINE_TASKS_CAP } from '@taskhive/contract';
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
 * edges in one, written as JSON by the database (`ProjectTimeline`, as text; timeline.repo.ts).
 */
export function timelineService() {
  return {
    async timelineJson(scope: Scope, q: ProjectTimelineQuery): Promise<string> {
      // Another company's project, or one out of reach, answers 404 like one that does not exist.
      await loadProject(scope, q.projectId, projectsPolicy.taskReach(scope.actor));
      return timelineRepo.readJson(scope, q.projectId, TIMELINE_TASKS_CAP, q.labelIds);
    },
  };
}

export type TimelineService = ReturnType<typeof timelineService>;
