/**
 * What the platform feature offers the other features: they import it from here, never from its files
 * (the API's feature boundary, enforced by ESLint).
 */
export { platformReads } from './platform.loaders.ts';
