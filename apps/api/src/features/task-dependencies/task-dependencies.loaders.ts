/**
 * What the task-dependencies feature's data access offers the other features (through index.ts):
 * thin, named views of the repository calls used outside the feature. Getters, so an import cycle
 * between features' indexes never meets a repository that is not initialised yet.
 */
import { dependenciesRepo } from './task-dependencies.repo.ts';

/** Dependencies as other features read them. */
export const taskDependencyReads = {
  get blockedOf() {
    return dependenciesRepo.blockedOf;
  },
};
