/**
 * What the modules feature offers the other features: they import it from here, never from its files
 * (the API's feature boundary, enforced by ESLint).
 */
export { toModule } from './modules.mapper.ts';
export { dayAfter } from './modules.repo.ts';
export { modulesReads } from './modules.loaders.ts';
