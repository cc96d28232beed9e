import { z } from 'zod';
import { text } from './text.ts';
import { daySchema, timeLogSchema } from './time-logs.ts';

/** Days a report covers when no range is given (ending today). */
export const REPORT_DEFAULT_DAYS = 30;
/** The longest range a report may cover. */
export const REPORT_MAX_DAYS = 366;
/**
 * How many projects and how many people the hours report lists at most (the most minutes first);
 * the rest are summed as "N more" (issue 28: a 1,000,000-task company has ~7,000 of them).
 */
export const HOURS_REPORT_TOP_ROWS = 50;

const optionalDay = z.preprocess((v) => (v === '' || v === 'null' ? undefined : v), daySchema.optional());
const optionalUuid = z.preprocess(
  (v) => (v === '' || v === 'null' || v === null ? undefined : v),
  z.uuid().optional(),
);

/** A report's range: `startDateTo` is its first day and `endDateTo` its last (the spec's names). */
export const reportRangeQuerySchema = z
  .object({ startDateTo: optionalDay, endDateTo: optionalDay })
  .refine((q) => !q.startDateTo || !q.endDateTo || q.startDateTo <= q.endDateTo, {
    message: 'The start must not be after the end',
    path: ['endDateTo'],
  });
export type ReportRangeQuery = z.infer<typeof reportRangeQuerySchema>;

export const userTasksByStatusParamsSchema = z.object({ userId: z.uuid() });

/** GET /taskreports/user-tasks-by-status/{userId}: the user's tasks per status, with hours logged. */
export const userTasksByStatusSchema = z.object({
  userId: z.uuid(),
  userName: z.string(),
  from: z.string(),
  to: z.string(),
  /** Tasks counted (the sum of the items' counts). */
  totalCount: z.number().int(),
  totalMinutes: z.number().int(),
  totalHours: z.number(),
  items: z.array(
    z.object({
      statusId: z.uuid().nullable(),
      statusName: z.string(),
      color: z.string().nullable(),
      taskCount: z.number().int(),
      minutesLogged: z.number().int(),
      hoursLogged: z.number(),
    }),
  ),
});
export type UserTasksByStatus = z.infer<typeof userTasksByStatusSchema>;

/**
 * GET /taskreports/company-hours: hours in a range by project, by user and by day. The projects
 * and the people are the top `HOURS_REPORT_TOP_ROWS` of each, with how many there are and the
 * minutes of the rest; the days are every day of the range.
 */
const hoursReportFields = {
  startDateTo: optionalDay,
  endDateTo: optionalDay,
  userId: optionalUuid,
  projectId: optionalUuid,
};
const rangeCheck = (q: { startDateTo?: string | undefined; endDateTo?: string | undefined }) =>
  !q.startDateTo || !q.endDateTo || q.startDateTo <= q.endDateTo;
const rangeError = { message: 'The start must not be after the end', path: ['endDateTo'] };
export const hoursReportQuerySchema = z.object(hoursReportFields).refine(rangeCheck, rangeError);
export type HoursReportQuery = z.infer<typeof hoursReportQuerySchema>;

/** What the hours CSV lists: every project (the default) or every person with time in the range. */
export const HOURS_CSV_BY = ['project', 'person'] as const;
export type HoursCsvBy = (typeof HOURS_CSV_BY)[number];

/**
 * GET /taskreports/company-hours/export.csv: the hours report's filters (the same validation) and
 * `by`; every row of that list, not the top `HOURS_REPORT_TOP_ROWS`, and a Total row.
 */
export const hoursCsvQuerySchema = z
  .object({
    ...hoursReportFields,
    by: z.enum(HOURS_CSV_BY, { error: `Must be one of: ${HOURS_CSV_BY.join(', ')}` }).default('project'),
  })
  .refine(rangeCheck, rangeError);
export type HoursCsvQuery = z.infer<typeof hoursCsvQuerySchema>;

const minutesAndHours = { minutes: z.number().int(), hours: z.number() };

