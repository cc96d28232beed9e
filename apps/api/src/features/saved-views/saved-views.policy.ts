import type { Actor } from '../../lib/scope.ts';
import type { SavedViewRow } from './saved-views.repo.ts';

/** Reads every task of the company: the All Tasks page and its views. */
export const READS_ALL_TASKS = 'task:read:all';
/** Edits the project's settings: also its shared views (the "project manager" of a view). */
export const MANAGES_PROJECT = 'project:update';

/**
 * Who sees and changes a saved view (issue 26). Decision: a personal view is its owner's alone
 * (anyone else gets 404, as for another user's to-do); a shared view (a project's only) is seen by
 * everyone who can see the project and changed or deleted by its owner or by a holder of
 * `project:update` (who manages the project's settings: Company Admin and Manager by default),
 * all but its sharing, which only the owner turns on or off.
 * Every view of a project needs the project within the reader's reach (the projects policy, in
 * the service), the owner's too; the All Tasks page's views need `task:read:all`, as the page does.
 */
export const savedViewsPolicy = {
  canSee(actor: Actor, row: SavedViewRow): boolean {
    return row.ownerId === actor.userId || (row.shared && row.projectId !== null);
  },

  canEdit(actor: Actor, row: SavedViewRow): boolean {
    return row.ownerId === actor.userId || (row.shared && actor.permissions.has(MANAGES_PROJECT));
  },

  /** Whether a view is shared is its owner's choice alone (a manager may change it, not unshare it). */
  canShare(actor: Actor, row: SavedViewRow): boolean {
    return row.ownerId === actor.userId;
  },

  canUsePage(actor: Actor, page: string): boolean {
    return page !== 'all-tasks' || actor.permissions.has(READS_ALL_TASKS);
  },
};
