import { z } from 'zod';
import { text } from './text.ts';
import { PAGE_SIZE } from './constants.ts';
import { documentSchema } from './documents.ts';
import { csvList, pageQuery, sortOrderSchema } from './envelope.ts';
import { taskListSchema } from './task-lists.ts';
import { optionalText } from './users.ts';

/** `null`, 'null', '' or absent: no filter (the web sends memberUserId=null by default). */
export const optionalUuidFilter = z.preprocess(
  (v) => (v === '' || v === 'null' || v === null ? undefined : v),
  z.uuid().optional(),
);

/** A calendar date, 2026-01-31. */
export const dateOnly = z.iso.date('Use a date like 2026-01-31');
/** An optional date filter: '' and 'null' count as none. */
export const optionalDateFilter = z.preprocess(
  (v) => (v === '' || v === 'null' || v === null ? undefined : v),
  dateOnly.optional(),
);

export const END_BEFORE_START = 'The end date cannot be before the start date';

/** Someone on a project or a task, with what an avatar needs. */
export const personSchema = z.object({
  userId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  profilePhotoUrl: z.string().nullable(),
});
export type Person = z.infer<typeof personSchema>;

export const projectMemberSchema = personSchema.extend({
  email: z.string(),
  jobTitle: z.string().nullable(),
  addedAt: z.string(),
});
export type ProjectMember = z.infer<typeof projectMemberSchema>;

export const projectSchema = z.object({
  projectId: z.uuid(),
  /** Short code, unique in the company (e.g. WEB-01). */
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** A company task status (the project statuses are the same list, GET /Taskstatuses). */
  statusId: z.uuid().nullable(),
  statusName: z.string().nullable(),
  statusColor: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** Mean progress of its top-level tasks (0 when it has none), 0–100. */
  progress: z.number().int(),
  /** Top-level tasks. */
  taskCount: z.number().int(),
  /** Every member of the project. */
  memberCount: z.number().int(),
  /**
   * One project (GET /Project/{id}, and a create or update answer): every member, by name. The
   * list (GET /Project): a preview, the first PROJECT_MEMBER_PREVIEW to join.
   */
  projectMembers: z.array(projectMemberSchema),
  createdBy: z.uuid().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Project = z.infer<typeof projectSchema>;

/**
 * A project's task count as every screen words it (the project card and page, the dashboard):
 * `taskCount` counts top-level tasks, never their subtasks, and the UI says so.
 */
export const topLevelTasksLabel = (n: number) => `${n} top-level ${n === 1 ? 'task' : 'tasks'}`;

/**
 * A project's time against its estimate (issue 25), one definition wherever it shows (the project
 * overview; the reports use the same estimate rule):
 * - `estimatedMinutes`: every task's estimate counts, except a parent's whose subtasks carry
 *   estimates of their own (theirs count instead), so a parent and its subtasks are never both
 *   counted and a parent's estimate is not lost when it is split into unestimated subtasks.
 * - `loggedMinutes`: every entry on the project, on any task or subtask or none, that the reader
 *   may see (the time logs' rule: everyone's with timelog:read:all, else their own and those of
 *   the departments they manage): the total the time logs and the hours report give for it.
 * - `unestimatedLoggedMinutes`: the part of it on work without an estimate: a top-level task
 *   neither it nor any of its subtasks has one (its subtasks' time included), or no task.
 * - `coverage`: whose time is counted: 'all', 'team' (the reader's and their departments') or
 *   'own'.
 */
export const projectTimeSchema = z.object({
  estimatedMinutes: z.number().int(),
  loggedMinutes: z.number().int(),
  unestimatedLoggedMinutes: z.number().int(),
  coverage: z.enum(['all', 'team', 'own']),
});
export type ProjectTime = z.infer<typeof projectTimeSchema>;

export const projectDetailSchema = projectSchema.extend({
  documents: z.array(documentSchema),
  taskLists: z.array(taskListSchema),
  /** Null when the reader may not read time logs (no timelog:read or timelog:read:all). */
  time: projectTimeSchema.nullable(),
});
export type ProjectDetail = z.infer<typeof projectDetailSchema>;

export const PROJECT_SORT_FIELDS = [
  'name',
  'code',
  'statusName',
  'startDate',
  'endDate',
  'progress',
  'createdAt',
  'updatedAt',
] as const;

/**
 * GET /Project. Search: name, code or description, case-insensitive contains. `statusNames`:
 * status names (any of). `startDateFrom`: starts on or after; `endDateTo`: ends on or before.
 * `memberUserId`: projects that user is a member of.
 */
export const projectListQuerySchema = pageQuery(PAGE_SIZE.projects).extend({
  sortBy: z.enum(PROJECT_SORT_FIELDS).default('createdAt'),
  sortOrder: sortOrderSchema.default('desc'),
  statusNames: csvList,
  startDateFrom: optionalDateFilter,
  endDateTo: optionalDateFilter,
  memberUserId: optionalUuidFilter,
});
export type ProjectListQuery = z.infer<typeof projectListQuerySchema>;

const code = text()
  .trim()
  .min(1, 'Project code is required')
  .max(20)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'Use letters, digits, - and _');
const name = text().trim().min(1, 'Project name is required').max(200);
const nullableDate = dateOnly.nullable().optional();

const endNotBeforeStart = (b: { startDate?: string | null; endDate?: string | null }) =>
  !b.startDate || !b.endDate || b.endDate >= b.startDate;

const projectFields = {
  code,
  name,
  description: optionalText(5000),
  /** A status of the company; the first in its order when absent. */
  statusId: z.uuid().optional(),
  /** The same by name (any case), as the list's `statusNames` filter takes it: `statusId` or this. */
  statusName: text().trim().min(1).max(100).optional(),
  startDate: nullableDate,
  endDate: nullableDate,
};

/** POST /Project. The company is the signed-in user's; a `companyId` here is refused (unknown field). */
export const createProjectBodySchema = z
  .object({
    ...projectFields,
    /** Employees of the company to add as members (the creator is always added). */
    memberUserIds: z.array(z.uuid()).max(100).optional(),
  })
  .refine(endNotBeforeStart, { message: END_BEFORE_START, path: ['endDate'] });
export type CreateProjectBody = z.infer<typeof createProjectBodySchema>;

/** PUT /Project/{id}: the fields sent change, the others stay. */
export const updateProjectBodySchema = z
  .object({
    code: code.optional(),
    name: name.optional(),
    description: projectFields.description,
    statusId: z.uuid().optional(),
    statusName: projectFields.statusName,
    startDate: nullableDate,
    endDate: nullableDate,
  })
  .refine(endNotBeforeStart, { message: END_BEFORE_START, path: ['endDate'] });
export type UpdateProjectBody = z.infer<typeof updateProjectBodySchema>;

export const addProjectMemberBodySchema = z.object({ userId: z.uuid() });
export type AddProjectMemberBody = z.infer<typeof addProjectMemberBodySchema>;

export const projectMemberParams = z.object({ id: z.uuid(), userId: z.uuid() });

export const deleteProjectResultSchema = z.object({ projectId: z.uuid() });
export const removeProjectMemberResultSchema = z.object({ projectId: z.uuid(), userId: z.uuid() });
