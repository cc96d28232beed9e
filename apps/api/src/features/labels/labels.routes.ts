import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createLabelBodySchema,
  envelope,
  LABEL_MESSAGES,
  labelIdParam,
  labelListSchema,
  labelSchema,
  labelTaskParam,
  setTaskLabelsBodySchema,
  taskLabelsSchema,
  updateLabelBodySchema,
} from '@taskhive/contract';
import { scopeOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { LabelsService } from './labels.service.ts';

const tags = ['tasks'];

/**
 * Labels (issue 26), their own prefix `/api/Labels`. Reading the company's labels needs
 * `task:read`; creating, renaming, recolouring and deleting them is curating the company's
 * projects (`project:update`, the Company Admin's and the Manager's); setting a task's labels is
 * an edit of the task (`task:update`, the task in reach).
 */
export async function labelsRoutes(app: FastifyInstance, opts: { labels: LabelsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { labels } = opts;
  const manage = { permission: 'project:update' } as const;
  const one = { 200: envelope(labelSchema) };

  r.get(
    '/api/Labels',
    {
      config: { permission: 'task:read' },
      schema: {
        tags,
        summary: "The company's labels by name, with how many tasks carry each",
        response: { 200: envelope(labelListSchema) },
      },
    },
    async (req, reply) => ok(reply, await labels.list(scopeOf(req))),
  );

  r.post(
    '/api/Labels',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Create a label (its name unique in the company, any case)',
        body: createLabelBodySchema,
        response: { 201: envelope(labelSchema) },
      },
    },
    async (req, reply) => ok(reply, await labels.create(scopeOf(req), req.body), LABEL_MESSAGES.created, 201),
  );

  r.put(
    '/api/Labels/:labelId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Rename or recolour a label',
        params: labelIdParam,
        body: updateLabelBodySchema,
        response: one,
      },
    },
    async (req, reply) =>
      ok(reply, await labels.update(scopeOf(req), req.params.labelId, req.body), LABEL_MESSAGES.updated),
  );

  r.delete(
    '/api/Labels/:labelId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Delete a label (it is taken off every task)',
        params: labelIdParam,
        response: one,
      },
    },
    async (req, reply) =>
      ok(reply, await labels.remove(scopeOf(req), req.params.labelId), LABEL_MESSAGES.deleted),
  );

  r.put(
    '/api/Labels/tasks/:taskId',
    {
      config: { permission: 'task:update' },
      schema: {
        tags,
        summary: "Set a task's labels (all of them; an empty list clears them)",
        params: labelTaskParam,
        body: setTaskLabelsBodySchema,
        response: { 200: envelope(taskLabelsSchema) },
      },
    },
    async (req, reply) =>
      ok(
        reply,
        await labels.setForTask(scopeOf(req), req.params.taskId, req.body.labelIds),
        LABEL_MESSAGES.taskLabelsSaved,
      ),
  );
}
