/**
 * What the roles feature offers the other features: they import it from here, never from its files
 * (the API's feature boundary, enforced by ESLint).
 */
export { userTarget } from './user-target.ts';
