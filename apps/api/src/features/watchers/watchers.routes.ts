import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, idParam, taskWatchersSchema, WATCHER_MESSAGES } from '@taskhive/contract';
import { scopeOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { WatchersService } from './watchers.service.ts';

const tags = ['tasks'];

/** Watching a task: anyone who may read it (`task:read` and the task in their reach). */
export async function watchersRoutes(app: FastifyInstance, opts: { watchers: WatchersService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { watchers } = opts;
  const config = { permission: 'task:read' } as const;
  const response = { 200: envelope(taskWatchersSchema) };

  r.get(
    '/api/Tasks/:id/watchers',
    {
      config,
      schema: { tags, summary: "A task's watchers, and whether I am one", params: idParam, response },
    },
    async (req, reply) => ok(reply, await watchers.list(scopeOf(req), req.params.id)),
  );

  r.post(
    '/api/Tasks/:id/watch',
    { config, schema: { tags, summary: 'Watch a task', params: idParam, response } },
    async (req, reply) =>
      ok(reply, await watchers.watch(scopeOf(req), req.params.id), WATCHER_MESSAGES.watched),
  );

  r.delete(
    '/api/Tasks/:id/watch',
    { config, schema: { tags, summary: 'Stop watching a task', params: idParam, response } },
    async (req, reply) =>
      ok(reply, await watchers.unwatch(scopeOf(req), req.params.id), WATCHER_MESSAGES.unwatched),
  );
}
