import { loader } from '../../lib/preloadable';

/**
 * The project page's chunk (its lists, board and task drawer): the router's lazy route, started
 * early by `warmProjectDetail` when the workspace opens on a project's address.
 */
export const loadProjectDetailRoute = loader(() => import('./project-detail-route'));
