import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES, commentBodySchema, commentSchema, envelope, idParam } from '@taskhive/contract';
import { scopeOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { CommentsService } from './comments.service.ts';

const tags = ['comments'];
const one = { 200: envelope(commentSchema) };

export async function commentsRoutes(app: FastifyInstance, opts: { comments: CommentsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { comments } = opts;

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
