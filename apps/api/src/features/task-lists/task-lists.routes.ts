import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, idParam, taskListDetailSchema } from '@taskhive/contract';
import { scopeOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { TaskListsService } from './task-lists.service.ts';

const tags = ['task lists'];

export async function taskListsRoutes(app: FastifyInstance, opts: { taskLists: TaskListsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { taskLists } = opts;

  r.get(
    '/api/TaskLists/:id',
    {
      config: { permission: 'tasklist:read' },
      schema: {
        tags,
        summary: 'A task list with its project name, taskCount and overallProgress',
        params: idParam,
        response: { 200: envelope(taskListDetailSchema) },
      },
    },
    async (req, reply) => ok(reply, await taskLists.get(scopeOf(req), req.params.id)),
  );
}
