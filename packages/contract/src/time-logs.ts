import { z } from 'zod';
import { text } from './text.ts';
import { PAGE_SIZE } from './constants.ts';
import { pageQuery, sortOrderSchema } from './envelope.ts';

/** The most a user may log on one day, and the bounds of one entry, in minutes. */
export const MINUTES_PER_DAY = 24 * 60;
export const MIN_ENTRY_MINUTES = 1;
/** Days the `/Timelogs/filtered` totals cover when no range is given. */
export const TIMELOG_TOTALS_DEFAULT_DAYS = 30;
/** Recent entries shown on the dashboard. */
export const DASHBOARD_RECENT_ENTRIES = 5;

const CLOCK = /^(\d{1,2}):([0-5]\d)$/;
const HOURS = /^(\d{1,2}(?:[.,]\d{1,2})?|[.,]\d{1,2})$/;
const UNITS = /^(?:(\d{1,2}(?:[.,]\d{1,2})?)\s*h(?:ours?|rs?)?)?\s*(?:(\d{1,4})\s*m(?:in(?:utes?|s)?)?)?$/i;

/** How a duration may be typed, as the forms hint it. */
export const DURATION_HINT = 'e.g. 1:30, 1.5, 1h 30m or 90m';

/**
 * A typed duration → minutes, or null when it is not one. The forms people know from other
 * trackers: a clock `1:30` / `01:30`, decimal hours `1.5` (or `1,5`; a bare `2` is two hours),
 * and units `1h 30m`, `1h30m`, `1.5h`, `90m`, `45 min`, `2 hrs`. Fractions round to the minute.
 */
export function parseDuration(value: string): number | null {
  const v = value.trim();
  const clock = CLOCK.exec(v);
  if (clock) return Number(clock[1]) * 60 + Number(clock[2]);
  const hours = (h: string) => Math.round(Number(h.replace(',', '.')) * 60);
  if (HOURS.test(v)) return hours(v);
  const units = UNITS.exec(v);
  if (units && (units[1] !== undefined || units[2] !== undefined))
    return (units[1] !== undefined ? hours(units[1]) : 0) + Number(units[2] ?? 0);
  return null;
}

/** Minutes → 'HH:MM' (1440 → '24:00'). */
export function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** Minutes → decimal hours with two places (90 → 1.5). */
export const toHours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

/** A duration of one entry, as `parseDuration` reads it, from 00:01 to 24:00, answered as minutes. */
export const durationSchema = text()
  .trim()
  .transform((v, ctx) => {
    const minutes = parseDuration(v);
    if (minutes === null) {
      ctx.addIssue({ code: 'custom', message: `Enter a duration, ${DURATION_HINT}` });
      return z.NEVER;
    }
    if (minutes < MIN_ENTRY_MINUTES || minutes > MINUTES_PER_DAY) {
      ctx.addIssue({ code: 'custom', message: 'Duration must be between 00:01 and 24:00' });
      return z.NEVER;
    }
    return minutes;
  });

/**
 * A calendar day 'YYYY-MM-DD'. A date-time is accepted too and read as the day it names in its
 * own offset (its first ten characters), so a client sends its local day either way.
 */
export const daySchema = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: 'A date (YYYY-MM-DD) is required' })
  .transform((v) => v.slice(0, 10));

/** `null`, '' or absent: no filter. */
const optionalUuid = z.preprocess(
  (v) => (v === '' || v === 'null' || v === null ? undefined : v),
  z.uuid().optional(),
);
const optionalDay = z.preprocess((v) => (v === '' || v === 'null' ? undefined : v), daySchema.optional());

/** One time log as the API answers it. */
export const timeLogSchema = z.object({
  timeLogId: z.uuid(),
  userId: z.uuid(),
  userName: z.string(),
  projectId: z.uuid(),
  projectName: z.string(),
  taskId: z.uuid().nullable(),
  taskTitle: z.string().nullable(),
  /** The day worked, 'YYYY-MM-DD'. */
  loggedAt: z.string(),
  /** 'HH:MM'. */
  duration: z.string(),
  durationMinutes: z.number().int(),
  durationHours: z.number(),
  description: z.string().nullable(),
  billable: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Whether the caller may change or delete it. */
  canEdit: z.boolean(),
  canDelete: z.boolean(),
});
export type TimeLog = z.infer<typeof timeLogSchema>;

export const TIMELOG_SORT_FIELDS = ['loggedAt', 'duration', 'createdAt'] as const;
export type TimeLogSortField = (typeof TIMELOG_SORT_FIELDS)[number];

