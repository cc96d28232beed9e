import {
  type CreateTodoBody,
  type Paged,
  type Todo,
  TODO_MESSAGES,
  type TodoListQuery,
  type UpdateTodoBody,
} from '@taskhive/contract';
import { fieldError, notFound } from '../../lib/errors.ts';
import type { LiveChange } from '../../lib/live-events.ts';
import { toPaged } from '../../lib/list.ts';
import type { Scope } from '../../lib/scope.ts';
import { priorityCatalogue } from '../task-statuses/index.ts';
import { type TodoRow, todosRepo } from './todos.repo.ts';

export function toTodo(row: TodoRow): Todo {
  return {
    todoId: row.id,
    title: row.title,
    dueDate: row.dueDate,
    priorityId: row.priorityId,
    priorityName: row.priorityName,
    done: row.completedAt !== null,
    completedAt: row.completedAt?.toISOString() ?? null,
    isOverdue: row.isOverdue,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function assertPriority(scope: Scope, priorityId: string | null | undefined) {
  if (!priorityId) return;
  const known = await priorityCatalogue(scope.platformDb);
  if (!known.some((p) => p.priorityId === priorityId))
    throw fieldError('priorityId', TODO_MESSAGES.priorityNotFound);
}

/**
 * The change a to-do's write records: its owner is the only one named (`userIds`), so the live
 * streams send it to them alone (events.service's audience), and no fields, so it leaves no
 * history a project or an admin could read (the activity subscriber writes fields only).
 */
const change = (scope: Scope, action: LiveChange['action'], id: string): LiveChange => ({
  type: 'todo',
  action,
  id,
  userIds: [scope.actor.userId],
});

async function loaded(scope: Scope, id: string): Promise<TodoRow> {
  const row = await todosRepo.byId(scope, id);
  if (!row) throw notFound('To-do');
  return row;
}

/**
 * Personal to-dos: the signed-in user's own tasks outside every project. The repository reads and
 * writes the caller's own rows only, so anyone else's to-do (an admin's included) answers 404.
 */
export const todosService = {
  async list(scope: Scope, q: TodoListQuery): Promise<Paged<Todo>> {
    return toPaged(q, await todosRepo.list(scope, q), toTodo);
  },

  async create(scope: Scope, body: CreateTodoBody): Promise<Todo> {
    await assertPriority(scope, body.priorityId);
    const row = await scope.transaction(async (tx) => {
      const id = await todosRepo.insert(tx, {
        title: body.title,
        dueDate: body.dueDate ?? null,
        priorityId: body.priorityId ?? null,
        done: body.done ?? false,
      });
      tx.emit(change(tx, 'created', id));
      return loaded(tx, id);
    });
    return toTodo(row);
  },

  async update(scope: Scope, id: string, body: UpdateTodoBody): Promise<Todo> {
    await loaded(scope, id);
    await assertPriority(scope, body.priorityId);
    const row = await scope.transaction(async (tx) => {
      if (!(await todosRepo.update(tx, id, body))) throw notFound('To-do');
      tx.emit(change(tx, 'updated', id));
      return loaded(tx, id);
    });
    return toTodo(row);
  },

  async remove(scope: Scope, id: string): Promise<{ todoId: string }> {
    await scope.transaction(async (tx) => {
      if (!(await todosRepo.delete(tx, id))) throw notFound('To-do');
      tx.emit(change(tx, 'deleted', id));
    });
    return { todoId: id };
  },
};

export type TodosService = typeof todosService;
