/**
 * What the auth feature's data access offers the other features (through index.ts): thin,
 * named views of the repository calls used outside the feature, so no other feature holds a
 * repository (issue 22). Same queries as the repository. Getters, not copies, so an import cycle
 * between features' indexes never meets a repository that is not initialised yet.
 */
import { sessionsRepo } from './sessions.repo.ts';

/** Sessions other features open and close (impersonation, deactivation, invitations). */
export const userSessions = {
  get create() {
    return sessionsRepo.create;
  },
  get revoke() {
    return sessionsRepo.revoke;
  },
  get revokeAllForUser() {
    return sessionsRepo.revokeAllForUser;
  },
  get createPasswordToken() {
    return sessionsRepo.createPasswordToken;
  },
};