export const hoursReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** 'company' when it covers everyone, 'team' for the caller and the departments they manage, 'user' for one user. */
  coverage: z.enum(['company', 'team', 'user']),
  /** Every minute of the range the report covers (not only the listed projects' or people's). */
  totalMinutes: z.number().int(),
  totalHours: z.number(),
  /**
   * Minutes in the range per project, with the project's whole estimate (issue 25's rule, as the
   * project overview counts it; null when none of its tasks has one). At most
   * `HOURS_REPORT_TOP_ROWS` projects: the most minutes first, then by name, then by id.
   */
  byProject: z.array(
    z.object({
      projectId: z.uuid(),
      projectName: z.string(),
      ...minutesAndHours,
      estimatedMinutes: z.number().int().nullable(),
    }),
  ),
  /** How many projects have time in the range (`byProject` lists the first of them). */
  projectCount: z.number().int(),
  /** The minutes of the projects `byProject` leaves out: its minutes plus these are `totalMinutes`. */
  otherProjectsMinutes: z.number().int(),
  otherProjectsHours: z.number(),
  /**
   * The people with time in the range, at most `HOURS_REPORT_TOP_ROWS`: the most minutes first,
   * then by name, then by id (the same rule as `byProject`).
   */
  byUser: z.array(z.object({ userId: z.uuid(), userName: z.string(), ...minutesAndHours })),
  /** How many people logged time in the range (`byUser` lists the first of them). */
  userCount: z.number().int(),
  /** The minutes of the people `byUser` leaves out: its minutes plus these are `totalMinutes`. */
  otherUsersMinutes: z.number().int(),
  otherUsersHours: z.number(),
  /** Every day of the range, zero included, oldest first. */
  byDay: z.array(z.object({ day: z.string(), ...minutesAndHours })),
});
export type HoursReport = z.infer<typeof hoursReportSchema>;

/** How many people the report people picker answers at most, and by default. */
export const REPORT_PEOPLE_LIMIT = { default: 20, max: 50 } as const;

/**
 * GET /taskreports/people: the people whose reports the caller may read (the report policy: the
 * company with report:read:all, else themself and the members of the departments they manage), not
 * deactivated, by name. `search` matches the start of the full name or of the last name, any case.
 */
export const reportPeopleQuerySchema = z.object({
  search: text().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(REPORT_PEOPLE_LIMIT.max).default(REPORT_PEOPLE_LIMIT.default),
});
export type ReportPeopleQuery = z.infer<typeof reportPeopleQuerySchema>;

export const reportPersonSchema = z.object({ userId: z.uuid(), userName: z.string() });
export type ReportPerson = z.infer<typeof reportPersonSchema>;

/** GET /dashboard/me: `today` is the client's local day, so weeks match its calendar. */
export const dashboardQuerySchema = z.object({ today: optionalDay });

const statusCount = z.object({
  statusId: z.uuid().nullable(),
  statusName: z.string(),
  color: z.string().nullable(),
  count: z.number().int(),
});

