import { z } from 'zod';
import { labelIdsFilter, taskLabelSchema } from './labels.ts';
import { dateOnly, optionalUuidFilter } from './projects.ts';

/**
 * The calendar (issue 26, planning): tasks by due date, a month or a week at a time, for My Tasks
 * or one project, and a private iCalendar feed of the tasks assigned to the reader. Routes:
 * `GET /api/Calendar/tasks`, `GET|POST|DELETE /api/Calendar/feed`, the public
 * `GET /api/Calendar/feed/{token}.ics`.
 */

/** The widest range one calendar read covers: a month view's six weeks fit with room to spare. */
export const CALENDAR_MAX_DAYS = 62;
/** The most tasks one calendar read answers (`truncated` says when there were more). */
export const CALENDAR_TASKS_CAP = 500;
/** The feed's window: tasks due from this many days ago ... */
export const CALENDAR_FEED_PAST_DAYS = 30;
/** ... to this many days ahead. */
export const CALENDAR_FEED_AHEAD_DAYS = 365;
/** How many events a feed carries at most (a calendar client stores them all). */
export const CALENDAR_FEED_CAP = 2000;

const CALENDAR_QUERY_FIELDS: readonly string[] = ['from', 'to', 'projectId', 'labelIds'];

const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;

/**
 * GET /api/Calendar/tasks: tasks due in [from, to] (both included, at most CALENDAR_MAX_DAYS
 * days). Without projectId: the tasks assigned to the reader (subtasks too, as My Tasks); with
 * it: that project's tasks the reader may read (subtasks too). `labelIds` (issue 26): only the
 * tasks carrying any of these labels, as the task lists filter. Any other field answers 400.
 */
export const calendarTasksQuerySchema = z
  .looseObject({
    from: dateOnly,
    to: dateOnly,
    projectId: optionalUuidFilter,
    labelIds: labelIdsFilter,
  })
  .superRefine((q, ctx) => {
    // Named per field (a strict object would answer one "Unrecognized key" for the whole query).
    for (const key of Object.keys(q))
      if (!CALENDAR_QUERY_FIELDS.includes(key))
        ctx.addIssue({ code: 'custom', path: [key], message: `Unknown field: ${key}` });
    const span = dayNumber(q.to) - dayNumber(q.from);
    if (span < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: CALENDAR_MESSAGES.toBeforeFrom });
    else if (span + 1 > CALENDAR_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: CALENDAR_MESSAGES.rangeTooLong });
  });
export type CalendarTasksQuery = z.infer<typeof calendarTasksQuerySchema>;

/** One task on the calendar: what a chip shows and what the drawer and a move need. */
export const calendarTaskSchema = z.object({
  taskId: z.uuid(),
  /** The board key, `WEB-12`. */
  key: z.string(),
  title: z.string(),
  projectId: z.uuid(),
  projectName: z.string(),
  /** Set on a subtask. */
  parentTaskId: z.uuid().nullable(),
  statusName: z.string().nullable(),
  statusColor: z.string().nullable(),
  /** Its status is Completed or Cancelled. */
  isDone: z.boolean(),
  priorityName: z.string().nullable(),
  startDate: z.string().nullable(),
  dueDate: z.string(),
  /** Past its due date and not done (the database's calendar, UTC). */
  isOverdue: z.boolean(),
  /** The assignees' names, "First Last", in name order. */
  assigneeNames: z.array(z.string()),
  /** Issue 26: its labels by name, as every task read carries them. */
  labels: z.array(taskLabelSchema),
});
export type CalendarTask = z.infer<typeof calendarTaskSchema>;

export const calendarTasksSchema = z.object({
  from: z.string(),
  to: z.string(),
  projectId: z.uuid().nullable(),
  /** Issue 26: the label filter asked for (empty: none). */
  labelIds: z.array(z.uuid()),
  /** Ordered by due date, then key. */
  items: z.array(calendarTaskSchema),
  /** More than CALENDAR_TASKS_CAP tasks fall in the range: the first ones are answered. */
  truncated: z.boolean(),
});
export type CalendarTasks = z.infer<typeof calendarTasksSchema>;

/** GET /api/Calendar/feed: whether the reader has a feed link, and since when. */
export const calendarFeedSchema = z.object({
  active: z.boolean(),
  createdAt: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** POST /api/Calendar/feed: the new link, answered this once (only its hash is kept). */
export const calendarFeedCreatedSchema = z.object({
  active: z.literal(true),
  createdAt: z.string(),
  url: z.string(),
});
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreatedSchema>;

/** The feed's path parameter: `<token>.ics`, the token 32 random bytes in base64url. */
export const CALENDAR_FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

/** The calendar's texts (MESSAGES' companion, kept out of the sign-in route's bundle). */
export const CALENDAR_MESSAGES = {
  toBeforeFrom: 'The end of the range cannot be before its start',
  rangeTooLong: `Ask for at most ${CALENDAR_MAX_DAYS} days at a time`,
  fetchFailed: 'Failed to load the calendar',
  truncated: `Only the first ${CALENDAR_TASKS_CAP} tasks of this range are shown`,
  movedTo: (task: string, day: string) => `Moved ${task} to ${day}`,
  movedBack: (task: string, day: string) => `Moved ${task} back to ${day}`,
  undo: 'Undo',
  moveFailed: 'Failed to move the task',
  feedCreated: 'Calendar link created',
  feedReset: 'Calendar link reset: the old link no longer works',
  feedDeleted: 'Calendar link turned off',
  feedFailed: 'Failed to change the calendar link',
  feedLoadFailed: 'Failed to load your calendar link',
  copied: 'Link copied',
  copyFailed: 'Copy failed: select the link and copy it',
  feedCalendarName: 'Taskhive: my tasks',
} as const;
