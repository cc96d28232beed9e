import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  applyToFutureBodySchema,
  envelope,
  RECURRENCE_MESSAGES,
  removeRecurrenceQuerySchema,
  setRecurrenceBodySchema,
  taskRecurrenceParams,
  taskRecurrenceSchema,
} from '@taskhive/contract';
import { scopeOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { RecurrenceService } from './task-recurrence.service.ts';

const tags = ['tasks'];

/**
 * Recurring tasks (issue 26), their own prefix `/api/TaskRecurrence`. Reading a task's series needs
 * `task:read` (and the task in reach); setting, replacing or removing its rule, and copying its
 * fields to the series' future occurrences, are edits of the task (`task:update`).
 */
export async function taskRecurrenceRoutes(app: FastifyInstance, opts: { recurrence: RecurrenceService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { recurrence } = opts;
  const write = { permission: 'task:update' } as const;
  const response = { 200: envelope(taskRecurrenceSchema) };

  r.get(
    '/api/TaskRecurrence/:taskId',
    {
      config: { permission: 'task:read' },
      schema: {
        tags,
        summary: "A task's repeat: its series' rule, or null",
        params: taskRecurrenceParams,
        response,
      },
    },
    async (req, reply) => ok(reply, await recurrence.get(scopeOf(req), req.params.taskId)),
  );

  r.put(
    '/api/TaskRecurrence/:taskId',
    {
      config: write,
      schema: {
        tags,
        summary: "Set or replace a task's repeat (its whole series, or this occurrence alone)",
        params: taskRecurrenceParams,
        body: setRecurrenceBodySchema,
        response,
      },
    },
    async (req, reply) =>
      ok(reply, await recurrence.set(scopeOf(req), req.params.taskId, req.body), RECURRENCE_MESSAGES.saved),
  );

  r.delete(
    '/api/TaskRecurrence/:taskId',
    {
      config: write,
      schema: {
        tags,
        summary: "End a task's series, or take this occurrence out of it (apply=this)",
        params: taskRecurrenceParams,
        querystring: removeRecurrenceQuerySchema,
        response,
      },
    },
    async (req, reply) =>
      ok(
        reply,
        await recurrence.remove(scopeOf(req), req.params.taskId, req.query.apply),
        req.query.apply === 'this' ? RECURRENCE_MESSAGES.detached : RECURRENCE_MESSAGES.removed,
      ),
  );

  r.post(
    '/api/TaskRecurrence/:taskId/apply-to-future',
    {
      config: write,
      schema: {
        tags,
        summary: "Copy these fields of an occurrence to its series' later open occurrences",
        params: taskRecurrenceParams,
        body: applyToFutureBodySchema,
        response: { 200: envelope(z.object({ taskIds: z.array(z.uuid()) })) },
      },
    },
    async (req, reply) =>
      ok(
        reply,
        { taskIds: await recurrence.applyToFuture(scopeOf(req), req.params.taskId, req.body.fields) },
        RECURRENCE_MESSAGES.appliedToFuture,
      ),
  );
}
