/**
 * What the files feature offers the other features: they import it from here, never from its files
 * (the API's feature boundary, enforced by ESLint).
 */
export { toDocument } from './documents.mapper.ts';
export type { DocumentRow } from './documents.repo.ts';
export type { FileStorage } from './files.storage.ts';
export { companyDocuments, workDocuments } from './files.loaders.ts';
