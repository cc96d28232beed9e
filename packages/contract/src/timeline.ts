import { z } from 'zod';
import { labelIdsFilter, taskLabelSchema } from './labels.ts';

/**
 * The project timeline (issue 26, planning): a project's tasks as bars from start to due date,
 * grouped by task list, with the finish-to-start dependencies among them. Route:
 * `GET /api/Timeline?projectId=`. Moving and resizing a bar is the task update (`PUT /api/Tasks/{id}`
 * with `startDate`/`dueDate`).
 */

/** The most tasks one timeline read answers (`truncated` says when the project has more). */
export const TIMELINE_TASKS_CAP = 10_000;

/** Zoom levels of the chart: the width of a day in pixels differs, the data does not. */
export const TIMELINE_ZOOMS = ['week', 'month', 'quarter'] as const;
export type TimelineZoom = (typeof TIMELINE_ZOOMS)[number];

const TIMELINE_QUERY_FIELDS: readonly string[] = ['projectId', 'labelIds'];

/**
 * GET /api/Timeline: `projectId` required; `labelIds` (issue 26): only the tasks carrying any of
 * these labels, as the task lists filter; any other field answers 400 on that field.
 */
export const projectTimelineQuerySchema = z
  .looseObject({ projectId: z.uuid(), labelIds: labelIdsFilter })
  .superRefine((q, ctx) => {
    for (const key of Object.keys(q))
      if (!TIMELINE_QUERY_FIELDS.includes(key))
        ctx.addIssue({ code: 'custom', path: [key], message: `Unknown field: ${key}` });
  });
export type ProjectTimelineQuery = z.infer<typeof projectTimelineQuerySchema>;

/** One task on the timeline: what a bar and its row show, and what a move needs. */
export const timelineTaskSchema = z.object({
  taskId: z.uuid(),
  /** The board key, `WEB-12`. */
  key: z.string(),
  title: z.string(),
  taskListId: z.uuid(),
  /** Set on a subtask. */
  parentTaskId: z.uuid().nullable(),
  statusName: z.string().nullable(),
  statusColor: z.string().nullable(),
  /** Its status is Completed or Cancelled. */
  isDone: z.boolean(),
  startDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  /** The assignees' names, "First Last", in name order. */
  assigneeNames: z.array(z.string()),
  /** Issue 26: its labels by name, as every task read carries them. */
  labels: z.array(taskLabelSchema),
});
export type TimelineTask = z.infer<typeof timelineTaskSchema>;

/** A task list of the project, in the project's list order. */
export const timelineListSchema = z.object({ taskListId: z.uuid(), name: z.string() });
export type TimelineList = z.infer<typeof timelineListSchema>;

/** `blockerTaskId` blocks `blockedTaskId` (finish-to-start), both tasks of this timeline. */
export const timelineEdgeSchema = z.object({ blockerTaskId: z.uuid(), blockedTaskId: z.uuid() });
export type TimelineEdge = z.infer<typeof timelineEdgeSchema>;

export const projectTimelineSchema = z.object({
  projectId: z.uuid(),
  lists: z.array(timelineListSchema),
  /** Ordered by key number. */
  tasks: z.array(timelineTaskSchema),
  edges: z.array(timelineEdgeSchema),
  /**
   * More than TIMELINE_TASKS_CAP tasks (of those the filter keeps): the first ones by key are
   * answered. Edges name answered tasks only.
   */
  truncated: z.boolean(),
});
export type ProjectTimeline = z.infer<typeof projectTimelineSchema>;

/** The timeline's texts (MESSAGES' companion, kept out of the sign-in route's bundle). */
export const TIMELINE_MESSAGES = {
  title: 'Timeline',
  fetchFailed: 'Failed to load the timeline',
  empty: 'No tasks in this project yet',
  emptyFiltered: 'No tasks of this project carry these labels',
  /** A row's accessible name: the key, the title and (issue 26) its labels. */
  rowLabel: (key: string, title: string, labels: readonly string[]) =>
    `${key} ${title}${labels.length ? `, labels: ${labels.join(', ')}` : ''}`,
  truncated: `Only the first ${TIMELINE_TASKS_CAP} tasks are shown`,
  unscheduled: 'Unscheduled',
  noList: 'Other tasks',
  today: 'Today',
  zoom: 'Zoom',
  zoomLabels: { week: 'Week', month: 'Month', quarter: 'Quarter' } as Record<TimelineZoom, string>,
  scrollToToday: 'Today',
  taskColumn: 'Task',
  expand: (list: string) => `Expand ${list}`,
  collapse: (list: string) => `Collapse ${list}`,
  moved: (task: string, from: string, to: string) => `Moved ${task}: ${from} – ${to}`,
  movedBack: (task: string) => `Moved ${task} back`,
  undo: 'Undo',
  moveFailed: 'Failed to move the task',
  barLabel: (key: string, title: string, dates: string) => `${key} ${title}, ${dates}`,
  milestone: (day: string) => `milestone on ${day}`,
  span: (from: string, to: string) => `${from} to ${to}`,
  noDates: 'no dates',
  keyboardHelp:
    'Arrow keys move the focused bar by a day, Shift with arrow keys changes its end date, Enter opens the task.',
  chartLabel: (project: string) => `Timeline of ${project}`,
} as const;
