/**
 * What the task-statuses feature offers the other features: they import it from here, never from its files
 * (the API's feature boundary, enforced by ESLint).
 */
export { priorityCatalogue, withStatusId } from './task-statuses.service.ts';
export { taskStatusesReads, taskStatusesSetup } from './task-statuses.loaders.ts';
