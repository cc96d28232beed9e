/**
 * What the users feature offers the other features: they import it from here, never from its files
 * (the API's feature boundary, enforced by ESLint).
 */
export { grantsPolicy } from './grants.policy.ts';
export { enqueueInvitation } from './invitations.ts';
export { profilePhotoUrl, toSessionUser, toUserProfile } from './users.mapper.ts';
export { notDeactivated, profileColumns, withProfileJoins } from './users.repo.ts';
export type { UserRow } from './users.repo.ts';
export { listEmployees } from './users.service.ts';
export { usersReads, usersWrites } from './users.loaders.ts';
