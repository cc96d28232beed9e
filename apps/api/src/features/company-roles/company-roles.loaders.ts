/**
 * What the company-roles feature's data access offers the other features (through index.ts): thin,
 * named views of the repository calls used outside the feature, so no other feature holds a
 * repository (issue 22). Same queries as the repository. Getters, not copies, so an import cycle
 * between features' indexes never meets a repository that is not initialised yet.
 */
import { companyRolesRepo } from './company-roles.repo.ts';

/** A company's roles as other features look them up. */
export const companyRolesReads = {
  get activeRole() {
    return companyRolesRepo.activeRole;
  },
  get byName() {
    return companyRolesRepo.byName;
  },
  get defaultRole() {
    return companyRolesRepo.defaultRole;
  },
  get list() {
    return companyRolesRepo.list;
  },
  get lockActiveRole() {
    return companyRolesRepo.lockActiveRole;
  },
};

/** A new company's roles and their grants (provisioning). */
export const companyRolesSetup = {
  get insert() {
    return companyRolesRepo.insert;
  },
  get grant() {
    return companyRolesRepo.grant;
  },
};
