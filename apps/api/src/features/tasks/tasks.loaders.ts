/**
 * What the tasks feature's data access offers the other features (through index.ts): thin,
 * named views of the repository calls used outside the feature, so no other feature holds a
 * repository (issue 22). Same queries as the repository. Getters, not copies, so an import cycle
 * between features' indexes never meets a repository that is not initialised yet.
 */
import { talliesRepo } from './tallies.repo.ts';
import { tasksRepo } from './tasks.repo.ts';

/** Task counts and progress for projects, lists and reports. */
export const taskTallies = {
  get assigneeOpenTasks() {
    return talliesRepo.assigneeOpenTasks;
  },
  get listColumns() {
    return talliesRepo.listColumns;
  },
  get openAndOverdue() {
    return talliesRepo.openAndOverdue;
  },
  get projectFigures() {
    return talliesRepo.projectFigures;
  },
  get projectProgress() {
    return talliesRepo.projectProgress;
  },
};

/** Tasks as other features read them. */
export const tasksReads = {
  get byId() {
    return tasksRepo.byId;
  },
  get byIdsInReach() {
    return tasksRepo.byIdsInReach;
  },
  get search() {
    return tasksRepo.search;
  },
  get companiesWithOpenTasksDue() {
    return tasksRepo.companiesWithOpenTasksDue;
  },
  /** Issue 26: a task list's page, as the tasks feature reads it (the custom fields' CSV export). */
  get list() {
    return tasksRepo.list;
  },
  get idsInList() {
    return tasksRepo.idsInList;
  },
  get openDueAssignees() {
    return tasksRepo.openDueAssignees;
  },
  get taskRef() {
    return tasksRepo.taskRef;
  },
  get subtasks() {
    return tasksRepo.subtasks;
  },
  get assignees() {
    return tasksRepo.assignees;
  },
};

/** What other features change on tasks: a removed status's tasks, a member leaving a project. */
export const tasksWrites = {
  get moveStatus() {
    return tasksRepo.moveStatus;
  },
  get setDates() {
    return tasksRepo.setDates;
  },
  get recomputeProgress() {
    return tasksRepo.recomputeProgress;
  },
  get unassignFromProject() {
    return tasksRepo.unassignFromProject;
  },
  get insertQuery() {
    return tasksRepo.insertQuery;
  },
  get addAssignees() {
    return tasksRepo.addAssignees;
  },
  get setAssignees() {
    return tasksRepo.setAssignees;
  },
  get update() {
    return tasksRepo.update;
  },
  get moveSubtasksToList() {
    return tasksRepo.moveSubtasksToList;
  },
};
