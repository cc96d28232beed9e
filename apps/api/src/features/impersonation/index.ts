/**
 * What the impersonation feature offers the other features: they import it from here, never from
 * its files (the API's feature boundary, enforced by ESLint).
 */
export { impersonationService } from './impersonation.service.ts';
export type { ImpersonationService } from './impersonation.service.ts';
