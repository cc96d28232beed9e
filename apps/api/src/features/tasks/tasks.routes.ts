import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  atLeastOneField,
  boardPageSchema,
  boardQuerySchema,
  commentBodySchema,
  commentListQuerySchema,
  commentSchema,
  createTaskListBodySchema,
  deleteTaskListResultSchema,
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
  taskListListQuerySchema,
  taskListParams,
  taskListQuerySchema,
  taskListSchema,
  taskWatchersSchema,
  timelineItemSchema,
  timelineQuerySchema,
  updateTaskListBodySchema,
  WATCHER_MESSAGES,
  taskBulkBodySchema,
  taskBulkResultSchema,
  TASK_BULK_MESSAGES,
  taskSchema,
  updateTaskBodySchema,
} from '@taskhive/contract';
import { scopeOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { CommentsService } from '../comments/index.ts';
import type { FileStorage } from '../files/index.ts';
import type { TaskListsService } from '../task-lists/index.ts';
import type { WatchersService } from '../watchers/index.ts';
import type { TasksService } from './tasks.service.ts';

const tags = ['tasks'];
const nothing = envelope(z.null());
const list = { querystring: taskListQuerySchema, response: { 200: envelope(paged(taskSchema)) } };
const commentTags = ['comments'];
const commentCreated = { 201: envelope(commentSchema) };
const commentList = {
  querystring: commentListQuerySchema,
  response: { 200: envelope(paged(commentSchema)) },
};
const taskListTags = ['task lists'];
const watchConfig = { permission: 'task:read' } as const;
const watchersResponse = { 200: envelope(taskWatchersSchema) };

/**
 * Every route under /api/Tasks (one routes file per URL prefix): the tasks' own, and the
 * comments', task lists' and watchers' routes, each calling its own feature's service.
 */
export async function tasksRoutes(
  app: FastifyInstance,
  opts: {
    tasks: TasksService;
    storage: FileStorage;
    comments: CommentsService;
    taskLists: TaskListsService;
    watchers: WatchersService;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { tasks, storage, comments, taskLists, watchers } = opts;

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

  // Comments and the timeline of a task: the comments feature's service.
  r.get(
    '/api/Tasks/:id/comments',
    {
      config: { permission: 'comment:read' },
      schema: {
        tags: commentTags,
        summary: "A task's comments, newest page first, each page oldest first",
        params: idParam,
        ...commentList,
      },
    },
    async (req, reply) => ok(reply, await comments.list(scopeOf(req), { taskId: req.params.id }, req.query)),
  );

  r.post(
    '/api/Tasks/:id/comments',
    {
      config: { permission: 'comment:create' },
      schema: {
        tags: commentTags,
        summary: 'Comment on a task (Markdown; mention with @[userId])',
        params: idParam,
        body: commentBodySchema,
        response: commentCreated,
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
        tags: commentTags,
        summary: "A task's comments and activity merged: page 1 the newest, each page newest last",
        params: idParam,
        querystring: timelineQuerySchema,
        response: { 200: envelope(paged(timelineItemSchema)) },
      },
    },
    async (req, reply) => ok(reply, await comments.timeline(scopeOf(req), req.params.id, req.query)),
  );

  // A project's task lists: the task-lists feature's service.
  r.get(
    '/api/Tasks/projects/:id/tasklists',
    {
      config: { permission: 'tasklist:read' },
      schema: {
        tags: taskListTags,
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
        tags: taskListTags,
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

  r.put(
    '/api/Tasks/projects/:projectId/tasklists/:listId',
    {
      config: { permission: 'tasklist:update' },
      schema: {
        tags: taskListTags,
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
        tags: taskListTags,
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

  // Watching a task: anyone who may read it (`task:read` and the task in their reach); the watchers feature's service.
  r.get(
    '/api/Tasks/:id/watchers',
    {
      config: watchConfig,
      schema: {
        tags,
        summary: "A task's watchers, and whether I am one",
        params: idParam,
        response: watchersResponse,
      },
    },
    async (req, reply) => ok(reply, await watchers.list(scopeOf(req), req.params.id)),
  );

  r.post(
    '/api/Tasks/:id/watch',
    {
      config: watchConfig,
      schema: { tags, summary: 'Watch a task', params: idParam, response: watchersResponse },
    },
    async (req, reply) =>
      ok(reply, await watchers.watch(scopeOf(req), req.params.id), WATCHER_MESSAGES.watched),
  );

  r.delete(
    '/api/Tasks/:id/watch',
    {
      config: watchConfig,
      schema: { tags, summary: 'Stop watching a task', params: idParam, response: watchersResponse },
    },
    async (req, reply) =>
      ok(reply, await watchers.unwatch(scopeOf(req), req.params.id), WATCHER_MESSAGES.unwatched),
  );
}
