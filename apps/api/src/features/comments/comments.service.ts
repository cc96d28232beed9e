import {
  type Comment,
  type CommentBody,
  type CommentListQuery,
  MESSAGES,
  mentionedIds,
  type Paged,
  type Person,
  type TimelineItem,
  type TimelineQuery,
} from '@taskhive/contract';
import { fieldError, HttpError, notFound } from '../../lib/errors.ts';
import { toPaged } from '../../lib/list.ts';
import type { Scope } from '../../lib/scope.ts';
import { projectsPolicy, loadProject } from '../projects/index.ts';
import { tasksReads } from '../tasks/index.ts';
import { usersReads } from '../users/index.ts';
import { mentionsOf, toActivity, toComment, toPerson } from './comments.mapper.ts';
import { commentsPolicy } from './comments.policy.ts';
import { type CommentRow, commentsRepo, type Target } from './comments.repo.ts';

/** A task within the actor's reach (the tasks policy), or 404. */
async function loadTask(scope: Scope, id: string) {
  const row = await tasksReads.byId(scope, id, projectsPolicy.taskReach(scope.actor));
  if (!row) throw notFound('Task');
  return row;
}

/** The target within reach, and the project its activity goes under. */
async function loadTarget(
  scope: Scope,
  target: Target,
): Promise<{ projectId: string; taskId: string | null }> {
  if ('taskId' in target) {
    const task = await loadTask(scope, target.taskId);
    return { projectId: task.projectId, taskId: task.id };
  }
  const project = await loadProject(scope, target.projectId);
  return { projectId: project.id, taskId: null };
}

/** A comment whose task or project is within reach, or 404 (as for another company's). */
async function loadComment(scope: Scope, id: string) {
  const row = await commentsRepo.byId(scope, id);
  if (!row) throw notFound('Comment');
  // The table's check keeps exactly one of the two set.
  const target: Target | null = row.taskId
    ? { taskId: row.taskId }
    : row.projectId
      ? { projectId: row.projectId }
      : null;
  if (!target) throw notFound('Comment');
  try {
    return { row, at: await loadTarget(scope, target) };
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 404) throw notFound('Comment');
    throw err;
  }
}

/** Every mention must name an active user of this company; another company's is unknown here. */
async function assertMentions(scope: Scope, body: string) {
  const ids = mentionedIds(body);
  const found = await usersReads.notDeactivatedAmong(scope, ids);
  if (ids.some((id) => !found.has(id))) throw fieldError('body', MESSAGES.comments.mentionUnknown);
}

async function peopleOf(scope: Scope, rows: CommentRow[]): Promise<Map<string, Person>> {
  const people = await commentsRepo.people(scope, mentionsOf(rows));
  return new Map(people.map((p) => [p.userId, toPerson(p)]));
}

async function view(scope: Scope, id: string): Promise<Comment> {
  const row = await commentsRepo.byId(scope, id);
  if (!row) throw notFound('Comment');
  return toComment(row, await peopleOf(scope, [row]));
}

/**
 * Comments on tasks and projects, and a task's timeline. Posting and deleting a comment are
 * activities of its task or project, written in the same transaction; an edit sets `editedAt`.
 */
export const commentsService = {
  async list(scope: Scope, target: Target, q: CommentListQuery): Promise<Paged<Comment>> {
    await loadTarget(scope, target);
    const result = await commentsRepo.list(scope, target, q);
    const people = await peopleOf(scope, result.rows);
    return toPaged(q, result, (row) => toComment(row, people));
  },

  async create(scope: Scope, target: Target, body: CommentBody): Promise<Comment> {
    const at = await loadTarget(scope, target);
    await assertMentions(scope, body.body);
    const id = await scope.transaction(async (tx) => {
      const commentId = await commentsRepo.insert(tx, target, body.body);
      tx.emit({
        type: 'comment',
        action: 'created',
        id: commentId,
        ...at,
        fields: [{ field: 'comment', from: null, to: 'added' }],
        notice: { body: body.body },
      });
      return commentId;
    });
    return view(scope, id);
  },

  async update(scope: Scope, id: string, body: CommentBody): Promise<Comment> {
    const { row, at } = await loadComment(scope, id);
    commentsPolicy.assertCanEdit(scope.actor, row);
    await assertMentions(scope, body.body);
    await scope.transaction(async (tx) => {
      await commentsRepo.update(tx, id, body.body);
      tx.emit({
        type: 'comment',
        action: 'updated',
        id,
        ...at,
        notice: { body: body.body, bodyBefore: row.body },
      });
    });
    return view(scope, id);
  },

  /** The activity keeps whose comment went, not what it said. */
  async remove(scope: Scope, id: string): Promise<{ commentId: string }> {
    const { row, at } = await loadComment(scope, id);
    commentsPolicy.assertCanDelete(scope.actor, row);
    await scope.transaction(async (tx) => {
      await commentsRepo.delete(tx, id);
      const author = toPerson(row.author);
      tx.emit({
        type: 'comment',
        action: 'deleted',
        id,
        ...at,
        fields: [{ field: 'comment', from: `${author.firstName} ${author.lastName}`.trim(), to: null }],
      });
    });
    return { commentId: id };
  },

  /** Page 1 is the newest; each page oldest first. Six queries whatever the page size. */
  async timeline(scope: Scope, taskId: string, q: TimelineQuery): Promise<Paged<TimelineItem>> {
    await loadTask(scope, taskId);
    const keys = await commentsRepo.timeline(scope, taskId, q);
    const ids = (kind: 'comment' | 'activity') => keys.rows.filter((k) => k.kind === kind).map((k) => k.id);
    const [commentRows, activityRows] = await Promise.all([
      commentsRepo.byIds(scope, ids('comment')),
      commentsRepo.activitiesByIds(scope, ids('activity')),
    ]);
    const people = await peopleOf(scope, commentRows);
    const commentsById = new Map(commentRows.map((r) => [r.id, r]));
    const activitiesById = new Map(activityRows.map((r) => [r.id, r]));
    const items = [...keys.rows].reverse().flatMap((k): TimelineItem[] => {
      const c = k.kind === 'comment' ? commentsById.get(k.id) : undefined;
      if (c) return [{ kind: 'comment', comment: toComment(c, people) }];
      const a = k.kind === 'activity' ? activitiesById.get(k.id) : undefined;
      return a ? [{ kind: 'activity', activity: toActivity(a) }] : [];
    });
    return toPaged(q, { rows: items, total: keys.total }, (item) => item);
  },
};

export type CommentsService = typeof commentsService;
