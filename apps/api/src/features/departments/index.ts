/**
 * What the departments feature offers the other features: they import it from here, never from its files
 * (the API's feature boundary, enforced by ESLint).
 */
export { departmentsReads, departmentsSetup } from './departments.loaders.ts';
