/**
 * Task dependencies (issue 26): the task drawer's Dependencies part and the project's
 * auto-schedule switch, composed in by app/routes (features do not import each other).
 */
export { TaskDependenciesSection } from './task-dependencies';
export { AutoScheduleSwitch } from './auto-schedule-switch';
