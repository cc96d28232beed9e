/**
 * What the time-logs feature's data access offers the other features (through index.ts): thin,
 * named views of the repository calls used outside the feature, so no other feature holds a
 * repository (issue 22). Same queries as the repository. Getters, not copies, so an import cycle
 * between features' indexes never meets a repository that is not initialised yet.
 */
import { timeLogsRepo } from './time-logs.repo.ts';
import { timeTalliesRepo } from './time-tallies.repo.ts';

/** Time logs as users, reports and notifications read them. */
export const timeLogsReads = {
  get byId() {
    return timeLogsRepo.byId;
  },
  get recentForUser() {
    return timeLogsRepo.recentForUser;
  },
  get recentRows() {
    return timeLogsRepo.recentRows;
  },
};

/** Logged hours summed for reports. */
export const timeTallies = {
  get companyHours() {
    return timeTalliesRepo.companyHours;
  },
  get weekMinutes() {
    return timeTalliesRepo.weekMinutes;
  },
};
