import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  atLeastOneField,
  boardPageSchema,
  boardQuerySchema,
  MESSAGES,
  createTaskBodySchema,
  deleteTaskResultSchema,
  documentParams,
  documentSchema,
  envelope,
  idParam,
  paged,
  taskDetailSchema,
  taskKeyParam,
  taskListQuerySchema,
  taskBulkBodySchema,
  taskBulkResultSchema,
  TASK_BULK_MESSAGES,
  taskSchema,
  updateTaskBodySchema,
} from '@taskhive/contract';
import { scopeOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { FileStorage } from '../files/index.ts';
import type { TasksService } from './tasks.service.ts';

const tags = ['tasks'];
const nothing = envelope(z.null());
const list = { querystring: taskListQuerySchema, response: { 200: envelope(paged(taskSchema)) } };

export async function tasksRoutes(app: FastifyInstance, opts: { tasks: TasksService; storage: FileStorage }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { tasks, storage } = opts;

  r.get(
    '/api/Tasks/tasklists/:id/tasks',
    {
      config: { permission: 'task:read' },
      schema: {
        tags,
        summary: "A task list's top-level tasks, paged (5 by default)",
        params: idParam,
        ...list,
      },
    },
    async (req, reply) => ok(reply, await tasks.byList(scopeOf(req), req.params.id, req.query)),
  );

  r.get(
    '/api/Tasks/projects/:id/tasks',
    {
      config: { permission: 'task:read' },
      schema: {
        tags,
        summary: "A project's top-level tasks, paged (5 by default, up to 500; the board reads /board)",
        params: idParam,
        ...list,
      },
    },
    async (req, reply) => ok(reply, await tasks.byProject(scopeOf(req), req.params.id, req.query)),
  );

  r.get(
    '/api/Tasks/projects/:id/board',
    {
      config: { permission: 'task:read' },
      schema: {
        tags,
        summary:
          "A project's board: each status's first cards (50, or the column's own limit) and every column's total",
        params: idParam,
        querystring: boardQuerySchema,
        response: { 200: envelope(boardPageSchema) },
      },
    },
    async (req, reply) => ok(reply, await tasks.board(scopeOf(req), req.params.id, req.query)),
  );

  r.get(
    '/api/Tasks/users/mytasks',
    {
      config: { permission: 'task:read' },
      schema: { tags, summary: 'Every task assigned to me (subtasks included), paged', ...list },
    },
    async (req, reply) => ok(reply, await tasks.mine(scopeOf(req), req.query)),
  );

  r.get(
    '/api/Tasks/all',
    {
      config: { permission: 'task:read:all' },
      schema: {
        tags,
        summary: "Every task of the company (subtasks included), paged, with My Tasks' filters and sorts",
        ...list,
      },
    },
    async (req, reply) => ok(reply, await tasks.all(scopeOf(req), req.query)),
  );

  r.post(
    '/api/Tasks/tasklists/:id/tasks',
    {
      config: { permission: 'task:create' },
      schema: {
        tags,
        summary: 'Create a task in a list (at the front of its status column unless sortOrder says)',
        params: idParam,
        body: createTaskBodySchema,
        response: { 201: envelope(taskDetailSchema) },
      },
    },
    async (req, reply) =>
      ok(reply, await tasks.create(scopeOf(req), req.params.id, req.body), MESSAGES.tasks.created, 201),
  );

  r.post(
    '/api/tasks/:id/subtasks',
    {
      config: { permission: 'task:create' },
      schema: {
        tags,
        summary: 'Add a subtask (the parent takes the mean progress of its subtasks)',
        params: idParam,
        body: createTaskBodySchema,
        response: { 201: envelope(taskDetailSchema) },
      },
    },
    async (req, reply) =>
      ok(
        reply,
        await tasks.createSubtask(scopeOf(req), req.params.id, req.body),
        MESSAGES.tasks.subtaskCreated,
        201,
      ),
  );

  r.post(
    '/api/Tasks/bulk',
    {
      config: { permission: { anyOf: ['task:update', 'task:delete'] } },
      schema: {
        tags,
        summary:
          'One action on 1–100 tasks in one transaction: status, assignee (null unassigns) or delete; all or nothing',
        body: taskBulkBodySchema,
        response: { 200: envelope(taskBulkResultSchema) },
      },
    },
    async (req, reply) => {
      const result = await tasks.bulk(scopeOf(req), req.body);
      const n = req.body.taskIds.length;
      return ok(
        reply,
        result,
        result.action === 'delete' ? TASK_BULK_MESSAGES.deleted(n) : TASK_BULK_MESSAGES.updated(n),
      );
    },
  );

  r.get(
    '/api/Tasks/key/:key',
    {
      config: { permission: 'task:read' },
      schema: {
        tags,
        summary: 'The task a key names (APL-42: its project code, a dash, its number), as GET /Tasks/{id}',
        params: taskKeyParam,
        response: { 200: envelope(taskDetailSchema) },
      },
    },
    async (req, reply) => ok(reply, await tasks.byKey(scopeOf(req), req.params.key)),
  );

  r.get(
    '/api/Tasks/:id',
    {
      config: { permission: 'task:read' },
      schema: {
        tags,
        summary: 'A task with its subtasks, documents, assignees, list and project names',
        params: idParam,
        response: { 200: envelope(taskDetailSchema) },
      },
    },
    async (req, reply) => ok(reply, await tasks.get(scopeOf(req), req.params.id)),
  );

  r.put(
    '/api/Tasks/:id',
    {
      config: { permission: 'task:update' },
      schema: {
        tags,
        summary: 'Update a task (the fields sent); a board move is { statusId, sortOrder }',
        params: idParam,
        body: atLeastOneField(updateTaskBodySchema),
        response: { 200: envelope(taskDetailSchema) },
      },
    },
    async (req, reply) =>
      ok(reply, await tasks.update(scopeOf(req), req.params.id, req.body), MESSAGES.tasks.updated),
  );

  r.delete(
    '/api/Tasks/:id',
    {
      config: { permission: 'task:delete' },
      schema: {
        tags,
        summary: 'Delete a task with its subtasks and documents',
        params: idParam,
        response: { 200: envelope(deleteTaskResultSchema) },
      },
    },
    async (req, reply) => ok(reply, await tasks.remove(scopeOf(req), req.params.id), MESSAGES.tasks.deleted),
  );

  r.post(
    '/api/Tasks/:id/documents',
    {
      config: { permission: 'task:update' },
      schema: {
        tags,
        summary: 'Upload a document to a task (pdf, office, image, text, zip; 25 MB)',
        consumes: ['multipart/form-data'],
        params: idParam,
        response: { 201: envelope(documentSchema) },
      },
    },
    async (req, reply) =>
      ok(
        reply,
        await tasks.addDocument(scopeOf(req), req.params.id, req),
        MESSAGES.tasks.documentUploaded,
        201,
      ),
  );

  r.get(
    '/api/Tasks/:id/documents/:docId',
    {
      config: { permission: 'task:read' },
      schema: { tags, summary: "Download a task's document", params: documentParams },
    },
    async (req, reply) =>
      storage.send(reply, await tasks.document(scopeOf(req), req.params.id, req.params.docId), 'attachment'),
  );

  r.delete(
    '/api/Tasks/:id/documents/:docId',
    {
      config: { permission: 'task:update' },
      schema: {
        tags,
        summary: "Delete a task's document",
        params: documentParams,
        response: { 200: nothing },
      },
    },
    async (req, reply) => {
      await tasks.removeDocument(scopeOf(req), req.params.id, req.params.docId);
      return ok(reply, null, MESSAGES.tasks.documentDeleted);
    },
  );
}
