import { z } from 'zod';
import { MAX_PAGE_SIZE, PAGE_SIZE } from './constants.ts';
import { csvList, pageQuery } from './envelope.ts';
import { dateOnly, optionalDateFilter } from './projects.ts';
import { text } from './text.ts';

/**
 * Personal to-dos (issue 24): a user's own tasks that belong to no project. Only their owner sees
 * them (not an admin, not a report, not a project's figures); they show in My Tasks, marked as
 * personal. Another user's to-do answers 404, like another company's record.
 */
export const todoSchema = z.object({
  todoId: z.uuid(),
  title: z.string(),
  dueDate: z.string().nullable(),
  priorityId: z.uuid().nullable(),
  priorityName: z.string().nullable(),
  done: z.boolean(),
  completedAt: z.string().nullable(),
  /** Past its due date and not done. */
  isOverdue: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Todo = z.infer<typeof todoSchema>;

export const TODO_SORT_FIELDS = ['dueDate', 'title', 'priority', 'createdAt', 'updatedAt'] as const;

/**
 * GET /Todos: the signed-in user's to-dos, paged. Search: the title. `done`: 'true' only the done
 * ones, 'false' only the open ones. Due dates as My Tasks' filters (on or after, on or before).
 */
export const todoListQuerySchema = pageQuery(PAGE_SIZE.tasks).extend({
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE.tasks),
  sortBy: z.enum(TODO_SORT_FIELDS).default('dueDate'),
  priorityNames: csvList,
  dueDateFrom: optionalDateFilter,
  dueDateTo: optionalDateFilter,
  done: z.enum(['true', 'false']).optional(),
});
export type TodoListQuery = z.infer<typeof todoListQuerySchema>;

const title = text().trim().min(1, 'To-do title is required').max(300);

/** POST /Todos. */
export const createTodoBodySchema = z.object({
  title,
  dueDate: dateOnly.nullable().optional(),
  priorityId: z.uuid().nullable().optional(),
  done: z.boolean().optional(),
});
export type CreateTodoBody = z.infer<typeof createTodoBodySchema>;

/** PUT /Todos/{id}: the fields sent change, the others stay (wrap in `atLeastOneField`). */
export const updateTodoBodySchema = z.object({
  title: title.optional(),
  dueDate: dateOnly.nullable().optional(),
  priorityId: z.uuid().nullable().optional(),
  done: z.boolean().optional(),
});
export type UpdateTodoBody = z.infer<typeof updateTodoBodySchema>;

export const deleteTodoResultSchema = z.object({ todoId: z.uuid() });

/**
 * The to-do texts (MESSAGES' companion). Kept out of MESSAGES, which the sign-in route loads:
 * these load with My Tasks.
 */
export const TODO_MESSAGES = {
  created: 'To-do added',
  updated: 'To-do updated',
  deleted: 'To-do deleted',
  fetchFailed: 'Failed to fetch your to-dos',
  createFailed: 'Failed to add the to-do',
  updateFailed: 'Failed to update the to-do',
  deleteFailed: 'Failed to delete the to-do',
  priorityNotFound: 'Choose one of the priorities',
} as const;
