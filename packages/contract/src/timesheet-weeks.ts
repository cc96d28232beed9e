import { z } from 'zod';
import { MAX_PAGE_SIZE } from './constants.ts';
import { pageQuery } from './envelope.ts';
import { text } from './text.ts';
import { daySchema, durationSchema } from './time-logs.ts';

/**
 * Timesheets people can pay from (issue 25): one person's week of time entries, submitted,
 * approved or rejected, and locked. API prefix `/api/Timesheets`.
 *
 * - A week is identified by its person and its first day (`weekStart`, the company's first day of
 *   the week). A week nobody has submitted yet has no row: it answers `id: null, status: 'open'`.
 * - open → submitted (the person, also from rejected); submitted → approved | rejected (an
 *   approver: the person's department manager or a holder of `timesheet:approve:all`, never the
 *   person); submitted | approved | rejected → open (reopen: an approver). Every transition is a
 *   change record with who and when, kept in the week's history, and notifies the other side.
 * - Locks: a submitted week's entries are locked for the person; an approved week's for everyone
 *   but holders of `timesheet:unlock`; every entry dated before the company's `lockedBefore` for
 *   everyone but holders of `timesheet:unlock`. A write to a locked entry answers 409.
 */

export const TIMESHEET_STATUSES = ['open', 'submitted', 'approved', 'rejected'] as const;
export type TimesheetStatus = (typeof TIMESHEET_STATUSES)[number];

/** 0 = Sunday … 6 = Saturday (as `Date.getUTCDay`). */
export const weekdaySchema = z.number().int().min(0).max(6);
export const DEFAULT_WEEK_STARTS_ON = 1;
/** A person's expected hours per week when nobody has set theirs: 40 h. */
export const DEFAULT_EXPECTED_WEEKLY_MINUTES = 40 * 60;
export const MAX_EXPECTED_WEEKLY_MINUTES = 7 * 24 * 60;
export const TIMESHEET_REASON_MAX = 500;
/** At most this many weeks in one bulk approve or reject. */
export const TIMESHEET_BULK_MAX = 100;
export const TIMESHEET_APPROVALS_PAGE_SIZE = 25;
/** People per page of the workload. */
export const WORKLOAD_PAGE_SIZE = 25;

export const TIMESHEET_PERMISSIONS = {
  /** Approve, reject and reopen anyone's week in the company (managers approve their department's). */
  approveAll: 'timesheet:approve:all',
  /** Change entries of approved weeks and before the lock date. */
  unlock: 'timesheet:unlock',
} as const;

/** GET /Timesheets/settings (any signed-in member), PUT (company:update). */
export const timesheetSettingsSchema = z.object({
  weekStartsOn: weekdaySchema,
  /** Entries dated before this day are locked (the last payroll run), or null. */
  lockedBefore: z.string().nullable(),
  /** The weekday on which people with an open past week are reminded. */
  reminderWeekday: weekdaySchema,
});
export type TimesheetSettings = z.infer<typeof timesheetSettingsSchema>;

export const updateTimesheetSettingsBodySchema = z.object({
  weekStartsOn: weekdaySchema.optional(),
  lockedBefore: daySchema.nullable().optional(),
  reminderWeekday: weekdaySchema.optional(),
});
export type UpdateTimesheetSettingsBody = z.infer<typeof updateTimesheetSettingsBodySchema>;

/** PUT /Timesheets/capacity/{userId} (employee:update): a person's expected hours per week. */
export const updateCapacityBodySchema = z.object({
  expectedWeeklyMinutes: z.number().int().min(0).max(MAX_EXPECTED_WEEKLY_MINUTES),
});
export type UpdateCapacityBody = z.infer<typeof updateCapacityBodySchema>;

/**
 * GET /Timesheets/capacity/{userId} (employee:read within the reader's reach of that person, as the
 * profile), and the answer of the PUT: the person's expected minutes per week, and whether they are
 * the default (nobody set theirs). The profile's card reads it; a week carries it as `expectedMinutes`.
 */
export const capacitySchema = z.object({
  userId: z.uuid(),
  expectedWeeklyMinutes: z.number().int(),
  isDefault: z.boolean(),
});
export type Capacity = z.infer<typeof capacitySchema>;

export const timesheetHistoryItemSchema = z.object({
  status: z.enum(TIMESHEET_STATUSES),
  at: z.string(),
  byName: z.string(),
  reason: z.string().nullable(),
});

