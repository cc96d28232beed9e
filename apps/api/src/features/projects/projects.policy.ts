import type { Actor } from '../../lib/scope.ts';
import type { Reach } from './projects.repo.ts';

/** The rights that open every project, or every project's tasks, without membership. */
export const READS_ALL_PROJECTS = 'project:read:all';
export const READS_ALL_TASKS = 'task:read:all';

/**
 * Who sees which projects (and, through them, task lists and tasks): the one access module of
 * projects and tasks. It answers both questions, for every caller of them (the reads and writes,
 * the notifications' recipients, the live streams' filter):
 * - `project:read:all` (Company Admin, Manager): every project of the company;
 * - `project:read` alone (Employee): the projects they are a member of.
 * Tasks follow their project; `task:read:all` also opens every project's tasks.
 * Anything outside the reach answers 404, like another company's record. Writes need the
 * route's permission and a record within the reach.
 * - `projectReach` / `taskReach`: for lists and loads, the condition (`visibleWhere`): null for
 *   every project, else the member's id (projectsRepo's `reachCondition`);
 * - `canReadProject` / `canReadTask`: for one record, given the holder's rights and whether they
 *   are a member of its project (`can`).
 */
export const projectsPolicy = {
  projectReach(actor: Actor): Reach {
    return projectsPolicy.canReadProject(actor.permissions, false) ? null : actor.userId;
  },

  taskReach(actor: Actor): Reach {
    return projectsPolicy.canReadTask(actor.permissions, false) ? null : actor.userId;
  },

  canReadProject(rights: ReadonlySet<string>, isMember: boolean): boolean {
    return isMember || rights.has(READS_ALL_PROJECTS);
  },

  canReadTask(rights: ReadonlySet<string>, isMemberOfProject: boolean): boolean {
    return isMemberOfProject || rights.has(READS_ALL_PROJECTS) || rights.has(READS_ALL_TASKS);
  },
};
