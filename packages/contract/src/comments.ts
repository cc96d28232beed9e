import { z } from 'zod';
import { text } from './text.ts';
import { pageQuery } from './envelope.ts';
import { PAGE_SIZE } from './constants.ts';
import { personSchema } from './projects.ts';

/** Longest comment body, in characters. */
export const MAX_COMMENT_LENGTH = 10000;

/**
 * A mention inside a comment body: `@[<user id>]`. The body keeps the id, never the name; the
 * server checks that every mentioned id is an active user of the same company.
 */
export const MENTION_PATTERN = /@\[([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\]/gi;

export const mentionToken = (userId: string) => `@[${userId}]`;

/** The distinct user ids a body mentions, in order of first appearance. */
export function mentionedIds(body: string): string[] {
  return [...new Set([...body.matchAll(MENTION_PATTERN)].map((m) => (m[1] ?? '').toLowerCase()))];
}

export const commentBodySchema = z.object({
  body: text().trim().min(1).max(MAX_COMMENT_LENGTH),
});
export type CommentBody = z.infer<typeof commentBodySchema>;

export const commentSchema = z.object({
  commentId: z.uuid(),
  taskId: z.uuid().nullable(),
  projectId: z.uuid().nullable(),
  /** Markdown with `@[userId]` mention tokens. */
  body: z.string(),
  author: personSchema,
  /** The people the body mentions, so a client can show their names. */
  mentions: z.array(personSchema),
  createdAt: z.string(),
  /** Set once the author has edited the body. */
  editedAt: z.string().nullable(),
});
export type Comment = z.infer<typeof commentSchema>;

export const commentListQuerySchema = pageQuery(PAGE_SIZE.comments);
export type CommentListQuery = z.infer<typeof commentListQuerySchema>;

/** The fields an activity line names. */
export const ACTIVITY_FIELDS = [
  'created',
  'title',
  'description',
  'status',
  'priority',
  'assignees',
  'startDate',
  'dueDate',
  'endDate',
  'list',
  'document',
  'comment',
  'members',
  /** Issue 26: a dependency added or removed, on the blocked task (`blockedBy`) and the blocker (`blocking`). */
  'blockedBy',
  'blocking',
  /** Issue 26: a label put on the task (`to`: its name) or taken off (`from`). */
  'label',
  /** Issue 26: a task's repeat rule set, changed or removed (`repeat`); an occurrence made from its series (`series`). */
  'repeat',
  'series',
  /** Issue 26: a custom field's value; `from`/`to` are "Name: value" (a field name has no colon). */
  'customField',
] as const;
export type ActivityField = (typeof ACTIVITY_FIELDS)[number];

export const activitySchema = z.object({
  activityId: z.uuid(),
  taskId: z.uuid().nullable(),
  projectId: z.uuid().nullable(),
  actor: personSchema,
  field: z.enum(ACTIVITY_FIELDS),
  /** What it was and what it became, as shown (names, not ids); null where there was none. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  createdAt: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;

/** One line of a task's timeline: a comment or an activity. */
export const timelineItemSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('comment'), comment: commentSchema }),
  z.object({ kind: z.literal('activity'), activity: activitySchema }),
]);
export type TimelineItem = z.infer<typeof timelineItemSchema>;

/**
 * GET /Tasks/{id}/timeline: page 1 holds the newest items; each page lists its items oldest
 * first (newest last), so "load older" asks for the next page and puts it above.
 */
export const timelineQuerySchema = pageQuery(PAGE_SIZE.timeline);
export type TimelineQuery = z.infer<typeof timelineQuerySchema>;
