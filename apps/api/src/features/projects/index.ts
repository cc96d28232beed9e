/**
 * What the projects feature offers the other features: they import it from here, never from its files
 * (the API's feature boundary, enforced by ESLint).
 */
export { READS_ALL_PROJECTS, READS_ALL_TASKS, projectsPolicy } from './projects.policy.ts';
export { countedEstimateMinutes, reachCondition } from './projects.repo.ts';
export type { Reach } from './projects.repo.ts';
export { assertStatus, loadProject } from './projects.service.ts';
export { projectsReads, projectsWrites } from './projects.loaders.ts';
