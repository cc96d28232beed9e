import { z } from 'zod';
import { text } from './text.ts';
import { pageQuery } from './envelope.ts';
import { optionalText } from './users.ts';

/** Lists of one project are few; the default page takes them all. */
export const TASK_LISTS_PAGE_SIZE = 100;

export const taskListSchema = z.object({
  taskListId: z.uuid(),
  projectId: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  sortOrder: z.number().int(),
  /** Optional dates (YYYY-MM-DD); the end is never before the start. */
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** Top-level tasks in the list. */
  taskCount: z.number().int(),
  /** Mean progress of its top-level tasks (0 when empty), 0–100. */
  overallProgress: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TaskList = z.infer<typeof taskListSchema>;

/** A task list with the project it belongs to (GET /TaskLists/{id}). */
export const taskListDetailSchema = taskListSchema.extend({ projectName: z.string() });
export type TaskListDetail = z.infer<typeof taskListDetailSchema>;

export const TASK_LIST_SORT_FIELDS = ['sortOrder', 'name', 'createdAt'] as const;

export const taskListListQuerySchema = pageQuery(TASK_LISTS_PAGE_SIZE).extend({
  sortBy: z.enum(TASK_LIST_SORT_FIELDS).default('sortOrder'),
});
export type TaskListListQuery = z.infer<typeof taskListListQuerySchema>;

const name = text().trim().min(1, 'List name is required').max(200);
// Spelled as projects.ts spells them: projects.ts imports this file, so it cannot import that one.
const nullableDate = z.iso.date('Use a date like 2026-01-31').nullable().optional();
const END_BEFORE_START = 'The end date cannot be before the start date';
const endNotBeforeStart = (b: { startDate?: string | null; endDate?: string | null }) =>
  !b.startDate || !b.endDate || b.endDate >= b.startDate;

export const createTaskListBodySchema = z
  .object({
    name,
    description: optionalText(2000),
    /** Position among the project's lists; the end when absent. */
    sortOrder: z.number().int().min(0).max(100000).optional(),
    startDate: nullableDate,
    endDate: nullableDate,
  })
  .refine(endNotBeforeStart, { message: END_BEFORE_START, path: ['endDate'] });
export type CreateTaskListBody = z.infer<typeof createTaskListBodySchema>;

/**
 * PUT: the fields sent change; a new `sortOrder` moves the list (the others shift to make room).
 * The end date is checked against the start date sent, or else the list's (the service).
 */
export const updateTaskListBodySchema = z
  .object({
    name: name.optional(),
    description: optionalText(2000),
    sortOrder: z.number().int().min(0).max(100000).optional(),
    startDate: nullableDate,
    endDate: nullableDate,
  })
  .refine(endNotBeforeStart, { message: END_BEFORE_START, path: ['endDate'] });
export type UpdateTaskListBody = z.infer<typeof updateTaskListBodySchema>;

export const taskListParams = z.object({ projectId: z.uuid(), listId: z.uuid() });

/** Deleting a list deletes its tasks; the answer says how many. */
export const deleteTaskListResultSchema = z.object({ taskListId: z.uuid(), deletedTasks: z.number().int() });
