import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  atLeastOneField,
  MESSAGES,
  createTaskListBodySchema,
  deleteTaskListResultSchema,
  envelope,
  idParam,
  paged,
  taskListDetailSchema,
  taskListListQuerySchema,
  taskListParams,
  taskListSchema,
  updateTaskListBodySchema,
} from '@taskhive/contract';
import { scopeOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { TaskListsService } from './task-lists.service.ts';

const tags = ['task lists'];

export async function taskListsRoutes(app: FastifyInstance, opts: { taskLists: TaskListsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { taskLists } = opts;

  r.get(
    '/api/Tasks/projects/:id/tasklists',
    {
      config: { permission: 'tasklist:read' },
      schema: {
        tags,
        summary: "A project's task lists in order, each with taskCount and overallProgress",
        params: idParam,
        querystring: taskListListQuerySchema,
        response: { 200: envelope(paged(taskListSchema)) },
      },
    },
    async (req, reply) => ok(reply, await taskLists.list(scopeOf(req), req.params.id, req.query)),
  );

  r.post(
    '/api/Tasks/projects/:id/tasklists',
    {
      config: { permission: 'tasklist:create' },
      schema: {
        tags,
        summary: 'Add a task list to a project (at the end, or at sortOrder)',
        params: idParam,
        body: createTaskListBodySchema,
        response: { 201: envelope(taskListSchema) },
      },
    },
    async (req, reply) =>
      ok(
        reply,
        await taskLists.create(scopeOf(req), req.params.id, req.body),
        MESSAGES.taskLists.created,
        201,
      ),
  );

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

  r.put(
    '/api/Tasks/projects/:projectId/tasklists/:listId',
    {
      config: { permission: 'tasklist:update' },
      schema: {
        tags,
        summary: 'Rename, describe or move a task list (sortOrder)',
        params: taskListParams,
        body: atLeastOneField(updateTaskListBodySchema),
        response: { 200: envelope(taskListSchema) },
      },
    },
    async (req, reply) =>
      ok(
        reply,
        await taskLists.update(scopeOf(req), req.params.projectId, req.params.listId, req.body),
        MESSAGES.taskLists.updated,
      ),
  );

  r.delete(
    '/api/Tasks/projects/:projectId/tasklists/:listId',
    {
      config: { permission: 'tasklist:delete' },
      schema: {
        tags,
        summary: 'Delete a task list with its tasks',
        params: taskListParams,
        response: { 200: envelope(deleteTaskListResultSchema) },
      },
    },
    async (req, reply) =>
      ok(
        reply,
        await taskLists.remove(scopeOf(req), req.params.projectId, req.params.listId),
        MESSAGES.taskLists.deleted,
      ),
  );
}
