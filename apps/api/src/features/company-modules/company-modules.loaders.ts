/**
 * What the company-modules feature's data access offers the other features (through index.ts): thin,
 * named views of the repository calls used outside the feature, so no other feature holds a
 * repository (issue 22). Same queries as the repository. Getters, not copies, so an import cycle
 * between features' indexes never meets a repository that is not initialised yet.
 */
import { companyModulesRepo } from './company-modules.repo.ts';

/** Granting a new company its tenant modules (provisioning). */
export const companyModuleGrants = {
  get grantAllTenantModules() {
    return companyModulesRepo.grantAllTenantModules;
  },
};
