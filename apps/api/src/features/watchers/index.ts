/**
 * What the watchers feature offers the other features: they import it from here, never from its
 * files (the API's feature boundary, enforced by ESLint).
 */
export { taskWatchers } from './watchers.loaders.ts';
export type { WatchersService } from './watchers.service.ts';
