/**
 * What the watchers feature's data access offers the other features (through index.ts): thin,
 * named views of the repository calls used outside the feature, so no other feature holds a
 * repository (issue 22). Same queries as the repository. Getters, not copies, so an import cycle
 * between features' indexes never meets a repository that is not initialised yet.
 */
import { watchersRepo } from './watchers.repo.ts';

/** A task's watchers (notifications) and the statements that add them on changes (a change subscriber). */
export const taskWatchers = {
  get activeIds() {
    return watchersRepo.activeIds;
  },
  get fromChanges() {
    return watchersRepo.fromChanges;
  },
};
