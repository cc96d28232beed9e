import {
  type Activity,
  type ActivityField,
  type Comment,
  mentionedIds,
  type Person,
} from '@taskhive/contract';
import { profilePhotoUrl } from '../users/index.ts';
import type { ActivityRow, CommentRow, PersonRow } from './comments.repo.ts';

export function toPerson(p: PersonRow): Person {
  return {
    userId: p.userId,
    firstName: p.firstName,
    lastName: p.lastName,
    profilePhotoUrl: profilePhotoUrl({
      userId: p.userId,
      profilePhotoPath: p.profilePhotoPath,
      updatedAt: p.userUpdatedAt,
    }),
  };
}

/** Every id the bodies of these comments mention, once. */
export const mentionsOf = (rows: CommentRow[]) => [...new Set(rows.flatMap((r) => mentionedIds(r.body)))];

export function toComment(row: CommentRow, people: Map<string, Person>): Comment {
  return {
    commentId: row.id,
    taskId: row.taskId,
    projectId: row.projectId,
    body: row.body,
    author: toPerson(row.author),
    mentions: mentionedIds(row.body).flatMap((id) => {
      const p = people.get(id);
      return p ? [p] : [];
    }),
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt ? row.editedAt.toISOString() : null,
  };
}

export function toActivity(row: ActivityRow): Activity {
  return {
    activityId: row.id,
    taskId: row.taskId,
    projectId: row.projectId,
    actor: toPerson(row.actor),
    field: row.field as ActivityField,
    from: row.fromValue,
    to: row.toValue,
    createdAt: row.createdAt.toISOString(),
  };
}
