/**
 * What the task-lists feature's data access offers the other features (through index.ts): thin,
 * named views of the repository calls used outside the feature, so no other feature holds a
 * repository (issue 22). Same queries as the repository. Getters, not copies, so an import cycle
 * between features' indexes never meets a repository that is not initialised yet.
 */
import { taskListsRepo } from './task-lists.repo.ts';

/** Task lists as tasks and projects read them. */
export const taskListsReads = {
  get byId() {
    return taskListsRepo.byId;
  },
  get forProject() {
    return taskListsRepo.forProject;
  },
};
