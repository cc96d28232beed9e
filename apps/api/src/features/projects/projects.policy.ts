import type { Actor } from '../../lib/scope.ts';
import type { Reach } from './projects.repo.ts';

/**
 * Who sees which projects (and, through them, task lists and tasks):
 * - `project:read:all` (Company Admin, Manager): every project of the company;
 * - `project:read` alone (Employee): the projects they are a member of.
 * Tasks follow their project; `task:read:all` also opens every project's tasks.
 * Anything outside the reach answers 404, like another company's record. Writes need the
 * route's permission and a record within the reach.
 */
export const projectsPolicy = {
  projectReach(actor: Actor): Reach {
    return actor.permissions.has('project:read:all') ? null : actor.userId;
  },

  taskReach(actor: Actor): Reach {
    return actor.permissions.has('project:read:all') || actor.permissions.has('task:read:all')
      ? null
      : actor.userId;
  },
};
