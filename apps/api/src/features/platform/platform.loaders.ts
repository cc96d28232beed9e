/**
 * What the platform feature's data access offers the other features (through index.ts): thin,
 * named views of the repository calls used outside the feature, so no other feature holds a
 * repository (issue 22). Same queries as the repository. Getters, not copies, so an import cycle
 * between features' indexes never meets a repository that is not initialised yet.
 */
import { platformRepo } from './platform.repo.ts';

/** Cross-company reads of the platform (sign-in, the companies list). */
export const platformReads = {
  get activeUsersOfActiveCompanies() {
    return platformRepo.activeUsersOfActiveCompanies;
  },
  get companyUserCounts() {
    return platformRepo.companyUserCounts;
  },
  get userForSignIn() {
    return platformRepo.userForSignIn;
  },
};
