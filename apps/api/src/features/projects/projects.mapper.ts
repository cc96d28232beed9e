import type { DocumentInfo, Project, ProjectMember } from '@taskhive/contract';
import { type DocumentRow, toDocument } from '../files/index.ts';
import { profilePhotoUrl } from '../users/index.ts';
import type { ProjectFigures } from '../tasks/index.ts';
import type { MemberRow, ProjectRow } from './projects.repo.ts';

export function toProjectMember(m: MemberRow): ProjectMember {
  return {
    userId: m.userId,
    firstName: m.firstName,
    lastName: m.lastName,
    email: m.email,
    jobTitle: m.jobTitle,
    profilePhotoUrl: profilePhotoUrl({
      userId: m.userId,
      profilePhotoPath: m.profilePhotoPath,
      updatedAt: m.userUpdatedAt,
    }),
    addedAt: m.addedAt.toISOString(),
  };
}

/**
 * `members`: this project's members, or a page's (others' are skipped); figures by project id.
 * `counts`: member counts by project id when `members` is only a preview (the list).
 */
export function toProject(
  row: ProjectRow,
  members: MemberRow[],
  figures: Map<string, ProjectFigures>,
  counts?: Map<string, number>,
): Project {
  const own = members.filter((m) => m.projectId === row.id);
  const f = figures.get(row.id);
  return {
    projectId: row.id,
    code: row.code,
    name: row.name,
    description: row.description,
    statusId: row.statusId,
    statusName: row.statusName,
    statusColor: row.statusColor,
    startDate: row.startDate,
    endDate: row.endDate,
    progress: f?.progress ?? 0,
    taskCount: f?.taskCount ?? 0,
    memberCount: counts ? (counts.get(row.id) ?? 0) : own.length,
    projectMembers: own.map(toProjectMember),
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const projectDocumentUrl = (projectId: string, documentId: string) =>
  `/api/Project/${projectId}/documents/${documentId}`;

export function toProjectDocument(projectId: string, row: DocumentRow): DocumentInfo {
  return toDocument(row, projectDocumentUrl(projectId, row.id));
}
