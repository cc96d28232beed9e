import type { DocumentInfo, Person, Task } from '@taskhive/contract';
import { type DocumentRow, toDocument } from '../files/index.ts';
import { profilePhotoUrl } from '../users/index.ts';
import type { AssigneeRow, TaskRow } from './tasks.repo.ts';

const hours = (v: string | null) => (v === null ? null : Number(v));

function toPerson(a: AssigneeRow): Person {
  return {
    userId: a.userId,
    firstName: a.firstName,
    lastName: a.lastName,
    profilePhotoUrl: profilePhotoUrl({
      userId: a.userId,
      profilePhotoPath: a.profilePhotoPath,
      updatedAt: a.userUpdatedAt,
    }),
  };
}

/** Assignees grouped by task, from the one batch query of a page. */
export function byTask(rows: AssigneeRow[]): Map<string, Person[]> {
  const out = new Map<string, Person[]>();
  for (const a of rows) {
    const list = out.get(a.taskId) ?? [];
    list.push(toPerson(a));
    out.set(a.taskId, list);
  }
  return out;
}

export function toTask(row: TaskRow, assignees: Map<string, Person[]>): Task {
  return {
    taskId: row.id,
    key: row.key,
    projectId: row.projectId,
    projectName: row.projectName,
    taskListId: row.taskListId,
    listName: row.listName,
    parentTaskId: row.parentTaskId,
    title: row.title,
    description: row.description,
    statusId: row.statusId,
    statusName: row.statusName,
    statusColor: row.statusColor,
    priorityId: row.priorityId,
    priorityName: row.priorityName,
    startDate: row.startDate,
    dueDate: row.dueDate,
    estimatedHours: hours(row.estimatedHours),
    actualHours: hours(row.actualHours),
    progress: row.progress,
    sortOrder: row.sortOrder,
    isOverdue: row.isOverdue,
    subtaskCount: row.subtaskCount,
    blockedByOpenCount: row.blockedByOpenCount,
    recurring: row.recurring,
    customFields: (row.customFields ?? {}) as Task['customFields'],
    assignees: assignees.get(row.id) ?? [],
    labels: row.labels,
    createdBy: row.createdBy,
    completedAt: row.completedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const taskDocumentUrl = (taskId: string, documentId: string) =>
  `/api/Tasks/${taskId}/documents/${documentId}`;

export function toTaskDocument(taskId: string, row: DocumentRow): DocumentInfo {
  return toDocument(row, taskDocumentUrl(taskId, row.id));
}
