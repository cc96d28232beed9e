/**
 * What the company-roles feature offers the other features: they import it from here, never from its files
 * (the API's feature boundary, enforced by ESLint).
 */
export { toCompanyRole } from './company-roles.mapper.ts';
export { companyRolesReads, companyRolesSetup } from './company-roles.loaders.ts';
