/**
 * What the task-dependencies feature offers the other features: they import it from here, never
 * from its files (the API's feature boundary, enforced by ESLint).
 */
export { taskDependencyReads } from './task-dependencies.loaders.ts';
export { dependencySchedule, dependencyStatus } from './task-dependencies.service.ts';
