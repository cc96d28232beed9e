/**
 * What the comments feature offers the other features: they import it from here, never from its files
 * (the API's feature boundary, enforced by ESLint).
 */
export { personName, projectChanges, taskChanges } from './activity.ts';
export type { TaskState } from './activity.ts';
export { toPerson } from './comments.mapper.ts';
export type { PersonRow } from './comments.repo.ts';
export { taskActivity, commentsReads } from './comments.loaders.ts';
export type { CommentsService } from './comments.service.ts';
