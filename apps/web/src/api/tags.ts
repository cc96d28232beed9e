import type { LiveMessage, LiveMessageType } from '@taskhive/contract';

/**
 * The web's cache tags, all of them, in one place (issue 22). `baseApi` declares these, so every
 * feature's `providesTags`/`invalidatesTags` is checked against this list, and `LIVE_KIND_TAGS`
 * says, for each kind of change the contract's event stream can send (`LiveMessageType`), which
 * of them it makes stale: a kind added to the contract without its tags here fails to compile.
 */
export const TAG_TYPES = [
  'Me',
  'UserProfile',
  'Company',
  'DashboardStats',
  'Employee',
  'Department',
  'CompanyRole',
  'TimeLog',
  'Timer',
  'Package',
  'Purchase',
  'Module',
  'CompanyModule',
  'Permission',
  'Role',
  'UserAccess',
  'Timeline',
  'ProjectComments',
  'Notification',
  'NotificationSettings',
  'FailedJob',
  'Task',
  'TaskList',
  'Project',
  'TaskStatus',
  'TaskPriority',
  'Todo',
  'TimesheetWeek',
  'TimesheetSettings',
  'Label',
  /** Issue 26: the company's custom fields and a project's enabled ones. */
  'CustomField',
  /** Issue 26: a place's saved views (`id`: the place, a project id or a page). */
  'SavedView',
] as const;
export type TagType = (typeof TAG_TYPES)[number];
/** A tag: a whole type, or one record (or list, by convention 'LIST') of it. */
export type Tag = TagType | { type: TagType; id: string };

/** Everything a stream keeps fresh: invalidated after a reconnect (what it may have missed). */
export const LIVE_TAGS: Tag[] = [
  'Task',
  'TaskList',
  'Project',
  'Timeline',
  'TimeLog',
  'Timer',
  'Notification',
  'TaskStatus',
  'Employee',
  'UserProfile',
  'CompanyRole',
  'Department',
  'Purchase',
  'CompanyModule',
  'Todo',
  'TimesheetWeek',
  'TimesheetSettings',
  'Label',
  'CustomField',
  'SavedView',
];

const projectOf = (m: LiveMessage): Tag[] => (m.projectId ? [{ type: 'Project', id: m.projectId }] : []);

/** For each kind of change the stream sends, the tags it makes stale. */
export const LIVE_KIND_TAGS: { readonly [K in LiveMessageType]: (m: LiveMessage) => Tag[] } = {
  // Every task list (board, list, mine, the parent's subtasks) that may hold it; its history.
  task: (m) => [
    'Task',
    { type: 'Timeline', id: m.id },
    ...(m.taskId ? [{ type: 'Timeline' as const, id: m.taskId }] : []),
    ...projectOf(m),
  ],
  tasklist: (m) => [
    ...(m.projectId ? [{ type: 'TaskList' as const, id: `PROJECT-${m.projectId}` }] : []),
    ...projectOf(m),
    ...(m.action === 'deleted' ? (['Task'] as const) : []),
  ],
  project: (m) => [
    { type: 'Project', id: 'LIST' },
    { type: 'Project', id: m.id },
    ...(m.action === 'deleted' ? (['Task', 'TaskList'] as const) : []),
  ],
  comment: (m) => (m.taskId ? [{ type: 'Timeline', id: m.taskId }] : projectOf(m)),
  timelog: (m) => (m.id === 'timer' ? ['Timer'] : [{ type: 'TimeLog', id: 'LIST' }]),
  notification: () => ['Notification'],
  // The reader's rights changed: what they see, and what they may do.
  session: () => [...LIVE_TAGS, 'Me'],
  // Statuses name every board column and card.
  taskstatus: () => ['TaskStatus', 'Task', 'Project'],
  employee: (m) => ['Employee', { type: 'UserProfile', id: m.id }, { type: 'UserAccess', id: m.id }],
  companyrole: () => ['CompanyRole', 'Role', 'UserAccess'],
  department: () => ['Department', 'Employee'],
  subscription: () => ['Purchase', 'CompanyModule'],
  // Sent to the to-do's owner only (their other tabs and devices).
  todo: () => ['Todo'],
  // A week's status (the person and their approvers) or the company's timesheet settings.
  timesheet: () => ['TimesheetWeek', 'TimesheetSettings'],
  // Issue 26: whether a task is blocked changed (its cards, rows and detail; the dependency lists
  // are tagged as tasks'). Not an own echo to skip: the write's answer filled no board.
  dependency: () => ['Task'],
  // Issue 26: a label's name or colour is drawn on every card and row that carries it.
  label: () => ['Label', 'Task'],
  // Issue 26: a field's name, options and order head list columns, cards and the drawer's editors;
  // a deleted field or option takes values off tasks.
  customfield: () => ['CustomField', 'Task'],
  // Issue 26: the Views menu of the view's project (a shared view), or of the owner's pages (a
  // personal one, heard by its owner alone: the message names no page).
  savedview: (m) => (m.projectId ? [{ type: 'SavedView', id: m.projectId }] : ['SavedView']),
};

/** The tags a change makes stale. */
export const tagsFor = (m: LiveMessage): Tag[] => LIVE_KIND_TAGS[m.type](m);