/** One week as lists and the grid show it. `dayMinutes` has 7 entries, from `weekStart`. */
export const timesheetWeekSchema = z.object({
  id: z.uuid().nullable(),
  userId: z.uuid(),
  userName: z.string(),
  departmentName: z.string().nullable(),
  weekStart: z.string(),
  weekEnd: z.string(),
  status: z.enum(TIMESHEET_STATUSES),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decidedByName: z.string().nullable(),
  /** The rejection's reason (while rejected). */
  reason: z.string().nullable(),
  totalMinutes: z.number().int(),
  billableMinutes: z.number().int(),
  expectedMinutes: z.number().int(),
  dayMinutes: z.array(z.number().int()),
  /** The reader may not change this week's entries (submitted by them, approved, or before the lock date). */
  locked: z.boolean(),
  canSubmit: z.boolean(),
  canApprove: z.boolean(),
  canReopen: z.boolean(),
});
export type TimesheetWeek = z.infer<typeof timesheetWeekSchema>;

/** A row of the grid: one task (or a project's time without a task) over the week's 7 days. */
export const timesheetRowSchema = z.object({
  projectId: z.uuid(),
  projectName: z.string(),
  taskId: z.uuid().nullable(),
  taskKey: z.string().nullable(),
  taskTitle: z.string().nullable(),
  minutes: z.array(z.number().int()),
  /** Entries per day: a cell with more than one entry is edited in the entries list, not typed. */
  entryCounts: z.array(z.number().int()),
});
export type TimesheetRow = z.infer<typeof timesheetRowSchema>;

/**
 * GET /Timesheets/weeks/mine?weekStart=YYYY-MM-DD (any day of the week; default this week) and
 * GET /Timesheets/weeks/{userId}?weekStart=… (the person or an approver of theirs; else 404).
 */
export const timesheetGridSchema = timesheetWeekSchema.extend({
  rows: z.array(timesheetRowSchema),
  history: z.array(timesheetHistoryItemSchema),
  /** The day (in `weekStart`..`weekEnd`) the company locks before, if it falls inside this week. */
  lockedBefore: z.string().nullable(),
  /**
   * Per day (7, from `weekStart`), why another week holding it locks it for the reader, else null:
   * after a change of the first day of the week, a week kept with its old dates may overlap this
   * one (its days count there, not here).
   */
  heldDays: z.array(z.string().nullable()),
});
export type TimesheetGrid = z.infer<typeof timesheetGridSchema>;

export const weekQuerySchema = z.object({ weekStart: daySchema.optional() });
export type WeekQuery = z.infer<typeof weekQuerySchema>;

/**
 * PUT /Timesheets/cells: set the caller's own time on one task (or project, `taskId` null) and
 * day to `duration` ('0' or '' clears it). A cell with no entry creates one, with one entry
 * updates it, with several answers 409 (edit them in the list). Locks apply. A new entry needs a
 * task (400 on `taskId` for null: a project's time without a task is only changed or cleared
 * here). Answers the week's grid (`timesheetGridSchema`).
 */
export const setCellBodySchema = z.object({
  day: daySchema,
  projectId: z.uuid(),
  taskId: z.uuid().nullable(),
  duration: z.union([z.literal(''), z.literal('0'), durationSchema]),
});
export type SetCellBody = z.input<typeof setCellBodySchema>;

/** POST /Timesheets/weeks/submit: the caller's week holding `weekStart`. */
export const submitWeekBodySchema = z.object({ weekStart: daySchema });
export type SubmitWeekBody = z.infer<typeof submitWeekBodySchema>;

const weekIds = z
  .array(z.uuid())
  .min(1)
  .max(TIMESHEET_BULK_MAX)
  .refine((ids) => new Set(ids).size === ids.length, 'Each week once');

/** POST /Timesheets/weeks/approve: all or nothing. */
export const approveWeeksBodySchema = z.object({ weekIds });
export type ApproveWeeksBody = z.infer<typeof approveWeeksBodySchema>;

/** POST /Timesheets/weeks/reject: all or nothing, one reason for all. */
export const rejectWeeksBodySchema = z.object({
  weekIds,
  reason: text().trim().min(1, 'A reason is required').max(TIMESHEET_REASON_MAX),
});
export type RejectWeeksBody = z.infer<typeof rejectWeeksBodySchema>;

/** The answer of a bulk approve or reject: how many weeks moved (all that were sent). */
export const timesheetBulkResultSchema = z.object({ count: z.number().int() });
export type TimesheetBulkResult = z.infer<typeof timesheetBulkResultSchema>;

/** The person of /Timesheets/weeks/{userId} and /Timesheets/capacity/{userId}. */
export const timesheetUserParam = z.object({ userId: z.uuid() });

