import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  atLeastOneField,
  createTodoBodySchema,
  deleteTodoResultSchema,
  envelope,
  idParam,
  paged,
  TODO_MESSAGES,
  todoListQuerySchema,
  todoSchema,
  updateTodoBodySchema,
} from '@taskhive/contract';
import { scopeOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { TodosService } from './todos.service.ts';

const tags = ['todos'];

/**
 * Personal to-dos (issue 24). Every route needs `task:read`, the right of My Tasks where they
 * live: a to-do is the caller's own and touches no company record, so writing one needs no
 * `task:create` or `task:delete` (which an Employee does not hold).
 */
export async function todosRoutes(app: FastifyInstance, opts: { todos: TodosService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { todos } = opts;

  r.get(
    '/api/Todos',
    {
      config: { permission: 'task:read' },
      schema: {
        tags,
        summary: 'My personal to-dos (mine only), paged',
        querystring: todoListQuerySchema,
        response: { 200: envelope(paged(todoSchema)) },
      },
    },
    async (req, reply) => ok(reply, await todos.list(scopeOf(req), req.query)),
  );

  r.post(
    '/api/Todos',
    {
      config: { permission: 'task:read' },
      schema: {
        tags,
        summary: 'Add a personal to-do (title, due date, priority, done)',
        body: createTodoBodySchema,
        response: { 201: envelope(todoSchema) },
      },
    },
    async (req, reply) => ok(reply, await todos.create(scopeOf(req), req.body), TODO_MESSAGES.created, 201),
  );

  r.put(
    '/api/Todos/:id',
    {
      config: { permission: 'task:read' },
      schema: {
        tags,
        summary: 'Change one of my to-dos (the fields sent); done: true completes it, false reopens it',
        params: idParam,
        body: atLeastOneField(updateTodoBodySchema),
        response: { 200: envelope(todoSchema) },
      },
    },
    async (req, reply) =>
      ok(reply, await todos.update(scopeOf(req), req.params.id, req.body), TODO_MESSAGES.updated),
  );

  r.delete(
    '/api/Todos/:id',
    {
      config: { permission: 'task:read' },
      schema: {
        tags,
        summary: 'Delete one of my to-dos',
        params: idParam,
        response: { 200: envelope(deleteTodoResultSchema) },
      },
    },
    async (req, reply) => ok(reply, await todos.remove(scopeOf(req), req.params.id), TODO_MESSAGES.deleted),
  );
}
