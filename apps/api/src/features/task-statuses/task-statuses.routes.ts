import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  atLeastOneField,
  MESSAGES,
  createTaskStatusBodySchema,
  deleteTaskStatusQuerySchema,
  deleteTaskStatusResultSchema,
  envelope,
  idParam,
  taskPrioritySchema,
  taskStatusSchema,
  updateTaskStatusBodySchema,
} from '@taskhive/contract';
import { SIGNED_IN, scopeOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { TaskStatusesService } from './task-statuses.service.ts';

const tags = ['task statuses'];

/** Statuses are the company's (its admin manages them with company:update); priorities the platform's. */
export async function taskStatusesRoutes(app: FastifyInstance, opts: { statuses: TaskStatusesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { statuses } = opts;

  r.get(
    '/api/Taskstatuses',
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags,
        summary: "The company's task (and project) statuses in order, with colours",
        response: { 200: envelope(z.array(taskStatusSchema)) },
      },
    },
    async (req, reply) => ok(reply, await statuses.list(scopeOf(req))),
  );

  r.post(
    '/api/Taskstatuses',
    {
      config: { permission: 'company:update' },
      schema: {
        tags,
        summary: 'Add a status (at the end, or at sortOrder)',
        body: createTaskStatusBodySchema,
        response: { 201: envelope(taskStatusSchema) },
      },
    },
    async (req, reply) =>
      ok(reply, await statuses.create(scopeOf(req), req.body), MESSAGES.taskStatuses.created, 201),
  );

  r.put(
    '/api/Taskstatuses/:id',
    {
      config: { permission: 'company:update' },
      schema: {
        tags,
        summary: 'Rename, recolour or move a status',
        params: idParam,
        body: atLeastOneField(updateTaskStatusBodySchema),
        response: { 200: envelope(taskStatusSchema) },
      },
    },
    async (req, reply) =>
      ok(reply, await statuses.update(scopeOf(req), req.params.id, req.body), MESSAGES.taskStatuses.updated),
  );

  r.delete(
    '/api/Taskstatuses/:id',
    {
      config: { permission: 'company:update' },
      schema: {
        tags,
        summary:
          'Delete a status; one in use needs ?moveTo=<statusId> (409 otherwise); Completed and Cancelled stay',
        params: idParam,
        querystring: deleteTaskStatusQuerySchema,
        response: { 200: envelope(deleteTaskStatusResultSchema) },
      },
    },
    async (req, reply) =>
      ok(
        reply,
        await statuses.remove(scopeOf(req), req.params.id, req.query.moveTo),
        MESSAGES.taskStatuses.deleted,
      ),
  );

  r.get(
    '/api/Taskpriorities',
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags,
        summary: 'The task priorities, lowest first',
        response: { 200: envelope(z.array(taskPrioritySchema)) },
      },
    },
    async (req, reply) => ok(reply, await statuses.priorities(scopeOf(req))),
  );
}
