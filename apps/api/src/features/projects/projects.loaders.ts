/**
 * What the projects feature's data access offers the other features (through index.ts): thin,
 * named views of the repository calls used outside the feature, so no other feature holds a
 * repository (issue 22). Same queries as the repository. Getters, not copies, so an import cycle
 * between features' indexes never meets a repository that is not initialised yet.
 */
import { projectsRepo } from './projects.repo.ts';

/** Projects and their members as other features read them. */
export const projectsReads = {
  get byId() {
    return projectsRepo.byId;
  },
  /** Projects' estimates (the issue 25 rule), for the reports. */
  get estimates() {
    return projectsRepo.estimates;
  },
  get coMemberIds() {
    return projectsRepo.coMemberIds;
  },
  get forMember() {
    return projectsRepo.forMember;
  },
  get membersAmong() {
    return projectsRepo.membersAmong;
  },
};

/** Moving projects off a status that is removed (task statuses). */
export const projectsWrites = {
  get moveStatus() {
    return projectsRepo.moveStatus;
  },
};
