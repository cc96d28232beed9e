import { z } from 'zod';
import { text } from './text.ts';
import { PAGE_SIZE } from './constants.ts';
import { documentSchema } from './documents.ts';
import { csvList, pageQuery } from './envelope.ts';
import { customFieldFilterParam, customFieldSortParam, customFieldValuesSchema } from './custom-fields.ts';
import { dateOnly, optionalDateFilter, optionalUuidFilter, personSchema } from './projects.ts';
import { labelIdsFilter, taskLabelSchema } from './labels.ts';
import { optionalText } from './users.ts';

/** The largest page of a task list: My Tasks' board view loads up to this many cards at once. */
export const TASK_BOARD_MAX_PAGE_SIZE = 500;
export const DUE_BEFORE_START = 'The due date cannot be before the start date';
/** Largest number of assignees on one task. */
export const MAX_TASK_ASSIGNEES = 20;

export const taskSchema = z.object({
  taskId: z.uuid(),
  /** What people say and type: the project's code, a dash and the task's number in it (`APL-42`). */
  key: z.string(),
  projectId: z.uuid(),
  projectName: z.string(),
  taskListId: z.uuid(),
  listName: z.string(),
  /** Set on a subtask: the task it belongs to. */
  parentTaskId: z.uuid().nullable(),
  title: z.string(),
  description: z.string().nullable(),
  statusId: z.uuid().nullable(),
  statusName: z.string().nullable(),
  statusColor: z.string().nullable(),
  priorityId: z.uuid().nullable(),
  priorityName: z.string().nullable(),
  startDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  estimatedHours: z.number().nullable(),
  actualHours: z.number().nullable(),
  /** 100 when Completed, else 0; a task with subtasks: the mean of its subtasks. */
  progress: z.number().int(),
  /** Order within its status column: a sparse key (only the order counts; negative at the front). */
  sortOrder: z.number().int(),
  /** Past its due date and neither Completed nor Cancelled: shown as Delayed. */
  isOverdue: z.boolean(),
  subtaskCount: z.number().int(),
  /** Issue 26: how many tasks not done (Completed or Cancelled) block it (0: it is not blocked). */
  blockedByOpenCount: z.number().int(),
  /** Issue 26: an occurrence of a recurring series (the repeat icon on cards and rows). */
  recurring: z.boolean(),
  /** Issue 26: the values of the custom fields enabled on its project, by field id (set ones only). */
  customFields: customFieldValuesSchema.optional(),
  assignees: z.array(personSchema),
  /** Issue 26: the task's labels, by name. */
  labels: z.array(taskLabelSchema),
  createdBy: z.uuid().nullable(),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Task = z.infer<typeof taskSchema>;

/**
 * A task key as typed: a project code (letters, digits, `-` and `_`), a dash and a number. The
 * number is what follows the last dash, so a code with dashes (`WEB-01`) still reads (`WEB-01-7`).
 */
export const TASK_KEY_PATTERN = /^([A-Za-z0-9][A-Za-z0-9_-]*)-(\d{1,9})$/;

/** GET /Tasks/key/{key}. */
export const taskKeyParam = z.object({
  key: text()
    .trim()
    .regex(TASK_KEY_PATTERN, 'A task key is a project code, a dash and a number, like APL-42'),
});

/** Cards a board column loads at first, and adds at each "Show more". */
export const BOARD_COLUMN_PAGE = 50;
/** Most cards one column may load (past that, the list view with filters). */
export const BOARD_COLUMN_MAX = 1000;

/** `statusId:count` pairs, comma-separated: columns loaded further than `perColumn`. */
const columnLimits = text()
  .optional()
  .transform((v, ctx) => {
    const limits: Record<string, number> = {};
    for (const pair of (v ?? '').split(',').filter((p) => p.trim() !== '')) {
      const m = /^\s*([0-9a-f-]{36})\s*:\s*(\d{1,7})\s*$/i.exec(pair);
      const n = Number(m?.[2]);
      if (!m?.[1] || !z.uuid().safeParse(m[1]).success || n < 1 || n > BOARD_COLUMN_MAX) {
        ctx.addIssue({
          code: 'custom',
          message: `Each column limit is statusId:count, count 1–${BOARD_COLUMN_MAX}`,
        });
        return z.NEVER;
      }
      limits[m[1].toLowerCase()] = n;
    }
    return limits;
  });

/** The board's due-date filter: past due and open, due this week (Monday to Sunday), or no due date. */
export const BOARD_DUE_FILTERS = ['overdue', 'week', 'none'] as const;
export type BoardDueFilter = (typeof BOARD_DUE_FILTERS)[number];

/**
 * The board's filters (each optional, all must hold): `assignee` a user id or `none` (no assignee),
 * `priority` a priority id or `none`, `due` one of BOARD_DUE_FILTERS, `search` the title
 * (contains, any case) or the key (`APL-4` finds APL-4, APL-40, ...).
 */
const uuidOrNone = z.union([z.literal('none'), z.uuid()]).optional();
export const boardFilterFields = {
  assignee: uuidOrNone,
  priority: uuidOrNone,
  due: z.enum(BOARD_DUE_FILTERS).optional(),
  search: text().trim().max(200).optional(),
  /** Issue 26: cards carrying any of these labels. */
  labelIds: labelIdsFilter,
};

/**
 * GET /Tasks/projects/{id}/board: the project's top-level tasks as a Kanban board. Each status of
 * the company is a column (in the statuses' order) with its first `perColumn` cards in column
 * order (its `limits` count instead, for a column shown further) and its total, so a project of
 * any size loads a bounded board and every column shows its own first cards.
 */
export const boardQuerySchema = z.object({
  perColumn: z.coerce.number().int().min(1).max(BOARD_COLUMN_MAX).default(BOARD_COLUMN_PAGE),
  limits: columnLimits,
  ...boardFilterFields,
  /** Issue 26: `cf=<fieldId>:<value>`, as on the task lists (custom-fields.ts). */
  cf: customFieldFilterParam,
});
export type BoardQuery = z.infer<typeof boardQuerySchema>;

export const boardPageSchema = z.object({
  /** The loaded cards, column after column, each column in its order. */
  items: z.array(taskSchema),
  /**
   * `totalCount`: the column's cards that pass the filters (all of them without a filter);
   * `unfilteredCount`: all of them, so the board can say how many the filters hide.
   */
  columns: z.array(
    z.object({ statusId: z.uuid(), totalCount: z.number().int(), unfilteredCount: z.number().int() }),
  ),
});
export type BoardPage = z.infer<typeof boardPageSchema>;

export const taskDetailSchema = taskSchema.extend({
  subtasks: z.array(taskSchema),
  documents: z.array(documentSchema),
});
export type TaskDetail = z.infer<typeof taskDetailSchema>;

export const TASK_SORT_FIELDS = [
  'sortOrder',
  'title',
  'statusName',
  'priority',
  'startDate',
  'dueDate',
  'progress',
  'createdAt',
  'updatedAt',
] as const;

/**
 * GET /Tasks/tasklists/{id}/tasks, /Tasks/projects/{id}/tasks (top-level tasks) and
 * /Tasks/users/mytasks (every task assigned to the signed-in user, subtasks included): the
 * project query's fields plus priority, project and due-date filters. Search: title or
 * description. `statusNames` with 'Delayed' also matches overdue tasks. `startDateFrom`: starts
 * on or after; `endDateTo`: due on or before. `memberUserId`: tasks assigned to that user.
 */
export const taskListQuerySchema = pageQuery(PAGE_SIZE.tasks).extend({
  pageSize: z.coerce.number().int().min(1).max(TASK_BOARD_MAX_PAGE_SIZE).default(PAGE_SIZE.tasks),
  sortBy: z.enum(TASK_SORT_FIELDS).default('sortOrder'),
  statusNames: csvList,
  priorityNames: csvList,
  projectId: optionalUuidFilter,
  startDateFrom: optionalDateFilter,
  endDateTo: optionalDateFilter,
  dueDateFrom: optionalDateFilter,
  dueDateTo: optionalDateFilter,
  /** 'true': only overdue tasks; 'false': only tasks that are not. */
  overdue: z.enum(['true', 'false']).optional(),
  memberUserId: optionalUuidFilter,
  /** Issue 26: tasks carrying any of these labels. */
  labelIds: labelIdsFilter,
  /** Issue 26: `cf=<fieldId>:<value>` and `cfSort=<fieldId>` (custom-fields.ts). */
  cf: customFieldFilterParam,
  cfSort: customFieldSortParam,
});
export type TaskListQuery = z.infer<typeof taskListQuerySchema>;

const title = text().trim().min(1, 'Task title is required').max(300);
const hours = z.number().min(0).max(10000).nullable().optional();
const nullableDate = dateOnly.nullable().optional();
const dueNotBeforeStart = (b: { startDate?: string | null; dueDate?: string | null }) =>
  !b.startDate || !b.dueDate || b.dueDate >= b.startDate;

/** Bound of a task's sort key in a request (keys the server gives stay far inside it). */
export const SORT_KEY_LIMIT = 2 ** 50;

const taskFields = {
  title,
  description: optionalText(10000),
  /** A status of the company; the first in its order when absent. */
  statusId: z.uuid().optional(),
  /** The same by name (any case), for clients that know names: `statusId` or this. */
  statusName: text().trim().min(1).max(100).optional(),
  priorityId: z.uuid().nullable().optional(),
  /** Members of the task's project. */
  assigneeIds: z.array(z.uuid()).max(MAX_TASK_ASSIGNEES).optional(),
  startDate: nullableDate,
  dueDate: nullableDate,
  estimatedHours: hours,
  actualHours: hours,
  /**
   * Where the task goes in its column: before the card whose `sortOrder` this is (the next card's
   * key; keys are sparse integers, negative at the front, within ±2^50 so a key + 1024 stays a
   * safe integer). Absent: the front (a subtask: last). A key past the last card puts it last.
   */
  sortOrder: z.number().int().min(-SORT_KEY_LIMIT).max(SORT_KEY_LIMIT).optional(),
};

/** POST /Tasks/tasklists/{id}/tasks and POST /tasks/{id}/subtasks. */
export const createTaskBodySchema = z
  .object(taskFields)
  .refine(dueNotBeforeStart, { message: DUE_BEFORE_START, path: ['dueDate'] });
export type CreateTaskBody = z.infer<typeof createTaskBodySchema>;

/**
 * PUT /Tasks/{id}: the fields sent change, the others stay. Moving a card on the board is
 * `{ statusId, sortOrder }`; `assigneeIds` replaces the whole set; `taskListId` moves the task to
 * another list of the same project.
 */
export const updateTaskBodySchema = z
  .object({
    title: title.optional(),
    description: taskFields.description,
    statusId: z.uuid().optional(),
    statusName: taskFields.statusName,
    priorityId: taskFields.priorityId,
    assigneeIds: taskFields.assigneeIds,
    startDate: nullableDate,
    dueDate: nullableDate,
    estimatedHours: hours,
    actualHours: hours,
    sortOrder: taskFields.sortOrder,
    taskListId: z.uuid().optional(),
  })
  .refine(dueNotBeforeStart, { message: DUE_BEFORE_START, path: ['dueDate'] });
export type UpdateTaskBody = z.infer<typeof updateTaskBodySchema>;

/** Deleting a task deletes its subtasks; the answer names the parent whose progress changed. */
export const deleteTaskResultSchema = z.object({ taskId: z.uuid(), parentTaskId: z.uuid().nullable() });
