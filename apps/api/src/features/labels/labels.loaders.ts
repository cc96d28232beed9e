/**
 * What the labels feature's data access offers the other features (through index.ts): thin,
 * named views of the repository calls used outside the feature (see users.loaders.ts).
 */
import { labelsRepo } from './labels.repo.ts';

/** What other features change on tasks' labels: a recurring series copies them to its next occurrence. */
export const labelsWrites = {
  get copyToTasks() {
    return labelsRepo.copyToTasks;
  },
};
