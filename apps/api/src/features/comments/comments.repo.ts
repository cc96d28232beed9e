import { and, desc, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { activities, comments, users } from '../../db/schema/index.ts';
import { countAll, type ListResult, pageWindow, type PageParams, totalOf } from '../../lib/list.ts';
import type { Scope } from '../../lib/scope.ts';

/** What a comment is on: a task or a project. */
export type Target = { taskId: string } | { projectId: string };

export type PersonRow = {
  userId: string;
  firstName: string;
  lastName: string;
  profilePhotoPath: string | null;
  userUpdatedAt: Date;
};

export type CommentRow = {
  id: string;
  taskId: string | null;
  projectId: string | null;
  authorId: string;
  body: string;
  createdAt: Date;
  editedAt: Date | null;
} & { author: PersonRow };

export type ActivityRow = {
  id: string;
  taskId: string | null;
  projectId: string;
  field: string;
  fromValue: string | null;
  toValue: string | null;
  createdAt: Date;
} & { actor: PersonRow };

export type TimelineKey = { kind: 'comment' | 'activity'; id: string };

const on = (t: Target) =>
  'taskId' in t ? eq(comments.taskId, t.taskId) : eq(comments.projectId, t.projectId);

const person = {
  userId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  profilePhotoPath: users.profilePhotoPath,
  userUpdatedAt: users.updatedAt,
};

function commentSelect(scope: Scope) {
  return scope.db
    .select({
      id: comments.id,
      taskId: comments.taskId,
      projectId: comments.projectId,
      authorId: comments.authorId,
      body: comments.body,
      createdAt: comments.createdAt,
      editedAt: comments.editedAt,
      author: person,
    })
    .from(comments)
    .innerJoin(users, and(eq(users.companyId, comments.companyId), eq(users.id, comments.authorId)))
    .$dynamic();
}

/**
 * A comment posted shows as itself on the timeline, so its 'comment added' activity stays out
 * (the activity of a deleted comment stays in).
 */
const shownActivity = or(ne(activities.field, 'comment'), isNotNull(activities.fromValue));

/** The only place that touches `comments`, and that reads `activities` for a timeline. */
export const commentsRepo = {
  async list(scope: Scope, target: Target, q: PageParams): Promise<ListResult<CommentRow>> {
    const { limit, offset } = pageWindow(q);
    const where = scope.own(comments, on(target));
    const [rows, total] = await Promise.all([
      commentSelect(scope)
        .where(where)
        .orderBy(desc(comments.createdAt), desc(comments.id))
        .limit(limit)
        .offset(offset),
      totalOf(scope.db.select({ n: countAll() }).from(comments).where(where)),
    ]);
    return { rows: rows.reverse(), total };
  },

  async byId(scope: Scope, id: string): Promise<CommentRow | null> {
    const [row] = await commentSelect(scope).where(scope.own(comments, eq(comments.id, id)));
    return row ?? null;
  },

  async byIds(scope: Scope, ids: string[]): Promise<CommentRow[]> {
    if (ids.length === 0) return [];
    return commentSelect(scope).where(scope.own(comments, inArray(comments.id, ids)));
  },

  async insert(scope: Scope, target: Target, body: string): Promise<string> {
    const [row] = await scope.db
      .insert(comments)
      .values(scope.values({ ...target, authorId: scope.actor.userId, body }))
      .returning({ id: comments.id });
    if (!row) throw new Error('comment insert returned nothing');
    return row.id;
  },

  async update(scope: Scope, id: string, body: string): Promise<void> {
    await scope.db
      .update(comments)
      .set({ body, editedAt: sql`now()` })
      .where(scope.own(comments, eq(comments.id, id)));
  },

  async delete(scope: Scope, id: string): Promise<void> {
    await scope.db.delete(comments).where(scope.own(comments, eq(comments.id, id)));
  },

  /** Everyone who has commented on a task (they follow it: notifications). */
  async commenterIds(scope: Scope, taskId: string): Promise<string[]> {
    const rows = await scope.db
      .selectDistinct({ authorId: comments.authorId })
      .from(comments)
      .where(scope.own(comments, eq(comments.taskId, taskId)));
    return rows.map((r) => r.authorId);
  },

  /** The people of this company among these ids (for showing mentions). */
  async people(scope: Scope, userIds: string[]): Promise<PersonRow[]> {
    if (userIds.length === 0) return [];
    return scope.db
      .select(person)
      .from(users)
      .where(scope.own(users, inArray(users.id, userIds)));
  },

  /**
   * One page of a task's timeline, newest first (the service turns each page around): the keys
   * of comments and shown activities merged in one query, and the total in one more.
   */
  async timeline(scope: Scope, taskId: string, q: PageParams): Promise<ListResult<TimelineKey>> {
    const { limit, offset } = pageWindow(q);
    const commentWhere = scope.own(comments, eq(comments.taskId, taskId));
    const activityWhere = scope.own(activities, eq(activities.taskId, taskId), shownActivity);
    const merged = unionAll(
      scope.db
        .select({
          kind: sql<'comment' | 'activity'>`'comment'`.as('kind'),
          id: comments.id,
          at: comments.createdAt,
        })
        .from(comments)
        .where(commentWhere),
      scope.db
        .select({
          kind: sql<'comment' | 'activity'>`'activity'`.as('kind'),
          id: activities.id,
          at: activities.createdAt,
        })
        .from(activities)
        .where(activityWhere),
    )
      .orderBy(sql`created_at desc`, sql`id desc`)
      .limit(limit)
      .offset(offset);
    const [keys, comments_, activities_] = await Promise.all([
      merged,
      totalOf(scope.db.select({ n: countAll() }).from(comments).where(commentWhere)),
      totalOf(scope.db.select({ n: countAll() }).from(activities).where(activityWhere)),
    ]);
    return { rows: keys.map((k) => ({ kind: k.kind, id: k.id })), total: comments_ + activities_ };
  },

  async activitiesByIds(scope: Scope, ids: string[]): Promise<ActivityRow[]> {
    if (ids.length === 0) return [];
    return scope.db
      .select({
        id: activities.id,
        taskId: activities.taskId,
        projectId: activities.projectId,
        field: activities.field,
        fromValue: activities.fromValue,
        toValue: activities.toValue,
        createdAt: activities.createdAt,
        actor: person,
      })
      .from(activities)
      .innerJoin(users, and(eq(users.companyId, activities.companyId), eq(users.id, activities.actorId)))
      .where(scope.own(activities, inArray(activities.id, ids)));
  },
};
