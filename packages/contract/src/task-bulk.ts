import { z } from 'zod';
import { taskSchema } from './tasks.ts';

/** Most tasks one bulk request may change (a list page holds at most this many selected rows). */
export const TASK_BULK_MAX = 100;

export const TASK_BULK_ACTIONS = ['status', 'assignee', 'delete'] as const;
export type TaskBulkAction = (typeof TASK_BULK_ACTIONS)[number];

/**
 * POST /Tasks/bulk: one action on 1–100 tasks, in one transaction. `status` needs `statusId`;
 * `assignee` needs `assigneeId` (the one assignee every task gets; null unassigns everyone);
 * `delete` takes neither. Unknown fields answer 400.
 */
export const taskBulkBodySchema = z
  .strictObject({
    taskIds: z
      .array(z.uuid())
      .min(1, 'Choose at least one task')
      .max(TASK_BULK_MAX, `Choose at most ${TASK_BULK_MAX} tasks`)
      .refine((ids) => new Set(ids.map((i) => i.toLowerCase())).size === ids.length, 'Each task only once'),
    action: z.enum(TASK_BULK_ACTIONS),
    statusId: z.uuid().optional(),
    assigneeId: z.uuid().nullable().optional(),
  })
  .superRefine((b, ctx) => {
    if (b.action === 'status' && !b.statusId)
      ctx.addIssue({ code: 'custom', path: ['statusId'], message: 'Choose a status' });
    if (b.action !== 'status' && b.statusId !== undefined)
      ctx.addIssue({ code: 'custom', path: ['statusId'], message: 'Only a status change takes a status' });
    if (b.action === 'assignee' && b.assigneeId === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['assigneeId'],
        message: 'Choose an assignee (or null to unassign)',
      });
    if (b.action !== 'assignee' && b.assigneeId !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['assigneeId'],
        message: 'Only an assignee change takes an assignee',
      });
  });
export type TaskBulkBody = z.infer<typeof taskBulkBodySchema>;

/** The answer: the changed tasks as lists show them, or (delete) the ids that are gone. */
export const taskBulkResultSchema = z.object({
  action: z.enum(TASK_BULK_ACTIONS),
  tasks: z.array(taskSchema),
  deletedIds: z.array(z.uuid()),
});
export type TaskBulkResult = z.infer<typeof taskBulkResultSchema>;

/** Texts of bulk actions and inline edit (their own export: not in MESSAGES). */
export const TASK_BULK_MESSAGES = {
  updated: (n: number) => `${n} ${n === 1 ? 'task' : 'tasks'} updated`,
  deleted: (n: number) => `${n} ${n === 1 ? 'task' : 'tasks'} deleted`,
  /** A refusal names the task (its key), never an id. */
  mayNotUpdate: (key: string) => `You may not change ${key}`,
  mayNotDelete: (key: string) => `You may not delete ${key}`,
  assigneeNotMember: (key: string) => `The assignee is not a member of ${key}'s project`,
  failed: 'The change was not saved',
  selected: (n: number) => `${n} selected`,
  selectRow: (label: string) => `Select ${label}`,
  selectPage: 'Select all on this page',
  clear: 'Clear selection',
  status: 'Status',
  assignee: 'Assignee',
  delete: 'Delete',
  unassign: 'Unassigned',
  confirmDeleteTitle: (n: number) => `Delete ${n} ${n === 1 ? 'task' : 'tasks'}?`,
  confirmDeleteText: (n: number) =>
    `${n === 1 ? 'This task is' : `These ${n} tasks are`} deleted with their subtasks, documents and comments. This cannot be undone.`,
  bulkBar: 'Bulk actions',
  editTitle: (title: string) => `Edit title: ${title}`,
  titleInput: 'Task title',
  changeStatus: (title: string) => `Status of ${title}`,
  changeAssignee: (title: string) => `Assignee of ${title}`,
  changePriority: (title: string) => `Priority of ${title}`,
  changeDue: (title: string) => `Due date of ${title}`,
  noPriority: 'No priority',
  noDue: 'No due date',
  clearDue: 'Clear',
  membersLoading: 'Loading members…',
} as const;