/** The filters shared by the list, the totals and the CSV export. */
export const timeLogFiltersSchema = z.object({
  userId: optionalUuid,
  projectId: optionalUuid,
  taskId: optionalUuid,
  /** Entries on projects this user is a member of. */
  memberUserId: optionalUuid,
  search: text().trim().max(200).optional(),
  loggedAtFrom: optionalDay,
  loggedAtTo: optionalDay,
  /** Only entries at least this long: minutes, or a duration as `parseDuration` reads it. */
  durationFrom: z.preprocess(
    (v) => (v === '' || v === 'null' ? undefined : v),
    text()
      .trim()
      .transform((v, ctx) => {
        const minutes = /^\d+$/.test(v) ? Number(v) : parseDuration(v);
        if (minutes === null || minutes > MINUTES_PER_DAY) {
          ctx.addIssue({ code: 'custom', message: `Enter minutes or a duration, ${DURATION_HINT}` });
          return z.NEVER;
        }
        return minutes;
      })
      .optional(),
  ),
  sortBy: z.enum(TIMELOG_SORT_FIELDS).default('loggedAt'),
  sortOrder: sortOrderSchema.default('desc'),
});
export type TimeLogFilters = z.infer<typeof timeLogFiltersSchema>;

/** GET /Timelogs: pageNumber 1, pageSize 10, newest day first. */
export const timeLogListQuerySchema = pageQuery(PAGE_SIZE.timesheets).extend(timeLogFiltersSchema.shape);
export type TimeLogListQuery = z.infer<typeof timeLogListQuerySchema>;

export const createTimeLogBodySchema = z.object({
  taskId: z.uuid({ error: 'A task is required' }),
  loggedAt: daySchema,
  duration: durationSchema,
  description: text()
    .trim()
    .max(2000)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  billable: z.boolean().optional(),
  /** Log for someone else (needs timelog:update:all); yourself when absent. */
  userId: z.uuid().optional(),
});
export type CreateTimeLogBody = z.input<typeof createTimeLogBodySchema>;
export type CreateTimeLogInput = z.output<typeof createTimeLogBodySchema>;

export const updateTimeLogBodySchema = createTimeLogBodySchema.omit({ userId: true }).partial();
export type UpdateTimeLogBody = z.input<typeof updateTimeLogBodySchema>;
export type UpdateTimeLogInput = z.output<typeof updateTimeLogBodySchema>;

/** GET /Timelogs/filtered: totals per task over a range (the last 30 days by default). */
export const timeLogTotalsQuerySchema = timeLogFiltersSchema.omit({ sortBy: true, sortOrder: true });
export type TimeLogTotalsQuery = z.infer<typeof timeLogTotalsQuerySchema>;

export const timeLogTotalsSchema = z.object({
  from: z.string(),
  to: z.string(),
  totalMinutes: z.number().int(),
  totalHours: z.number(),
  entryCount: z.number().int(),
  items: z.array(
    z.object({
      taskId: z.uuid().nullable(),
      taskTitle: z.string().nullable(),
      projectId: z.uuid(),
      projectName: z.string(),
      entryCount: z.number().int(),
      totalMinutes: z.number().int(),
      totalHours: z.number(),
      billableMinutes: z.number().int(),
    }),
  ),
});
export type TimeLogTotals = z.infer<typeof timeLogTotalsSchema>;

export const timeLogExportQuerySchema = timeLogFiltersSchema;
export type TimeLogExportQuery = z.infer<typeof timeLogExportQuerySchema>;

/** The running timer of the signed-in user (one at most; it lives in the database). */
export const runningTimerSchema = z.object({
  timerId: z.uuid(),
  taskId: z.uuid(),
  taskTitle: z.string(),
  projectId: z.uuid(),
  projectName: z.string(),
  description: z.string().nullable(),
  billable: z.boolean(),
  startedAt: z.string(),
});
export type RunningTimer = z.infer<typeof runningTimerSchema>;

export const startTimerBodySchema = z.object({
  taskId: z.uuid({ error: 'A task is required' }),
  description: createTimeLogBodySchema.shape.description,
  billable: z.boolean().optional(),
});
export type StartTimerBody = z.input<typeof startTimerBodySchema>;

/** Stopping makes the entry: the day is the client's local day of the start (UTC day when absent). */
export const stopTimerBodySchema = z.object({
  loggedAt: daySchema.optional(),
  description: createTimeLogBodySchema.shape.description,
  billable: z.boolean().optional(),
});
export type StopTimerBody = z.input<typeof stopTimerBodySchema>;
