import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createCustomFieldBodySchema,
  CUSTOM_FIELD_MESSAGES,
  customFieldOrderBodySchema,
  customFieldParams,
  customFieldProjectParams,
  customFieldSchema,
  customFieldTaskParams,
  envelope,
  projectCustomFieldsBodySchema,
  projectCustomFieldsSchema,
  taskCustomValuesBodySchema,
  taskCustomValuesSchema,
  taskListQuerySchema,
  updateCustomFieldBodySchema,
} from '@taskhive/contract';
import { scopeOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { projectTasksCsv } from './custom-fields.csv.ts';
import type { CustomFieldsService } from './custom-fields.service.ts';

const tags = ['tasks'];

/**
 * Custom fields (issue 26), their own prefix `/api/CustomFields`. Reading the definitions needs
 * `task:read` (every task screen shows them); defining, renaming, reordering and deleting them is
 * the company administrator's `company:update`; enabling them on a project `project:update` (the
 * project in reach); a task's values `task:read` / `task:update` (the task in reach).
 */
export async function customFieldsRoutes(app: FastifyInstance, opts: { customFields: CustomFieldsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { customFields } = opts;
  const manage = { permission: 'company:update' } as const;
  const one = { 200: envelope(customFieldSchema) };
  const many = { 200: envelope(z.array(customFieldSchema)) };

  r.get(
    '/api/CustomFields',
    {
      config: { permission: 'task:read' },
      schema: { tags, summary: "The company's custom fields, in order", response: many },
    },
    async (req, reply) => ok(reply, await customFields.list(scopeOf(req))),
  );

  r.post(
    '/api/CustomFields',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Define a custom field',
        body: createCustomFieldBodySchema,
        response: { 201: envelope(customFieldSchema) },
      },
    },
    async (req, reply) =>
      ok(reply, await customFields.create(scopeOf(req), req.body), CUSTOM_FIELD_MESSAGES.created, 201),
  );

  r.put(
    '/api/CustomFields/order',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Reorder the custom fields',
        body: customFieldOrderBodySchema,
        response: many,
      },
    },
    async (req, reply) =>
      ok(
        reply,
        await customFields.setOrder(scopeOf(req), req.body.fieldIds),
        CUSTOM_FIELD_MESSAGES.reordered,
      ),
  );

  r.put(
    '/api/CustomFields/:fieldId',
    {
      config: manage,
      schema: {
        tags,
        summary: "Rename a custom field, show it on cards, or change a select's options",
        params: customFieldParams,
        body: updateCustomFieldBodySchema,
        response: one,
      },
    },
    async (req, reply) =>
      ok(
        reply,
        await customFields.update(scopeOf(req), req.params.fieldId, req.body),
        CUSTOM_FIELD_MESSAGES.updated,
      ),
  );

  r.delete(
    '/api/CustomFields/:fieldId',
    {
      config: manage,
      schema: { tags, summary: 'Delete a custom field and its values', params: customFieldParams },
    },
    async (req, reply) => {
      await customFields.remove(scopeOf(req), req.params.fieldId);
      return reply.code(204).send();
    },
  );

  r.get(
    '/api/CustomFields/projects/:projectId',
    {
      config: { permission: 'project:read' },
      schema: {
        tags,
        summary: "The company's custom fields and which are enabled on the project",
        params: customFieldProjectParams,
        response: { 200: envelope(projectCustomFieldsSchema) },
      },
    },
    async (req, reply) => ok(reply, await customFields.project(scopeOf(req), req.params.projectId)),
  );

  r.put(
    '/api/CustomFields/projects/:projectId',
    {
      config: { permission: 'project:update' },
      schema: {
        tags,
        summary: 'Choose the custom fields enabled on the project',
        params: customFieldProjectParams,
        body: projectCustomFieldsBodySchema,
        response: { 200: envelope(projectCustomFieldsSchema) },
      },
    },
    async (req, reply) =>
      ok(
        reply,
        await customFields.setProject(scopeOf(req), req.params.projectId, req.body.fieldIds),
        CUSTOM_FIELD_MESSAGES.projectSaved,
      ),
  );

  r.get(
    '/api/CustomFields/projects/:projectId/tasks.csv',
    {
      config: { permission: 'task:read' },
      schema: {
        tags,
        summary:
          "The project's task list as CSV (the lists' filters, labelIds too), with a Labels column and one per enabled custom field",
        params: customFieldProjectParams,
        querystring: taskListQuerySchema,
      },
    },
    async (req, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="tasks.csv"')
        .header('cache-control', 'no-store')
        .send(await projectTasksCsv(scopeOf(req), req.params.projectId, req.query)),
  );

  r.get(
    '/api/CustomFields/tasks/:taskId/values',
    {
      config: { permission: 'task:read' },
      schema: {
        tags,
        summary: "The custom fields enabled on the task's project and the task's values",
        params: customFieldTaskParams,
        response: { 200: envelope(taskCustomValuesSchema) },
      },
    },
    async (req, reply) => ok(reply, await customFields.taskValues(scopeOf(req), req.params.taskId)),
  );

  r.put(
    '/api/CustomFields/tasks/:taskId/values',
    {
      config: { permission: 'task:update' },
      schema: {
        tags,
        summary: "Set or clear (null) a task's custom field values, checked by type",
        params: customFieldTaskParams,
        body: taskCustomValuesBodySchema,
        response: { 200: envelope(taskCustomValuesSchema) },
      },
    },
    async (req, reply) =>
      ok(
        reply,
        await customFields.setTaskValues(scopeOf(req), req.params.taskId, req.body),
        CUSTOM_FIELD_MESSAGES.valuesSaved,
      ),
  );
}
