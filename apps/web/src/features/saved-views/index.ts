/**
 * Saved views (issue 26): the "Views" control, composed into the project page, My Tasks, All
 * Tasks and the calendar by app/routes (features do not import each other).
 */
export { SavedViewsControl } from './saved-views-control';
