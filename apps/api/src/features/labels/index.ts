/**
 * What the labels feature offers the other features: they import it from here, never from its
 * files (the API's feature boundary, enforced by ESLint). The app registers its routes and service
 * from their files, as it does every feature's.
 */
export type { LabelsService } from './labels.service.ts';
export { labelsWrites } from './labels.loaders.ts';
