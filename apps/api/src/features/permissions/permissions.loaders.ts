/**
 * What the permissions feature's data access offers the other features (through index.ts): thin,
 * named views of the repository calls used outside the feature, so no other feature holds a
 * repository (issue 22). Same queries as the repository. Getters, not copies, so an import cycle
 * between features' indexes never meets a repository that is not initialised yet.
 */
import { permissionsRepo } from './permissions.repo.ts';

/** The permission catalogue as roles and modules read it. */
export const permissionsReads = {
  get allowedInScope() {
    return permissionsRepo.allowedInScope;
  },
  get byId() {
    return permissionsRepo.byId;
  },
  get byIds() {
    return permissionsRepo.byIds;
  },
  get byNames() {
    return permissionsRepo.byNames;
  },
  get ofModule() {
    return permissionsRepo.ofModule;
  },
};
