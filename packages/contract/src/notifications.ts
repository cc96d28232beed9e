import { z } from 'zod';
import { pageQuery } from './envelope.ts';
import { PAGE_SIZE } from './constants.ts';
import { personSchema } from './projects.ts';

/**
 * What a notification says happened: you were assigned a task, mentioned in a comment, a task you
 * follow got a comment or a new status, someone else changed or deleted a time entry of yours, or
 * a task of yours is due tomorrow (a reminder: its actor is you).
 */
export const NOTIFICATION_KINDS = [
  'assigned',
  'mentioned',
  'commented',
  'status_changed',
  'timelog_changed',
  /** A task assigned to you is due tomorrow (the scheduler's daily round; `detail`: the due date). */
  'due_soon',
  /** A task you watch was edited: its title, description, priority, dates, list, assignees, files. */
  'task_edited',
  /** A task you watch got a new due date (`detail`: the date, or "No due date"). */
  'due_date_changed',
  /** Someone whose time you approve submitted a week (issue 25; `title`: "week of YYYY-MM-DD"). */
  'timesheet_submitted',
  /** Your week was approved, rejected or reopened (`title` says which, `detail`: the reason). */
  'timesheet_decided',
  /** Your past week is not submitted yet (the scheduler's reminder, once per week). */
  'timesheet_reminder',
  /** Issue 26: a task assigned to you has no open blocker left (`detail`: the blocker that was done). */
  'task_unblocked',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The kinds whose email is on until the user switches it off; every kind shows in the app. */
export const EMAIL_BY_DEFAULT: readonly NotificationKind[] = ['assigned', 'mentioned', 'timesheet_reminder'];

/** A kind's switches for someone who never changed them. */
export const notificationDefaults = (kind: NotificationKind) => ({
  inApp: true,
  email: EMAIL_BY_DEFAULT.includes(kind),
});

export const notificationSchema = z.object({
  notificationId: z.uuid(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** Who did it. */
  actor: personSchema,
  /** The task it is about (null for a mention in a project's comment). The row goes with its task. */
  taskId: z.uuid().nullable(),
  projectId: z.uuid().nullable(),
  /** The task's title (or the project's name) when it happened. */
  title: z.string(),
  /** A short detail captured when it happened: the new status, the comment's first words, ... */
  detail: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = pageQuery(PAGE_SIZE.notifications)
  .omit({ sortOrder: true, search: true })
  .extend({
    /** 'true': only the unread ones. */
    unread: z.enum(['true', 'false']).optional(),
  });
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

/** A page of the inbox, newest first, with the unread count of the whole inbox. */
export const notificationPageSchema = z.object({
  items: z.array(notificationSchema),
  totalCount: z.number().int(),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
  unreadCount: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const unreadCountSchema = z.object({ unreadCount: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const readAllResultSchema = z.object({ marked: z.number().int() });
export type ReadAllResult = z.infer<typeof readAllResultSchema>;

/** One kind's switches: shown in the app (the bell), sent by email. */
export const notificationKindSettingSchema = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  inApp: z.boolean(),
  email: z.boolean(),
});
export type NotificationKindSetting = z.infer<typeof notificationKindSettingSchema>;

export const notificationSettingsSchema = z.object({
  /** Email me when I am assigned a task (the `assigned` kind's email switch; kept for older clients). */
  emailOnAssigned: z.boolean(),
  /** Email me when someone mentions me in a comment (the `mentioned` kind's email switch). */
  emailOnMentioned: z.boolean(),
  /** Every kind's switches, in the order of NOTIFICATION_KINDS. */
  kinds: z.array(notificationKindSettingSchema),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** PUT body: any of the switches (wrap in `atLeastOneField`); a kind's missing switch is kept. */
export const updateNotificationSettingsBodySchema = z.object({
  emailOnAssigned: z.boolean().optional(),
  emailOnMentioned: z.boolean().optional(),
  kinds: z
    .array(
      z.object({
        kind: z.enum(NOTIFICATION_KINDS),
        inApp: z.boolean().optional(),
        email: z.boolean().optional(),
      }),
    )
    .min(1)
    .max(NOTIFICATION_KINDS.length)
    .optional(),
});
export type UpdateNotificationSettingsBody = z.infer<typeof updateNotificationSettingsBodySchema>;

/**
 * The notification texts (MESSAGES' companion). Kept out of MESSAGES, which the sign-in route
 * loads whole and has no room to grow (its bundle budget), so they reach only the signed-in app.
 */
export const NOTIFICATION_MESSAGES = {
  title: 'Notifications',
  fetchFailed: 'Failed to load notifications',
  empty: 'No notifications yet',
  markAllRead: 'Mark all read',
  markedAllRead: 'All notifications marked read',
  markedRead: 'Notification marked read',
  markReadFailed: 'Failed to mark the notification read',
  settingsTitle: 'Notifications',
  settingsHint: 'Choose what reaches you in the app and by email.',
  settingsKind: 'Notification',
  settingsInApp: 'In app',
  settingsEmail: 'Email',
  settingsUpdated: 'Notification Settings Saved Successfully',
  settingsFailed: 'Failed to save the notification settings',
  emailOnAssigned: 'Email me when I am assigned a task',
  emailOnMentioned: 'Email me when someone mentions me',
} as const;

/** Each kind as the settings table names it. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  assigned: 'Assigned to me',
  mentioned: 'Mentioned me',
  commented: 'Comment on a watched task',
  status_changed: 'Status of a watched task',
  task_edited: 'Edit of a watched task',
  due_date_changed: 'Due date of a watched task',
  timelog_changed: 'My time entry changed',
  due_soon: 'My task is due tomorrow',
  timesheet_submitted: 'A timesheet to approve',
  timesheet_decided: 'My timesheet approved, rejected or reopened',
  timesheet_reminder: 'My timesheet is not submitted',
  task_unblocked: 'My task is no longer blocked',
};
