/**
 * What the company-modules feature offers the other features: they import it from here, never from its files
 * (the API's feature boundary, enforced by ESLint).
 */
export { companyGrants } from './company-modules.repo.ts';
export { companyTarget } from './company-target.ts';
export { companyModuleGrants } from './company-modules.loaders.ts';
export type { CompanyModulesService } from './company-modules.service.ts';
