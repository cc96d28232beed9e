/**
 * What the auth feature offers the other features: they import it from here, never from its files
 * (the API's feature boundary, enforced by ESLint).
 */
export { userSessions } from './auth.loaders.ts';