/** POST /Timesheets/weeks/{id}/reopen: an approver sends a week back to open. */
export const reopenWeekBodySchema = z.object({
  reason: text().trim().max(TIMESHEET_REASON_MAX).optional(),
});

/**
 * GET /Timesheets/approvals: weeks the caller may approve (their departments' people, or everyone
 * with `timesheet:approve:all`), never their own. Default: submitted ones, oldest week first.
 */
export const approvalsQuerySchema = pageQuery(TIMESHEET_APPROVALS_PAGE_SIZE).extend({
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(TIMESHEET_APPROVALS_PAGE_SIZE),
  status: z.enum(['submitted', 'approved', 'rejected']).default('submitted'),
  departmentId: z.uuid().optional(),
  weekStart: daySchema.optional(),
});
export type ApprovalsQuery = z.infer<typeof approvalsQuerySchema>;

/**
 * GET /Timesheets/workload?weekStart=…&departmentId=…|projectId=…&search=…&page=…&pageSize=…: per
 * person, capacity (expected minutes), planned (estimated minutes of their open tasks due that
 * week) and logged minutes, a page of people at a time (by last name, first name). `search` matches
 * the first name, the last name or "first last", case-insensitively.
 * Readers: `report:read:all`, or a department manager for their department.
 */
export const workloadQuerySchema = pageQuery(WORKLOAD_PAGE_SIZE).omit({ sortOrder: true }).extend({
  weekStart: daySchema.optional(),
  departmentId: z.uuid().optional(),
  projectId: z.uuid().optional(),
});
export type WorkloadQuery = z.infer<typeof workloadQuerySchema>;

export const workloadRowSchema = z.object({
  userId: z.uuid(),
  userName: z.string(),
  departmentName: z.string().nullable(),
  capacityMinutes: z.number().int(),
  plannedMinutes: z.number().int(),
  loggedMinutes: z.number().int(),
  /** planned (or logged, whichever is larger) against capacity: under 80 %, over 100 %. */
  load: z.enum(['under', 'ok', 'over']),
});
/** The week, a page of its people, and the paging of the lists (`paged`'s field names). */
export const workloadSchema = z.object({
  weekStart: z.string(),
  weekEnd: z.string(),
  rows: z.array(workloadRowSchema),
  /** People matching the filters and the search, all pages. */
  totalCount: z.number().int(),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
});
export type Workload = z.infer<typeof workloadSchema>;

/**
 * GET /Timesheets/export.csv?from=…&to=…[&projectId][&userId][&billable=true|false]: approved
 * time by person, project and day (columns: date, employee code, person, project, task key, task,
 * billable, hours). Readers: `report:read:all` or `timesheet:approve:all`.
 */
export const timesheetExportQuerySchema = z.object({
  from: daySchema,
  to: daySchema,
  projectId: z.uuid().optional(),
  userId: z.uuid().optional(),
  billable: z.enum(['true', 'false']).optional(),
});
export type TimesheetExportQuery = z.infer<typeof timesheetExportQuerySchema>;

/** Texts of the timesheet screens and answers (not in MESSAGES: the sign-in bundle is at its budget). */
export const TIMESHEET_MESSAGES = {
  submitted: 'Week submitted for approval',
  approved: 'Week approved',
  approvedMany: (n: number) => `${n} weeks approved`,
  rejected: 'Week rejected',
  rejectedMany: (n: number) => `${n} weeks rejected`,
  reopened: 'Week reopened',
  settingsUpdated: 'Timesheet settings updated',
  capacityUpdated: 'Expected hours updated',
  lockedSubmitted: 'This week is submitted for approval: its entries can no longer be changed',
  lockedApproved: 'This week is approved: its entries are locked',
  lockedBefore: (day: string) => `Time before ${day} is locked`,
  cellHasSeveral: 'This day has several entries for this task: edit them in the entries list',
  notOpen: 'Only an open or rejected week can be submitted',
  notSubmitted: 'Only a submitted week can be approved or rejected',
  alreadyOpen: 'This week is already open',
  taskRequired: 'Choose a task: a new entry belongs to a task',
  ownWeek: 'Nobody approves their own week',
  notApprover: 'You do not approve this person’s time',
  weekStartWhileSubmitted:
    'Weeks are waiting for approval: approve, reject or reopen them before changing the first day of the week',
  heldByWeek: (weekStart: string, status: 'submitted' | 'approved') =>
    `In the ${status} week of ${weekStart}: counted and locked there`,
  reminderTitle: (weekStart: string) => `Your timesheet for the week of ${weekStart} is not submitted`,
} as const;
