/**
 * What the permissions feature offers the other features: they import it from here, never from its files
 * (the API's feature boundary, enforced by ESLint).
 */
export { toPermission } from './permissions.mapper.ts';
export { permissionsReads } from './permissions.loaders.ts';
export type { PermissionsService } from './permissions.service.ts';
