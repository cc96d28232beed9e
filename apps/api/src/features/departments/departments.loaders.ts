/**
 * What the departments feature's data access offers the other features (through index.ts): thin,
 * named views of the repository calls used outside the feature, so no other feature holds a
 * repository (issue 22). Same queries as the repository. Getters, not copies, so an import cycle
 * between features' indexes never meets a repository that is not initialised yet.
 */
import { departmentsRepo } from './departments.repo.ts';

/** A department by id (user forms). */
export const departmentsReads = {
  get byId() {
    return departmentsRepo.byId;
  },
};

/** A new company's departments (provisioning). */
export const departmentsSetup = {
  get insert() {
    return departmentsRepo.insert;
  },
};
