import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MESSAGES,
  commentBodySchema,
  commentListQuerySchema,
  commentSchema,
  envelope,
  idParam,
  paged,
  timelineItemSchema,
  timelineQuerySchema,
} from '@taskhive/contract';
import { scopeOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { CommentsService } from './comments.service.ts';

const tags = ['comments'];
const one = { 200: envelope(commentSchema) };
const created = { 201: envelope(commentSchema) };
const list = { querystring: commentListQuerySchema, response: { 200: envelope(paged(commentSchema)) } };

export async function commentsRoutes(app: FastifyInstance, opts: { comments: CommentsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { comments } = opts;

  r.get(
    '/api/Tasks/:id/comments',
    {
      config: { permission: 'comment:read' },
      schema: {
        tags,
        summary: "A task's comments, newest page first, each page oldest first",
        params: idParam,
        ...list,
      },
    },
    async (req, reply) => ok(reply, await comments.list(scopeOf(req), { taskId: req.params.id }, req.query)),
  );

  r.post(
    '/api/Tasks/:id/comments',
    {
      config: { permission: 'comment:create' },
      schema: {
        tags,
        summary: 'Comment on a task (Markdown; mention with @[userId])',
        params: idParam,
        body: commentBodySchema,
        response: created,
      },
    },
    async (req, reply) =>
      ok(
        reply,
        await comments.create(scopeOf(req), { taskId: req.params.id }, req.body),
        MESSAGES.comments.created,
        201,
      ),
  );

  r.get(
    '/api/Tasks/:id/timeline',
    {
      config: { permission: 'comment:read' },
      schema: {
        tags,
        summary: "A task's comments and activity merged: page 1 the newest, each page newest last",
        params: idParam,
        querystring: timelineQuerySchema,
        response: { 200: envelope(paged(timelineItemSchema)) },
      },
    },
    async (req, reply) => ok(reply, await comments.timeline(scopeOf(req), req.params.id, req.query)),
  );

  r.get(
    '/api/Project/:id/comments',
    {
      config: { permission: 'comment:read' },
      schema: {
        tags,
        summary: "A project's comments, newest page first, each page oldest first",
        params: idParam,
        ...list,
      },
    },
    async (req, reply) =>
      ok(reply, await comments.list(scopeOf(req), { projectId: req.params.id }, req.query)),
  );

  r.post(
    '/api/Project/:id/comments',
    {
      config: { permission: 'comment:create' },
      schema: {
        tags,
        summary: 'Comment on a project (Markdown; mention with @[userId])',
        params: idParam,
        body: commentBodySchema,
        response: created,
      },
    },
    async (req, reply) =>
      ok(
        reply,
        await comments.create(scopeOf(req), { projectId: req.params.id }, req.body),
        MESSAGES.comments.created,
        201,
      ),
  );

  r.put(
    '/api/Comments/:id',
    {
      config: { permission: 'comment:update' },
      schema: {
        tags,
        summary: 'Edit your own comment (marks it edited)',
        params: idParam,
        body: commentBodySchema,
        response: one,
      },
    },
    async (req, reply) =>
      ok(reply, await comments.update(scopeOf(req), req.params.id, req.body), MESSAGES.comments.updated),
  );

  r.delete(
    '/api/Comments/:id',
    {
      config: { permission: 'comment:delete' },
      schema: {
        tags,
        summary: 'Delete your own comment (any comment with comment:delete:all)',
        params: idParam,
        response: { 200: envelope(z.object({ commentId: z.uuid() })) },
      },
    },
    async (req, reply) =>
      ok(reply, await comments.remove(scopeOf(req), req.params.id), MESSAGES.comments.deleted),
  );
}
