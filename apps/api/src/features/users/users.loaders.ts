/**
 * What the users feature's data access offers the other features (through index.ts): thin,
 * named views of the repository calls used outside the feature, so no other feature holds a
 * repository (issue 22). Same queries as the repository. Getters, not copies, so an import cycle
 * between features' indexes never meets a repository that is not initialised yet.
 */
import { usersRepo } from './users.repo.ts';

/** People as other features read them (names, owners, counts, sign-in facts). */
export const usersReads = {
  get byId() {
    return usersRepo.byId;
  },
  get countWithRole() {
    return usersRepo.countWithRole;
  },
  get departmentMemberCounts() {
    return usersRepo.departmentMemberCounts;
  },
  get listByDepartment() {
    return usersRepo.listByDepartment;
  },
  get mustChangePassword() {
    return usersRepo.mustChangePassword;
  },
  get notDeactivatedAmong() {
    return usersRepo.notDeactivatedAmong;
  },
  get ownerOf() {
    return usersRepo.ownerOf;
  },
  get passwordHash() {
    return usersRepo.passwordHash;
  },
  get person() {
    return usersRepo.person;
  },
  get roleUserCounts() {
    return usersRepo.roleUserCounts;
  },
  get timeZones() {
    return usersRepo.timeZones;
  },
};

/** What other features change on users: sign-in bookkeeping, a removed department, the first admin. */
export const usersWrites = {
  get insert() {
    return usersRepo.insert;
  },
  get touchLogin() {
    return usersRepo.touchLogin;
  },
  get unassignDepartment() {
    return usersRepo.unassignDepartment;
  },
  get update() {
    return usersRepo.update;
  },
};