export const dashboardSchema = z.object({
  today: z.string(),
  weekStart: z.string(),
  /** Null when the caller may not read tasks. */
  tasks: z
    .object({
      openByStatus: z.array(statusCount),
      openCount: z.number().int(),
      dueThisWeek: z.number().int(),
      overdue: z.number().int(),
    })
    .nullable(),
  /** Null when the caller may not read time logs. */
  time: z
    .object({
      thisWeekMinutes: z.number().int(),
      lastWeekMinutes: z.number().int(),
      recent: z.array(timeLogSchema),
    })
    .nullable(),
  /** Null when the caller may not read projects. */
  projects: z
    .array(
      z.object({
        projectId: z.uuid(),
        name: z.string(),
        /** The project's figures as everywhere (the project list and page): its top-level tasks. */
        taskCount: z.number().int(),
        /** Mean progress of its top-level tasks, 0–100 (a task with subtasks: the share of them done). */
        progress: z.number().int(),
      }),
    )
    .nullable(),
  /** Company-wide figures, for a company admin (timelog:read:all or project:read:all). */
  company: z
    .object({
      activeProjects: z.number().int().nullable(),
      openTasks: z.number().int().nullable(),
      overdueTasks: z.number().int().nullable(),
      thisWeekMinutes: z.number().int().nullable(),
      lastWeekMinutes: z.number().int().nullable(),
      activeUsersThisWeek: z.number().int().nullable(),
    })
    .nullable(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** The team report's and the member report's texts (kept off the sign-in route: not in MESSAGES). */
export const TEAM_REPORT_MESSAGES = {
  noPermission: 'You do not have permission to view the team report.',
  exportFailed: 'Failed to export the report',
  tasksByDue:
    'Tasks grouped by due date. A task is in the period when it is assigned to the member and its dates overlap the period, or when they logged time on it in the period.',
} as const;

/** GET /taskreports/team: the range, and optionally one department's or one project's members. */
export const teamReportQuerySchema = z
  .object({
    startDateTo: optionalDay,
    endDateTo: optionalDay,
    departmentId: optionalUuid,
    projectId: optionalUuid,
  })
  .refine((q) => !q.startDateTo || !q.endDateTo || q.startDateTo <= q.endDateTo, {
    message: 'The start must not be after the end',
    path: ['endDateTo'],
  });
export type TeamReportQuery = z.infer<typeof teamReportQuerySchema>;

const teamStatusSchema = z.object({
  /** Null for the tasks without a status ("No status"). */
  statusId: z.uuid().nullable(),
  statusName: z.string(),
  color: z.string().nullable(),
  /** A built-in closed status: 'completed' (counted as done) or 'cancelled'; null otherwise. */
  builtIn: z.string().nullable(),
});

/**
 * A member's figures in the range, as the user report counts them (one definition): the tasks
 * per status (`byStatus`, in the order of `statuses`), how many are done (in the built-in
 * Completed status) and the minutes they logged.
 */
const memberFiguresSchema = z.object({
  taskCount: z.number().int(),
  doneCount: z.number().int(),
  minutes: z.number().int(),
  hours: z.number(),
  /**
   * The estimates of those tasks (issue 25's rule: a parent's only when none of its subtasks has
   * one; a task shared by several people counts whole for each), in minutes; 0 when none has one.
   */
  estimatedMinutes: z.number().int(),
});

export const teamReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** 'company' for report:read:all, 'team' for the departments the caller manages (and themself). */
  coverage: z.enum(['company', 'team']),
  /** The columns: the company's statuses in their order ("No status" last when a task has none). */
  statuses: z.array(teamStatusSchema),
  summary: z.object({ members: z.number().int(), ...memberFiguresSchema.shape }),
  members: z.array(
    z.object({
      userId: z.uuid(),
      userName: z.string(),
      departmentName: z.string().nullable(),
      byStatus: z.array(z.object({ statusId: z.uuid().nullable(), taskCount: z.number().int() })),
      ...memberFiguresSchema.shape,
    }),
  ),
});
export type TeamReport = z.infer<typeof teamReportSchema>;
export type TeamReportMember = TeamReport['members'][number];

/** GET /taskreports/member/{userId}: one member's tasks (by due date) and hours per day. */
export const memberReportSchema = z.object({
  userId: z.uuid(),
  userName: z.string(),
  from: z.string(),
  to: z.string(),
  ...memberFiguresSchema.shape,
  /** The same items as the user report's tasks by status. */
  byStatus: userTasksByStatusSchema.shape.items,
  /** The member's tasks in the range, by due date (none last), then title. */
  tasks: z.array(
    z.object({
      taskId: z.uuid(),
      title: z.string(),
      projectId: z.uuid(),
      projectName: z.string(),
      statusId: z.uuid().nullable(),
      statusName: z.string(),
      color: z.string().nullable(),
      dueDate: z.string().nullable(),
      minutesLogged: z.number().int(),
      hoursLogged: z.number(),
      /** Its estimate as the member's total counts it (null: none, or counted on its subtasks). */
      estimatedMinutes: z.number().int().nullable(),
    }),
  ),
  /** Every day of the range, zero included, oldest first. */
  byDay: z.array(z.object({ day: z.string(), minutes: z.number().int(), hours: z.number() })),
});
export type MemberReport = z.infer<typeof memberReportSchema>;
