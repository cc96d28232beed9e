/**
 * What the task-lists feature offers the other features: they import it from here, never from its files
 * (the API's feature boundary, enforced by ESLint).
 */
export { toTaskList } from './task-lists.mapper.ts';
export { loadTaskListRef } from './task-lists.service.ts';
export { taskListsReads } from './task-lists.loaders.ts';
export type { TaskListsService } from './task-lists.service.ts';
