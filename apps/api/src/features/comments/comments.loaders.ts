/**
 * What the comments feature's data access offers the other features (through index.ts): thin,
 * named views of the repository calls used outside the feature, so no other feature holds a
 * repository (issue 22). Same queries as the repository. Getters, not copies, so an import cycle
 * between features' indexes never meets a repository that is not initialised yet.
 */
import { activitiesRepo } from './activities.repo.ts';
import { commentsRepo } from './comments.repo.ts';

/** A task's history: the created entry, and the statements that turn changes into history (a change subscriber). */
export const taskActivity = {
  get recordCreated() {
    return activitiesRepo.recordCreated;
  },
  get recordCreatedWithChange() {
    return activitiesRepo.recordCreatedWithChange;
  },
  get fromChanges() {
    return activitiesRepo.fromChanges;
  },
};

/** Who took part in a task's comments (notifications). */
export const commentsReads = {
  get people() {
    return commentsRepo.people;
  },
};
