import { z } from 'zod';
import { text } from './text.ts';

/**
 * The statuses every company keeps whatever its admin does: tasks in them are done (progress 100)
 * or called off, so they are never deleted. The key survives a rename.
 */
export const BUILT_IN_STATUS_KEYS = ['completed', 'cancelled'] as const;
export type BuiltInStatusKey = (typeof BUILT_IN_STATUS_KEYS)[number];

/** The master list's names of the built-in statuses (the key each company row carries). */
export const BUILT_IN_STATUS_NAMES: Record<BuiltInStatusKey, string> = {
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/**
 * A task past its due date that is neither Completed nor Cancelled shows as this status
 * (`isOverdue` on the task; a `statusNames` filter with this name matches it too).
 */
export const OVERDUE_STATUS_NAME = 'Delayed';

export const hexColor = text()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #4caf50');

export const taskStatusSchema = z.object({
  statusId: z.uuid(),
  name: z.string(),
  color: z.string(),
  sortOrder: z.number().int(),
  /** 'completed' or 'cancelled' for the built-in statuses (never deletable), else null. */
  builtIn: z.enum(BUILT_IN_STATUS_KEYS).nullable(),
  /** Tasks and projects in this status (a status in use is deleted only with `moveTo`). */
  usageCount: z.number().int(),
});
export type TaskStatus = z.infer<typeof taskStatusSchema>;

const statusName = text().trim().min(1, 'Status name is required').max(50);

export const createTaskStatusBodySchema = z.object({
  name: statusName,
  color: hexColor,
  /** Position in the company's list; the end of the list when absent. */
  sortOrder: z.number().int().min(0).max(10000).optional(),
});
export type CreateTaskStatusBody = z.infer<typeof createTaskStatusBodySchema>;

export const updateTaskStatusBodySchema = z.object({
  name: statusName.optional(),
  color: hexColor.optional(),
  sortOrder: z.number().int().min(0).max(10000).optional(),
});
export type UpdateTaskStatusBody = z.infer<typeof updateTaskStatusBodySchema>;

/** DELETE /Taskstatuses/{id}?moveTo=<statusId>: where its tasks and projects go first. */
export const deleteTaskStatusQuerySchema = z.object({ moveTo: z.uuid().optional() });
export type DeleteTaskStatusQuery = z.infer<typeof deleteTaskStatusQuerySchema>;

export const deleteTaskStatusResultSchema = z.object({
  statusId: z.uuid(),
  movedTasks: z.number().int(),
  movedProjects: z.number().int(),
});

export const taskPrioritySchema = z.object({
  priorityId: z.uuid(),
  name: z.string(),
  sortOrder: z.number().int(),
});
export type TaskPriority = z.infer<typeof taskPrioritySchema>;
