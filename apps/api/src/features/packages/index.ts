/**
 * What the packages feature offers the other features: they import it from here, never from its
 * files (the API's feature boundary, enforced by ESLint).
 */
export type { PackagesService } from './packages.service.ts';
