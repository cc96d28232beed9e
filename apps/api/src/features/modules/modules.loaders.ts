/**
 * What the modules feature's data access offers the other features (through index.ts): thin,
 * named views of the repository calls used outside the feature, so no other feature holds a
 * repository (issue 22). Same queries as the repository. Getters, not copies, so an import cycle
 * between features' indexes never meets a repository that is not initialised yet.
 */
import { modulesRepo } from './modules.repo.ts';

/** The module catalogue as packages, grants and permissions read it. */
export const modulesReads = {
  get byId() {
    return modulesRepo.byId;
  },
  get list() {
    return modulesRepo.list;
  },
};
