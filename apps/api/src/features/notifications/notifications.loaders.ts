/**
 * What the notifications feature's data access offers the other features (through index.ts): thin,
 * named views of the repository calls used outside the feature, so no other feature holds a
 * repository (issue 22). Same queries as the repository. Getters, not copies, so an import cycle
 * between features' indexes never meets a repository that is not initialised yet.
 */
import { notificationsRepo } from './notifications.repo.ts';

/** Putting notifications in people's bells (timesheets). */
export const notificationInbox = {
  get insert() {
    return notificationsRepo.insert;
  },
};
