/**
 * What the files feature's data access offers the other features (through index.ts): thin,
 * named views of the repository calls used outside the feature, so no other feature holds a
 * repository (issue 22). Same queries as the repository. Getters, not copies, so an import cycle
 * between features' indexes never meets a repository that is not initialised yet.
 */
import { documentsRepo, workDocumentsRepo } from './documents.repo.ts';

/** A company's own documents (the company page). */
export const companyDocuments = {
  get companyDocument() {
    return documentsRepo.companyDocument;
  },
  get insertCompanyDocument() {
    return documentsRepo.insertCompanyDocument;
  },
  get listForCompany() {
    return documentsRepo.listForCompany;
  },
  get delete() {
    return documentsRepo.delete;
  },
};

/** Documents attached to projects and tasks, and the storage keys to drop with them. */
export const workDocuments = {
  get delete() {
    return documentsRepo.delete;
  },
  get forProjects() {
    return workDocumentsRepo.forProjects;
  },
  get forTask() {
    return workDocumentsRepo.forTask;
  },
  get insert() {
    return workDocumentsRepo.insert;
  },
  get keysOfProject() {
    return workDocumentsRepo.keysOfProject;
  },
  get keysOfTasks() {
    return workDocumentsRepo.keysOfTasks;
  },
  get ofProject() {
    return workDocumentsRepo.ofProject;
  },
  get ofTask() {
    return workDocumentsRepo.ofTask;
  },
};
