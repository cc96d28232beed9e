/**
 * What the task-statuses feature's data access offers the other features (through index.ts): thin,
 * named views of the repository calls used outside the feature, so no other feature holds a
 * repository (issue 22). Same queries as the repository. Getters, not copies, so an import cycle
 * between features' indexes never meets a repository that is not initialised yet.
 */
import { taskStatusesRepo } from './task-statuses.repo.ts';

/** A company's task statuses as tasks and projects read them. */
export const taskStatusesReads = {
  get first() {
    return taskStatusesRepo.first;
  },
  get firstId() {
    return taskStatusesRepo.firstId;
  },
  get lookup() {
    return taskStatusesRepo.lookup;
  },
};

/** A new company's statuses (provisioning). */
export const taskStatusesSetup = {
  get copyDefaults() {
    return taskStatusesRepo.copyDefaults;
  },
};
