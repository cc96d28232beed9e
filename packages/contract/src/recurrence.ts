import { z } from 'zod';
import { dateOnly } from './projects.ts';

/**
 * Recurring tasks (issue 26, planning). A task can repeat: a rule per series (daily, weekly on
 * chosen days, monthly on a day; every N days, weeks or months; never ending, until a date or for N
 * occurrences). The next occurrence is a copy of the latest one (with its subtasks), made by the
 * scheduler when the current one is completed (`on_complete`) or when its date arrives in the
 * rule's time zone (`on_date`). Routes: `GET/PUT/DELETE /api/TaskRecurrence/{taskId}`,
 * `POST /api/TaskRecurrence/{taskId}/apply-to-future`.
 */

export const RECURRENCE_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type RecurrenceFrequency = (typeof RECURRENCE_FREQUENCIES)[number];
export const RECURRENCE_ENDS = ['never', 'until', 'count'] as const;
export type RecurrenceEnds = (typeof RECURRENCE_ENDS)[number];
export const RECURRENCE_TRIGGERS = ['on_complete', 'on_date'] as const;
export type RecurrenceTrigger = (typeof RECURRENCE_TRIGGERS)[number];
/** ISO weekdays: 1 Monday ... 7 Sunday. */
export const ISO_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const WEEKDAY_SHORT = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
/** The largest "every N" and "for N times". */
export const RECURRENCE_MAX_INTERVAL = 99;
export const RECURRENCE_MAX_COUNT = 999;

/** The texts of recurring tasks (MESSAGES' companion, kept out of the sign-in route's bundle). */
export const RECURRENCE_MESSAGES = {
  weekdaysRequired: 'Choose at least one day of the week',
  weekdaysOnlyWeekly: 'Days of the week are for a weekly rule',
  monthDayRequired: 'Choose a day of the month',
  monthDayOnlyMonthly: 'A day of the month is for a monthly rule',
  untilRequired: 'Choose the last date',
  untilOnlyUntil: 'A last date is for a rule that ends on a date',
  countRequired: 'Choose how many times',
  countOnlyCount: 'A number of times is for a rule that ends after N times',
  untilBeforeStart: 'The last date cannot be before the first occurrence',
  notASeries: 'This task does not repeat',
  subtask: 'A subtask repeats with its parent task',
  fieldsRequired: 'Choose at least one field',
  saved: 'Repeat saved',
  removed: 'Repeat removed',
  detached: 'This occurrence no longer repeats with the series',
  appliedToFuture: 'Applied to the future occurrences',
  saveFailed: 'Failed to save the repeat',
  loadFailed: 'Failed to load the repeat',
  createdFromSeries: 'Created from the series',
  repeats: 'Repeats',
} as const;

const day = dateOnly;

/** A rule as written: PUT's body (with `apply`) and part of GET's answer. */
const ruleFields = {
  frequency: z.enum(RECURRENCE_FREQUENCIES),
  interval: z.number().int().min(1).max(RECURRENCE_MAX_INTERVAL),
  /** Weekly: the ISO weekdays (1 Monday ... 7 Sunday), at least one; null otherwise. */
  weekdays: z.array(z.number().int().min(1).max(7)).max(7).nullable(),
  /** Monthly: the day of the month (29-31 fall on the last day of a shorter month); null otherwise. */
  monthDay: z.number().int().min(1).max(31).nullable(),
  ends: z.enum(RECURRENCE_ENDS),
  untilDate: day.nullable(),
  /** How many occurrences in all, the first included. */
  count: z.number().int().min(1).max(RECURRENCE_MAX_COUNT).nullable(),
  trigger: z.enum(RECURRENCE_TRIGGERS),
};

type RuleShape = {
  frequency: RecurrenceFrequency;
  weekdays: number[] | null;
  monthDay: number | null;
  ends: RecurrenceEnds;
  untilDate: string | null;
  count: number | null;
};

/** Each field that belongs to another kind of rule, or is missing for this one, is named. */
function checkRule(r: RuleShape, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  const m = RECURRENCE_MESSAGES;
  if (r.frequency === 'weekly' && !r.weekdays?.length) issue('weekdays', m.weekdaysRequired);
  if (r.frequency !== 'weekly' && r.weekdays !== null) issue('weekdays', m.weekdaysOnlyWeekly);
  if (r.frequency === 'monthly' && r.monthDay === null) issue('monthDay', m.monthDayRequired);
  if (r.frequency !== 'monthly' && r.monthDay !== null) issue('monthDay', m.monthDayOnlyMonthly);
  if (r.ends === 'until' && r.untilDate === null) issue('untilDate', m.untilRequired);
  if (r.ends !== 'until' && r.untilDate !== null) issue('untilDate', m.untilOnlyUntil);
  if (r.ends === 'count' && r.count === null) issue('count', m.countRequired);
  if (r.ends !== 'count' && r.count !== null) issue('count', m.countOnlyCount);
}

