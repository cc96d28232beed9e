/**
 * What the tasks feature offers the other features: they import it from here, never from its files
 * (the API's feature boundary, enforced by ESLint).
 */
export type { ProjectFigures } from './tallies.repo.ts';
export type { TaskRow } from './tasks.repo.ts';
export { isOverdue, labelsOfTask, taskKey, withAnyLabel } from './task-expressions.ts';
export { taskTallies, tasksReads, tasksWrites } from './tasks.loaders.ts';