export const recurrenceRuleSchema = z.object(ruleFields);
export type RecurrenceRule = z.infer<typeof recurrenceRuleSchema>;

/**
 * PUT /api/TaskRecurrence/{taskId}: set or replace the rule. On a task of a series, `apply`
 * `series` (the default) changes the rule for the next occurrences; `this` takes this task out of
 * its series and gives it a series of its own.
 */
export const setRecurrenceBodySchema = z
  .object({
    frequency: ruleFields.frequency,
    interval: ruleFields.interval.default(1),
    weekdays: ruleFields.weekdays.default(null),
    monthDay: ruleFields.monthDay.default(null),
    ends: ruleFields.ends.default('never'),
    untilDate: ruleFields.untilDate.default(null),
    count: ruleFields.count.default(null),
    trigger: ruleFields.trigger.default('on_complete'),
    apply: z.enum(['series', 'this']).default('series'),
  })
  .superRefine(checkRule);
export type SetRecurrenceBody = z.infer<typeof setRecurrenceBodySchema>;
export type SetRecurrenceInput = z.input<typeof setRecurrenceBodySchema>;

/** DELETE /api/TaskRecurrence/{taskId}?apply=: end the whole series (default), or take this task out of it. */
export const removeRecurrenceQuerySchema = z.object({ apply: z.enum(['series', 'this']).default('series') });

/** The task fields "all future occurrences" can take from this one. */
export const RECURRENCE_COPY_FIELDS = [
  'title',
  'description',
  'priority',
  'assignees',
  'estimate',
  'list',
] as const;
export type RecurrenceCopyField = (typeof RECURRENCE_COPY_FIELDS)[number];

/** POST /api/TaskRecurrence/{taskId}/apply-to-future: the series' later open occurrences take these fields. */
export const applyToFutureBodySchema = z.object({
  fields: z
    .array(z.enum(RECURRENCE_COPY_FIELDS))
    .min(1, RECURRENCE_MESSAGES.fieldsRequired)
    .max(RECURRENCE_COPY_FIELDS.length),
});
export type ApplyToFutureBody = z.infer<typeof applyToFutureBodySchema>;

export const taskRecurrenceParams = z.object({ taskId: z.uuid() });

/** GET /api/TaskRecurrence/{taskId}: the task's series, or null when it does not repeat. */
export const taskRecurrenceSchema = z.object({
  taskId: z.uuid(),
  series: z
    .object({
      ruleId: z.uuid(),
      ...ruleFields,
      /** The rule's time zone (its creator's): it decides the day. */
      timeZone: z.string(),
      /** The date of the next occurrence to create; null once the series has ended. */
      nextDate: day.nullable(),
      /** How many occurrences exist, the first included. */
      occurrencesCreated: z.number().int(),
      /** This task's own date in the series. */
      occurrenceDate: day,
      summary: z.string(),
    })
    .nullable(),
});
export type TaskRecurrence = z.infer<typeof taskRecurrenceSchema>;

function every(n: number, unit: string): string {
  return n === 1 ? `Every ${unit}` : `Every ${n} ${unit}s`;
}

const dayLabel = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * '2026-12-31' as 'Dec 31, 2026' in the reader's locale (a browser's; the server's own for the
 * API's `summary`), as every other date of the app: a calendar date, read in UTC.
 */
export function recurrenceDayLabel(isoDay: string): string {
  return dayLabel.format(new Date(`${isoDay}T00:00:00Z`));
}

/** A rule in words: "Every 2 weeks on Mon, Thu, until Dec 31, 2026". */
export function recurrenceSummary(r: {
  frequency: RecurrenceFrequency;
  interval: number;
  weekdays: readonly number[] | null;
  monthDay: number | null;
  ends: RecurrenceEnds;
  untilDate: string | null;
  count: number | null;
}): string {
  let text: string;
  if (r.frequency === 'daily') text = every(r.interval, 'day');
  else if (r.frequency === 'weekly') {
    const days = [...(r.weekdays ?? [])].sort((a, b) => a - b);
    const weekdaysOnly = days.length === 5 && days.every((d, i) => d === i + 1);
    const names = weekdaysOnly ? 'weekdays' : days.map((d) => WEEKDAY_SHORT[d - 1]).join(', ');
    text = `${every(r.interval, 'week')} on ${names}`;
  } else text = `${every(r.interval, 'month')} on day ${r.monthDay ?? 1}`;
  if (r.ends === 'until' && r.untilDate) text += `, until ${recurrenceDayLabel(r.untilDate)}`;
  if (r.ends === 'count' && r.count) text += `, ${r.count} ${r.count === 1 ? 'time' : 'times'}`;
  return text;
}
